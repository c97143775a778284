// The only code that shapes API JSON: domain names in, the contract's field names out.
import type { Tree } from '../domain/outline.ts';
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

interface TreeNodeJson {
  content_id: string;
  title: string;
  level: number;
  children: TreeNodeJson[];
}

function presentNode(node: Tree<TreeRow>): TreeNodeJson {
  return { content_id: node.contentId, title: node.title, level: node.level, children: node.children.map(presentNode) };
}

export function presentTree(tree: Tree<TreeRow>[]) {
  return { tree: tree.map(presentNode) };
}

export function presentError(code: string, message: string) {
  return { error: { code, message } };
}
