// The MCP tools: each is a REST operation on the token's own base, answering what that operation
// answers (the same services and mappers), with its arguments validated by the same DTOs.
import { Injectable, type Type } from '@nestjs/common';
import type { ToolAnnotations } from '@modelcontextprotocol/server';
import { toBaseInfoResponse } from '../bases/base.mapper';
import type { SchemaObject } from '../docs/json-schema-2020';
import type { GrantedAccess } from '../http/decorators/current-access';
import { CreatePageDto } from '../pages/dto/create-page.dto';
import { PagingQueryDto } from '../pages/dto/list-query.dto';
import { newPageInputOf, pageChangesOf } from '../pages/page-input';
import { toPageListResponse, toPageResponse } from '../pages/page.mapper';
import { PagesService } from '../pages/pages.service';
import { SearchQueryDto } from '../search/dto/search-query.dto';
import { toSearchResponse } from '../search/search.mapper';
import { SearchService } from '../search/search.service';
import { TreeService } from '../tree/tree.service';
import type { Scope } from '../vocabulary';
import { PageRefArguments, UpdatePageArguments } from './mcp-arguments';
import type { ToolSchemas } from './tool-schemas';

/** What a tool answers: the REST body, and its JSON text when the service already holds it. */
export interface ToolAnswer {
  body: object;
  text?: string;
}

export interface McpTool<Arguments = any> {
  name: string;
  title: string;
  description: string;
  /** The token scope the tool needs: a read token is offered no write tool. */
  scope: Scope;
  annotations: ToolAnnotations;
  /** The DTO its arguments must satisfy; none for a tool without arguments (REST takes no query there). */
  arguments?: Type<Arguments>;
  inputSchema(schemas: ToolSchemas): SchemaObject;
  outputSchema(schemas: ToolSchemas): SchemaObject;
  answer(access: GrantedAccess, input: Arguments): Promise<ToolAnswer>;
}

const reads: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const NO_ARGUMENTS: SchemaObject = { type: 'object', properties: {} };
const DELETED: SchemaObject = {
  type: 'object',
  properties: { content_id: { type: 'string', description: 'The deleted page' }, deleted: { const: true } },
  required: ['content_id', 'deleted'],
};

@Injectable()
export class McpTools {
  readonly all: readonly McpTool[];

  constructor(pages: PagesService, search: SearchService, trees: TreeService) {
    const contentId = (schemas: ToolSchemas) => ({ content_id: schemas.pathParameter('getPage', 'content_id') });
    const pageRef = (schemas: ToolSchemas) => ({ type: 'object', properties: contentId(schemas), required: ['content_id'], additionalProperties: false });
    this.all = [
      {
        name: 'get_base_info', title: 'Knowledge-base summary', scope: 'read', annotations: reads,
        description: "The knowledge base this connection is bound to: its id, description, visibility and number of pages.",
        inputSchema: () => NO_ARGUMENTS,
        outputSchema: (schemas) => schemas.result('BaseInfoResponse'),
        answer: async (access) => ({ body: toBaseInfoResponse(access.base) }),
      } satisfies McpTool,
      {
        name: 'list_pages', title: 'List pages', scope: 'read', annotations: reads, arguments: PagingQueryDto,
        description: 'Live pages in display order (content_id, title, type, level, order, lang, updated_at), a window of them with limit and offset; total counts them all.',
        inputSchema: (schemas) => schemas.query('listPages'),
        outputSchema: (schemas) => schemas.result('PageListResponse'),
        answer: async (access, query) => ({ body: toPageListResponse(await pages.list(access.baseId, query, access.base.outlineVersion)) }),
      } satisfies McpTool<PagingQueryDto>,
      {
        name: 'get_page', title: 'Read a page', scope: 'read', annotations: reads, arguments: PageRefArguments,
        description: 'A page with its body (Markdown for type M, sanitized HTML for H, text for T) and its path of titles from the root.',
        inputSchema: pageRef,
        outputSchema: (schemas) => schemas.result('PageResponse'),
        answer: async (access, { content_id }) => {
          const hints = { outlineVersion: access.base.outlineVersion, stamp: access.stamp };
          return { body: toPageResponse(await pages.detail(access.baseId, content_id, hints)) };
        },
      } satisfies McpTool<PageRefArguments>,
      {
        name: 'search_pages', title: 'Search pages', scope: 'read', annotations: reads, arguments: SearchQueryDto,
        description: 'Live pages holding every keyword of q in their title or body; title matches first, then the most recently updated.',
        inputSchema: (schemas) => schemas.query('searchPages'),
        outputSchema: (schemas) => schemas.result('SearchResponse'),
        answer: async (access, query) => ({ body: toSearchResponse(await search.find(access.baseId, query.q, query, access.base.livePages), query.q) }),
      } satisfies McpTool<SearchQueryDto>,
      {
        name: 'get_tree', title: 'Page tree', scope: 'read', annotations: reads,
        description: 'The pages of levels 0, 1 and 2, nested (content_id, title, level, children).',
        inputSchema: () => NO_ARGUMENTS,
        outputSchema: (schemas) => schemas.result('TreeResponse'),
        answer: async (access) => {
          const text = (await trees.treeJson(access.baseId, access.base.outlineVersion)).toString('utf8');
          return { body: JSON.parse(text) as object, text };
        },
      } satisfies McpTool,
      {
        name: 'create_page', title: 'Create a page', scope: 'write', arguments: CreatePageDto,
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
        description: 'Adds a page at the end of the base, at level 0 (change its level with update_page). content_type T, H or M (default M); content_lang ja or en (default ja).',
        inputSchema: (schemas) => schemas.body('CreatePageDto'),
        outputSchema: (schemas) => schemas.result('PageResponse'),
        answer: async (access, body) => ({ body: toPageResponse(await pages.create(access.baseId, newPageInputOf(body))) }),
      } satisfies McpTool<CreatePageDto>,
      {
        name: 'update_page', title: 'Change a page', scope: 'write', arguments: UpdatePageArguments,
        annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
        description: 'Changes the sent fields of a page (at least one): title, body, content_type, content_lang, view (null inherits the base\'s), level (its descendants move with it).',
        inputSchema: (schemas) => schemas.body('UpdatePageDto', contentId(schemas), ['content_id']),
        outputSchema: (schemas) => schemas.result('PageResponse'),
        answer: async (access, input) => ({ body: toPageResponse(await pages.update(access.baseId, input.content_id, pageChangesOf(input))) }),
      } satisfies McpTool<UpdatePageArguments>,
      {
        name: 'delete_page', title: 'Delete a page', scope: 'write', arguments: PageRefArguments,
        annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
        description: 'Moves a page to the trash (the web UI can restore it); its children move up one level. A deleted page is not found again.',
        inputSchema: pageRef,
        outputSchema: (schemas) => schemas.result(DELETED),
        answer: async (access, { content_id }) => {
          await pages.delete(access.baseId, content_id, access.userId);
          return { body: { content_id, deleted: true } };
        },
      } satisfies McpTool<PageRefArguments>,
    ];
  }
}
