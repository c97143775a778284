// The paging and links of the reading pages, as plain functions: which window of a list a
// `?page=` asks for, the links around it, the no-JavaScript expand links of the tree.
import { wholeNumber } from '../forms';
import { kbPaths } from '../kb/kb-paths';

/** Nodes of the tree, hits of a search: 50 a page. */
export const PAGE_SIZE = 50;

export interface PageWindow {
  /** 1-based. */
  page: number;
  offset: number;
  limit: number;
}

/** The window `?page=` asks for (the first when absent or not a whole number). */
export function pageWindow(query: unknown): PageWindow {
  const page = typeof query === 'string' ? wholeNumber(query) ?? 1 : 1;
  return { page, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
}

export interface PagingLinks {
  page: number;
  pages: number;
  first?: string;
  previous?: string;
  next?: string;
  last?: string;
}

/** Links to the other windows of a list of `total` items; undefined when it fits on one. */
export function pagingLinks(total: number, page: number, href: (page: number) => string): PagingLinks | undefined {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages === 1 && page === 1) return undefined;
  return {
    page, pages,
    first: page > 1 ? href(1) : undefined,
    previous: page > 1 ? href(Math.min(page - 1, pages)) : undefined,
    next: page < pages ? href(page + 1) : undefined,
    last: page < pages ? href(pages) : undefined,
  };
}

/** A path with its query, leaving out empty values and page 1. */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === '' || (name === 'page' && value === 1)) continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** A content id as the path and `?open=` carry it: what PagesService makes, nothing else. */
export function contentIdParam(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined;
}

/** Where a form on a fragment sends the visitor back to: a page of this base, else its home. */
export function sameBaseNext(baseId: string, next: unknown): string {
  const home = kbPaths.home(baseId);
  if (typeof next !== 'string' || /[\u0000-\u001f\\]/.test(next)) return home;
  return next === home || next.startsWith(`${home}/`) || next.startsWith(`${home}?`) ? next : home;
}
