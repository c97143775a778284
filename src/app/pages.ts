// The page use cases shared by every door (REST API, web UI, MCP): load, apply the rules, store.
import { newContentId } from '../auth/tokens.ts';
import { badRequest, pageNotFound } from '../domain/errors.ts';
import { buildTree, type Tree } from '../domain/outline.ts';
import {
  TREE_LEVELS, type Base, type ContentType, type Lang, type PageDetail, type PageList, type Paging, type View,
} from '../domain/types.ts';
import { prepareContent, prepareTitle } from '../content/prepare.ts';
import { splitSearchTerms } from '../content/search-text.ts';
import type { PageChanges, Store, StoredPage, TreeRow } from '../store/store.ts';

export interface NewPageInput {
  title: string;
  body: string;
  type: ContentType;
  lang: Lang;
}

export interface PageUpdateInput {
  title?: string;
  body?: string;
  type?: ContentType;
  lang?: Lang;
  view?: View | null;
  level?: number;
}

export interface BaseInfo extends Base {
  totalPages: number;
}

const now = () => new Date().toISOString();

export async function getBaseInfo(store: Store, base: Base): Promise<BaseInfo> {
  return { ...base, totalPages: await store.countPages(base.baseId) };
}

export function listPages(store: Store, baseId: string, paging: Paging): Promise<PageList> {
  return store.listPages(baseId, paging);
}

export async function getPage(store: Store, baseId: string, contentId: string): Promise<PageDetail> {
  const page = await store.getPage(baseId, contentId);
  if (!page) throw pageNotFound();
  return page;
}

export function searchPages(store: Store, baseId: string, q: string, paging: Paging): Promise<PageList> {
  const terms = splitSearchTerms(q);
  if (terms.length === 0) throw badRequest('Send the search keywords in the q parameter, for example ?q=install.');
  return store.searchPages(baseId, terms, paging);
}

export async function getTree(store: Store, baseId: string): Promise<Tree<TreeRow>[]> {
  return buildTree(await store.treePages(baseId, TREE_LEVELS), TREE_LEVELS);
}

export function createPage(store: Store, baseId: string, input: NewPageInput): Promise<PageDetail> {
  const content = prepareContent(input.type, input.body);
  return store.createPage(
    baseId,
    { ...content, title: input.title, searchTitle: prepareTitle(input.title), type: input.type, lang: input.lang, now: now() },
    newContentId,
  );
}

/** The stored changes of a partial update; content is re-derived when body or type is sent. */
export function pageChanges(current: StoredPage, input: PageUpdateInput): PageChanges {
  const changes: PageChanges = { ...input };
  if (input.title !== undefined) changes.searchTitle = prepareTitle(input.title);
  if (input.body !== undefined || input.type !== undefined) {
    Object.assign(changes, prepareContent(input.type ?? current.type, input.body ?? current.body));
  }
  return changes;
}

export async function updatePage(
  store: Store, baseId: string, contentId: string, input: PageUpdateInput,
): Promise<PageDetail> {
  if (Object.keys(input).length === 0) throw badRequest('Send at least one field to change.');
  const page = await store.updatePage(baseId, contentId, (current) => pageChanges(current, input), now());
  if (!page) throw pageNotFound();
  return page;
}

export async function deletePage(store: Store, baseId: string, contentId: string): Promise<void> {
  if (!(await store.deletePage(baseId, contentId, now()))) throw pageNotFound();
}
