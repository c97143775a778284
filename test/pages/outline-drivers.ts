// Two ways to drive the outline for the model test: PagesService directly, or the REST API over
// real HTTP. Both answer in the same plain shapes, so one scenario runner checks either.
import { DomainError } from '../../src/errors/domain-error';
import { TREE_LEVELS } from '../../src/outline/limits';
import type { Paging } from '../../src/pages/pages.service';
import type { TestBase } from '../support/e2e';
import type { Services } from './support';

export interface ListedPage { contentId: string; title: string; level: number; order: number }
export interface TreeNode { contentId: string; title: string; level: number; children: TreeNode[] }
/** A write's outcome: the page's level and path, or the error code it was refused with. */
export type Outcome = { level: number; path: string[] } | { refused: string };

export interface OutlineDriver {
  create(title: string): Promise<{ contentId: string; level: number; path: string[] }>;
  update(contentId: string, changes: { level?: number; title?: string }): Promise<Outcome>;
  /** null when deleted, else the error code. */
  delete(contentId: string): Promise<string | null>;
  list(paging?: Paging): Promise<{ pages: ListedPage[]; total: number }>;
  count(): Promise<number>;
  detail(contentId: string): Promise<{ level: number; path: string[] } | null>;
  /** The tree the service answers, levels below TREE_LEVELS. */
  tree(): Promise<TreeNode[]>;
}

async function outcome(write: Promise<{ level: number; path: string[] }>): Promise<Outcome> {
  try {
    const page = await write;
    return { level: page.level, path: page.path };
  } catch (error) {
    if (error instanceof DomainError) return { refused: error.code };
    throw error;
  }
}

export function serviceDriver(s: Services, baseId: string): OutlineDriver {
  return {
    create: (title) => s.addPage(baseId, { title }),
    update: (contentId, changes) => outcome(s.pages.update(baseId, contentId, changes)),
    async delete(contentId) {
      const result = await outcome(s.pages.delete(baseId, contentId).then(() => ({ level: 0, path: [] })));
      return 'refused' in result ? result.refused : null;
    },
    async list(paging = {}) {
      const { pages, total } = await s.list(baseId, paging);
      return { pages: pages.map((p) => ({ contentId: p.contentId, title: p.title, level: p.level, order: p.order })), total };
    },
    count: () => s.countPages(baseId),
    detail: async (contentId) => {
      const result = await outcome(s.pages.detail(baseId, contentId));
      return 'refused' in result ? null : result;
    },
    async tree() {
      const json = await s.treeService.treeJson(baseId, await s.outlineVersion(baseId));
      return fromJson(JSON.parse(json.toString()).tree);
    },
  };
}

function fromJson(nodes: any[]): TreeNode[] {
  return nodes.map((n) => ({ contentId: n.content_id, title: n.title, level: n.level, children: fromJson(n.children) }));
}

async function answer(res: { status: number; body: any }, ok: number): Promise<Outcome> {
  return res.status === ok ? { level: res.body.level, path: res.body.path } : { refused: res.body.error.code };
}

export function httpDriver(base: TestBase): OutlineDriver {
  return {
    create: async (title) => {
      const page = await base.createPage({ title });
      return { contentId: page.content_id, level: page.level, path: page.path };
    },
    update: async (contentId, changes) => answer(await base.call('patch', base.pagesPath(contentId), { body: changes }), 200),
    async delete(contentId) {
      const res = await base.call('delete', base.pagesPath(contentId));
      return res.status === 204 ? null : res.body.error.code;
    },
    async list(paging = {}) {
      const query = new URLSearchParams(Object.entries(paging).map(([k, v]): [string, string] => [k, String(v)])).toString();
      const { body } = await base.call('get', `${base.pagesPath()}${query ? `?${query}` : ''}`);
      return { pages: body.pages.map((p: any) => ({ contentId: p.content_id, title: p.title, level: p.level, order: p.order })), total: body.total };
    },
    count: async () => (await base.call('get', `/bases/${base.baseId}/info`)).body.total_pages,
    async detail(contentId) {
      const res = await base.call('get', base.pagesPath(contentId));
      return res.status === 200 ? { level: res.body.level, path: res.body.path } : null;
    },
    tree: async () => fromJson((await base.call('get', `/bases/${base.baseId}/tree`)).body.tree),
  };
}

export { TREE_LEVELS };
