// The read use cases: knowledge-base info, list, detail, search and tree of live pages.
import { badRequest, pageNotFound } from '../domain/errors.ts';
import { TREE_LEVELS, type Base, type PageDetail, type PageList, type Paging } from '../domain/types.ts';
import { splitSearchTerms } from '../content/search-text.ts';
import type { Store, TreeRow } from '../store/store.ts';

export interface BaseInfo extends Base {
  totalPages: number;
}

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

/**
 * The pages the tree shows (levels 0 to TREE_LEVELS - 1), flat in display order; buildTree or
 * walkTree of domain/outline.ts nest them. A frozen list may be shared between calls.
 */
export function getTree(store: Store, baseId: string): Promise<readonly TreeRow[]> {
  return store.treePages(baseId, TREE_LEVELS);
}
