// DELETE /bases/{base_id}/pages/{content_id}: soft delete, descendants lifted, order compacted
// (spec "DELETE …", "States and transitions"; decisions "The outline").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertError, call, createOutline, createPage, pagesPath, setupFor, type TestContext } from '../support/fixtures.ts';

async function outline(ctx: TestContext): Promise<{ id: string; level: number; order: number }[]> {
  const list = (await call(ctx, 'GET', pagesPath(ctx))).json();
  return list.pages.map((p: any) => ({ id: p.content_id, level: p.level, order: p.order }));
}

const remove = (ctx: TestContext, contentId: string) => call(ctx, 'DELETE', pagesPath(ctx, contentId));

test('DELETE answers 204 with an empty body', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'Doomed' });
  const res = await remove(ctx, page.content_id);
  assert.equal(res.statusCode, 204);
  assert.equal(res.body, '');
});

test('DELETE lifts each descendant one level and compacts order', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 1, 2, 1, 0]);
  await remove(ctx, ids[0]);
  assert.deepEqual(await outline(ctx), [
    { id: ids[1], level: 0, order: 0 },
    { id: ids[2], level: 1, order: 1 },
    { id: ids[3], level: 0, order: 2 },
    { id: ids[4], level: 0, order: 3 },
  ]);
});

test('DELETE of a middle page: its first child takes its slot, pages outside the subtree keep their level', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 1, 2, 3, 1, 2]);
  await remove(ctx, ids[1]);
  assert.deepEqual(await outline(ctx), [
    { id: ids[0], level: 0, order: 0 },
    { id: ids[2], level: 1, order: 1 },
    { id: ids[3], level: 2, order: 2 },
    { id: ids[4], level: 1, order: 3 },
    { id: ids[5], level: 2, order: 4 },
  ]);
});

test('DELETE of the last page leaves the order of the others as it was', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 1, 0]);
  await remove(ctx, ids[2]);
  assert.deepEqual(await outline(ctx), [{ id: ids[0], level: 0, order: 0 }, { id: ids[1], level: 1, order: 1 }]);
});

test('DELETE gives a lifted descendant a path without the deleted page', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 1, 2]);
  await remove(ctx, ids[1]);
  const child = (await call(ctx, 'GET', pagesPath(ctx, ids[2]))).json();
  assert.equal(child.level, 1);
  assert.deepEqual(child.path, ['P0', 'P2']);
});

test('a soft-deleted page is 404 on GET detail', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'Gone' });
  await remove(ctx, page.content_id);
  assertError(await call(ctx, 'GET', pagesPath(ctx, page.content_id)), 404, 'NOT_FOUND');
});

test('a soft-deleted page is 404 on PATCH', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'Gone' });
  await remove(ctx, page.content_id);
  assertError(await call(ctx, 'PATCH', pagesPath(ctx, page.content_id), { body: { title: 'Back' } }), 404, 'NOT_FOUND');
});

test('DELETE twice: the second is 404', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'Gone' });
  assert.equal((await remove(ctx, page.content_id)).statusCode, 204);
  assertError(await remove(ctx, page.content_id), 404, 'NOT_FOUND');
});

test('DELETE of a page that never existed is 404, like a deleted one', async (t) => {
  const ctx = await setupFor(t);
  assertError(await remove(ctx, 'abc123'), 404, 'NOT_FOUND');
});

test('a soft-deleted page is absent from the list, and total counts only live pages', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 0, 0]);
  await remove(ctx, ids[1]);
  const list = (await call(ctx, 'GET', pagesPath(ctx))).json();
  assert.deepEqual(list.pages.map((p: any) => p.content_id), [ids[0], ids[2]]);
  assert.equal(list.total, 2);
});

test('a soft-deleted page is absent from search', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'Vanishing keyword' });
  await createPage(ctx, { title: 'Staying keyword' });
  await remove(ctx, page.content_id);
  const found = (await call(ctx, 'GET', `/bases/${ctx.baseId}/search?q=keyword`)).json();
  assert.deepEqual(found.pages.map((p: any) => p.title), ['Staying keyword']);
  assert.equal(found.total, 1);
});

test('a soft-deleted page is absent from the tree', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 0]);
  await remove(ctx, ids[0]);
  const { tree } = (await call(ctx, 'GET', `/bases/${ctx.baseId}/tree`)).json();
  assert.deepEqual(tree.map((n: any) => n.content_id), [ids[1]]);
});

test('a soft-deleted page is not counted in total_pages', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 0]);
  await remove(ctx, ids[0]);
  assert.equal((await call(ctx, 'GET', `/bases/${ctx.baseId}/info`)).json().total_pages, 1);
});

test('a page created after a delete is appended at the dense end of the order', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 0, 0]);
  await remove(ctx, ids[1]);
  const page = await createPage(ctx, { title: 'After' });
  const pages = await outline(ctx);
  assert.deepEqual(pages.map((p) => p.order), [0, 1, 2]);
  assert.equal(pages[2].id, page.content_id);
});

test('DELETE sent with Content-Type: application/json and no body succeeds', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'Doomed' });
  const res = await call(ctx, 'DELETE', `/bases/${ctx.baseId}/pages/${page.content_id}`, {
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(res.statusCode, 204);
});
