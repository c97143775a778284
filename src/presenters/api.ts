// The only code that shapes API JSON: domain names in, the contract's field names out.
import { walkTree } from '../domain/outline.ts';
import { TREE_LEVELS } from '../domain/types.ts';
import type { PageDetail, PageList, PageSummary } from '../domain/types.ts';
import type { BaseInfo } from '../app/read-pages.ts';
import type { TreeRow } from '../store/store.ts';

export function presentBaseInfo(info: BaseInfo) {
  return { base_id: info.baseId, description: info.description, view: info.view, total_pages: info.totalPages };
}

export function presentPage(page: PageDetail) {
  return {
    content_id: page.contentId,
    title: page.title,
    body: page.body,
    type: page.type,
    level: page.level,
    path: page.path,
    lang: page.lang,
    view: page.view,
    created_at: page.createdAt,
    updated_at: page.updatedAt,
  };
}

const pageJsonOf = new WeakMap<PageDetail, string>();

/**
 * A page's answer as JSON text. A store may hand out the same frozen page to many requests
 * (until the next write); its text is then written once and kept as long as the page is.
 */
export function presentPageJson(page: PageDetail): string {
  const kept = pageJsonOf.get(page);
  if (kept !== undefined) return kept;
  const json = JSON.stringify(presentPage(page));
  if (Object.isFrozen(page)) pageJsonOf.set(page, json);
  return json;
}

export function presentSummary(page: PageSummary) {
  return {
    content_id: page.contentId,
    title: page.title,
    type: page.type,
    level: page.level,
    order: page.order,
    lang: page.lang,
    updated_at: page.updatedAt,
  };
}

export function presentPageList(list: PageList) {
  return { pages: list.pages.map(presentSummary), total: list.total };
}

export function presentSearch(list: PageList, keywords: string) {
  return { ...presentPageList(list), keywords };
}

const treeJsonOf = new WeakMap<readonly TreeRow[], Buffer>();

/**
 * The tree answer as JSON bytes, written straight from the rows: at 100,000 pages the tree has
 * tens of thousands of nodes, and building objects to serialise them cost most of the request.
 * A frozen row list cannot change, so its bytes are kept as long as the list itself is.
 */
export function presentTreeJson(rows: readonly TreeRow[]): Buffer {
  const kept = treeJsonOf.get(rows);
  if (kept) return kept;
  const parts: string[] = ['{"tree":['];
  const needsComma: boolean[] = [false];
  walkTree(rows, TREE_LEVELS, {
    enter(row) {
      if (needsComma[needsComma.length - 1]) parts.push(',');
      needsComma[needsComma.length - 1] = true;
      parts.push(`{"content_id":${JSON.stringify(row.contentId)},"title":${JSON.stringify(row.title)},"level":${row.level},"children":[`);
      needsComma.push(false);
    },
    leave() {
      parts.push(']}');
      needsComma.pop();
    },
  });
  parts.push(']}');
  const json = Buffer.from(parts.join(''));
  if (Object.isFrozen(rows)) treeJsonOf.set(rows, json);
  return json;
}

export function presentError(code: string, message: string) {
  return { error: { code, message } };
}
