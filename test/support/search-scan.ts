// The reference for search tests: a plain scan of every live page's normalised text, ranked by
// the rules of decisions.md "Search". Pages are given in display order, all at level 0.
import type { ContentType, Lang, PageList, Paging } from '../../src/domain/types.ts';
import type { PageChanges } from '../../src/store/store.ts';

export interface ScanPage {
  contentId: string;
  title: string;
  searchTitle: string;
  searchBody: string;
  type: ContentType;
  lang: Lang;
  updatedAt: string;
}

export function scanSearch(live: readonly ScanPage[], terms: readonly string[], paging: Paging): PageList {
  const matches = live
    .map((page, order) => ({ page, order, inTitle: terms.some((t) => page.searchTitle.includes(t)) }))
    .filter(({ page }) => terms.every((t) => page.searchTitle.includes(t) || page.searchBody.includes(t)))
    .sort((a, b) => Number(b.inTitle) - Number(a.inTitle)
      || (a.page.updatedAt < b.page.updatedAt ? 1 : a.page.updatedAt > b.page.updatedAt ? -1 : 0)
      || a.order - b.order);
  const offset = paging.offset ?? 0;
  const end = paging.limit === undefined ? undefined : offset + paging.limit;
  return {
    total: matches.length,
    pages: matches.slice(offset, end).map(({ page, order }) => ({
      contentId: page.contentId, title: page.title, type: page.type, level: 0, order, lang: page.lang, updatedAt: page.updatedAt,
    })),
  };
}

/** The page as the reference holds it after an update made these changes at `now`. */
export function scanPageChanged<P extends ScanPage>(page: P, changes: PageChanges, now: string): P {
  return {
    ...page,
    title: changes.title ?? page.title,
    searchTitle: changes.searchTitle ?? page.searchTitle,
    searchBody: changes.searchBody ?? page.searchBody,
    updatedAt: now,
  };
}
