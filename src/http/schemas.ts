// JSON schemas of the REST API v1. They validate requests, shape responses, and are the source
// of the published OpenAPI document, so the three cannot drift apart.
import { MAX_LEVEL, MAX_TITLE_LENGTH, TREE_LEVELS, contentTypes, langs, views } from '../domain/types.ts';

const timestamp = { type: 'string', format: 'date-time', description: 'UTC, ISO 8601 with milliseconds' } as const;
const contentId = { type: 'string', description: 'Page identifier: 6 lowercase letters and digits' } as const;
const type = { type: 'string', enum: [...contentTypes], description: 'T = text, H = HTML, M = Markdown' } as const;
const lang = { type: 'string', enum: [...langs] } as const;
const view = {
  type: ['string', 'null'],
  enum: [...views, null],
  description: 'Per-page visibility O = public, L = members only, I = logged-in users; null inherits from the knowledge base',
} as const;
const title = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_TITLE_LENGTH,
  pattern: '\\S',
  description: `At least one non-whitespace character, at most ${MAX_TITLE_LENGTH} characters`,
} as const;
const level = { type: 'integer', minimum: 0, maximum: MAX_LEVEL, description: 'Tree depth, 0 = root' } as const;

export const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'Stable error code, for example BAD_REQUEST' },
        message: { type: 'string', description: 'What went wrong and what to fix, in plain words' },
      },
    },
  },
} as const;

export const baseInfoSchema = {
  type: 'object',
  required: ['base_id', 'description', 'view', 'total_pages'],
  properties: {
    base_id: { type: 'string' },
    description: { type: 'string' },
    view: { type: 'string', enum: [...views] },
    total_pages: { type: 'integer', description: 'Number of live pages' },
  },
} as const;

export const pageSchema = {
  type: 'object',
  required: ['content_id', 'title', 'body', 'type', 'level', 'path', 'lang', 'view', 'created_at', 'updated_at'],
  properties: {
    content_id: contentId,
    title: { type: 'string' },
    body: { type: 'string', description: 'Markdown source for M; sanitized HTML for H; text for T' },
    type,
    level: { type: 'integer' },
    path: { type: 'array', items: { type: 'string' }, description: 'Titles from the root down to this page, its own last' },
    lang,
    view,
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

export const pageSummarySchema = {
  type: 'object',
  required: ['content_id', 'title', 'type', 'level', 'order', 'lang', 'updated_at'],
  properties: {
    content_id: contentId,
    title: { type: 'string' },
    type,
    level: { type: 'integer' },
    order: { type: 'integer', description: 'Display position in the knowledge base, 0 first, without gaps' },
    lang,
    updated_at: timestamp,
  },
} as const;

export const pageListSchema = {
  type: 'object',
  required: ['pages', 'total'],
  properties: {
    pages: { type: 'array', items: pageSummarySchema },
    total: { type: 'integer', description: 'Number of all matching pages, whatever limit and offset' },
  },
} as const;

export const searchResultSchema = {
  type: 'object',
  required: ['pages', 'total', 'keywords'],
  properties: { ...pageListSchema.properties, keywords: { type: 'string', description: 'The q parameter as sent' } },
} as const;

/** Tree nodes nest at most TREE_LEVELS deep, so the schema is written out rather than recursive. */
function treeNodeSchema(depth: number): object {
  return {
    type: 'object',
    required: ['content_id', 'title', 'level', 'children'],
    properties: {
      content_id: contentId,
      title: { type: 'string' },
      level: { type: 'integer' },
      children: depth > 1 ? { type: 'array', items: treeNodeSchema(depth - 1) } : { type: 'array', maxItems: 0 },
    },
  };
}

export const treeSchema = {
  type: 'object',
  required: ['tree'],
  properties: { tree: { type: 'array', items: treeNodeSchema(TREE_LEVELS) } },
} as const;

export const createPageBody = {
  type: 'object',
  additionalProperties: false,
  required: ['title'],
  properties: {
    title,
    body: { type: 'string', default: '' },
    content_type: { ...type, default: 'M' },
    content_lang: { ...lang, default: 'ja' },
  },
} as const;

export const updatePageBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    title,
    body: { type: 'string' },
    content_type: type,
    content_lang: lang,
    view,
    level: { ...level, description: `${level.description}; the page's descendants move by the same difference` },
  },
} as const;

export const pagingQuery = {
  limit: { type: 'integer', minimum: 1, maximum: 1000, description: 'Largest number of pages to return (1-1000); all when absent' },
  offset: { type: 'integer', minimum: 0, description: 'Number of pages to skip; 0 when absent' },
} as const;

export const baseParams = {
  type: 'object',
  required: ['base_id'],
  properties: { base_id: { type: 'string', description: 'Knowledge-base identifier' } },
} as const;

export const pageParams = {
  type: 'object',
  required: ['base_id', 'content_id'],
  properties: { ...baseParams.properties, content_id: contentId },
} as const;

export const listQuery = { type: 'object', properties: pagingQuery } as const;

export const searchQuery = {
  type: 'object',
  required: ['q'],
  properties: {
    q: { type: 'string', description: 'Keywords separated by spaces; a page matches when it contains every one' },
    ...pagingQuery,
  },
} as const;
