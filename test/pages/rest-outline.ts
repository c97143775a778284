// What the REST API answers about a base's outline, checked to be one consistent outline: the list
// dense (orders 0..n-1, each page once, total as counted), info's total_pages the same, every
// detail's level and path those the list gives by the outline rules, and the tree built from the
// list. For tests that change the outline some other way (moves, restores) and then read it back
// through the real HTTP API, whose reads must all see the change at once.
import type request from 'supertest';
import { TREE_LEVELS } from '../../src/outline/limits';
import { ancestorIndexes, buildTree } from '../../src/outline/outline';
import type { TestBase } from '../support/e2e';

export interface RestPage {
  content_id: string;
  title: string;
  level: number;
  order: number;
}

/** Where a request goes: the harness's server or the URL of another process (supertest's first argument). */
export type Target = Parameters<typeof request>[0];

/** A list read must show one committed outline: orders 0..n-1, each page once, `total` its length. */
export function expectDenseList(body: { pages: { order: number; content_id: string }[]; total: number }): void {
  expect(body.pages.map((p) => p.order)).toEqual([...body.pages.keys()]);
  expect(body.total).toBe(body.pages.length);
  expect(new Set(body.pages.map((p) => p.content_id)).size).toBe(body.pages.length);
}

/**
 * Reads the base's outline over REST and checks it is consistent (above); answers the list's pages.
 * `expected`, when given: the pages as "title:level", in display order.
 */
export async function expectRestOutline(base: TestBase, expected?: string[]): Promise<RestPage[]> {
  const list = await base.call('get', base.pagesPath());
  expect(list.status).toBe(200);
  expectDenseList(list.body);
  const pages: RestPage[] = list.body.pages;
  if (expected) expect(pages.map((p) => `${p.title}:${p.level}`)).toEqual(expected);
  expect((await base.call('get', `/bases/${base.baseId}/info`)).body.total_pages).toBe(pages.length);
  const details = await Promise.all(pages.map((p) => base.call('get', base.pagesPath(p.content_id))));
  const seen = details.map((res, i) => ({ id: pages[i].content_id, status: res.status, level: res.body.level, path: res.body.path }));
  const wanted = pages.map((p, i) => ({ id: p.content_id, status: 200, level: p.level, path: [...ancestorIndexes(pages, i).map((a) => pages[a].title), p.title] }));
  expect(seen).toEqual(wanted);
  const shape = (nodes: any[]): unknown[] => nodes.map((n) => [n.content_id, n.level, shape(n.children)]);
  const tree = await base.call('get', `/bases/${base.baseId}/tree`);
  expect(shape(tree.body.tree)).toEqual(shape(buildTree(pages, TREE_LEVELS)));
  return pages;
}

/** The content ids of the pages a REST search for `q` finds. */
export async function searchIds(base: TestBase, q: string): Promise<string[]> {
  const res = await base.call('get', `/bases/${base.baseId}/search?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return res.body.pages.map((p: { content_id: string }) => p.content_id);
}
