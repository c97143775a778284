// The REST API v1 operations: path, method, schemas and a handler that parses, calls a use case
// and presents. The same table feeds Fastify and the OpenAPI document.
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as pages from '../app/pages.ts';
import type { Access } from '../app/authorize.ts';
import type { ContentType, Lang, Paging, View } from '../domain/types.ts';
import {
  presentBaseInfo, presentPage, presentPageJson, presentPageList, presentSearch, presentTreeJson,
} from '../presenters/api.ts';
import type { Store } from '../store/store.ts';
import * as schemas from './schemas.ts';

export const API_PREFIX = '/api/v1';

export interface OperationContext {
  store: Store;
  access: Access;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path below /api/v1 in Fastify syntax. */
  path: string;
  operationId: string;
  summary: string;
  write: boolean;
  params: object;
  querystring?: object;
  body?: object;
  success: { status: 200 | 201 | 204; description: string; schema?: object };
  /** Statuses of the errors this operation can answer besides the common ones. */
  errors: number[];
  handle(context: OperationContext): Promise<unknown>;
}

interface PageParams { base_id: string; content_id: string }
interface CreateBody { title: string; body: string; content_type: ContentType; content_lang: Lang }
interface UpdateBody {
  title?: string; body?: string; content_type?: ContentType; content_lang?: Lang; view?: View | null; level?: number;
}

const paging = (request: FastifyRequest) => request.query as Paging;
const contentIdOf = (request: FastifyRequest) => (request.params as PageParams).content_id;

export const operations: Operation[] = [
  {
    method: 'GET', path: '/bases/:base_id/info', operationId: 'getBaseInfo', summary: 'Knowledge-base summary',
    write: false, params: schemas.baseParams, errors: [],
    success: { status: 200, description: 'The knowledge base', schema: schemas.baseInfoSchema },
    handle: async ({ store, access }) => presentBaseInfo(await pages.getBaseInfo(store, access.base)),
  },
  {
    method: 'GET', path: '/bases/:base_id/pages', operationId: 'listPages', summary: 'Pages in display order',
    write: false, params: schemas.baseParams, querystring: schemas.listQuery, errors: [400],
    success: { status: 200, description: 'Live pages, order ascending', schema: schemas.pageListSchema },
    handle: async ({ store, access, request }) =>
      presentPageList(await pages.listPages(store, access.base.baseId, paging(request))),
  },
  {
    method: 'GET', path: '/bases/:base_id/pages/:content_id', operationId: 'getPage', summary: 'Page detail',
    write: false, params: schemas.pageParams, errors: [],
    success: { status: 200, description: 'The page', schema: schemas.pageSchema },
    handle: async ({ store, access, request, reply }) => {
      reply.type('application/json; charset=utf-8');
      return presentPageJson(await pages.getPage(store, access.base.baseId, contentIdOf(request)));
    },
  },
  {
    method: 'GET', path: '/bases/:base_id/search', operationId: 'searchPages', summary: 'Search pages',
    write: false, params: schemas.baseParams, querystring: schemas.searchQuery, errors: [400],
    success: { status: 200, description: 'Matching pages, title matches first, then newest', schema: schemas.searchResultSchema },
    handle: async ({ store, access, request }) => {
      const { q } = request.query as { q: string };
      return presentSearch(await pages.searchPages(store, access.base.baseId, q, paging(request)), q);
    },
  },
  {
    method: 'GET', path: '/bases/:base_id/tree', operationId: 'getTree', summary: 'Page tree of three levels',
    write: false, params: schemas.baseParams, errors: [],
    success: { status: 200, description: 'Pages of level 0, 1 and 2, nested', schema: schemas.treeSchema },
    handle: async ({ store, access, reply }) => {
      reply.type('application/json; charset=utf-8');
      return presentTreeJson(await pages.getTree(store, access.base.baseId));
    },
  },
  {
    method: 'POST', path: '/bases/:base_id/pages', operationId: 'createPage', summary: 'Create a page at the end, level 0',
    write: true, params: schemas.baseParams, body: schemas.createPageBody, errors: [400, 413, 415],
    success: { status: 201, description: 'The new page; Location names it', schema: schemas.pageSchema },
    handle: async ({ store, access, request, reply }) => {
      const body = request.body as CreateBody;
      const page = await pages.createPage(store, access.base.baseId, {
        title: body.title, body: body.body, type: body.content_type, lang: body.content_lang,
      });
      reply.code(201).header('Location', `${API_PREFIX}/bases/${page.baseId}/pages/${page.contentId}`);
      return presentPage(page);
    },
  },
  {
    method: 'PATCH', path: '/bases/:base_id/pages/:content_id', operationId: 'updatePage', summary: 'Change some fields of a page',
    write: true, params: schemas.pageParams, body: schemas.updatePageBody, errors: [400, 413, 415],
    success: { status: 200, description: 'The updated page', schema: schemas.pageSchema },
    handle: async ({ store, access, request }) => {
      const { content_type, content_lang, ...rest } = request.body as UpdateBody;
      const input: pages.PageUpdateInput = { ...rest };
      if (content_type !== undefined) input.type = content_type;
      if (content_lang !== undefined) input.lang = content_lang;
      return presentPage(await pages.updatePage(store, access.base.baseId, contentIdOf(request), input));
    },
  },
  {
    method: 'DELETE', path: '/bases/:base_id/pages/:content_id', operationId: 'deletePage', summary: 'Soft-delete a page',
    write: true, params: schemas.pageParams, errors: [],
    success: { status: 204, description: 'Deleted; its children moved up one level' },
    handle: async ({ store, access, request, reply }) => {
      await pages.deletePage(store, access.base.baseId, contentIdOf(request));
      reply.code(204);
      return null;
    },
  },
];
