// GET /bases/{base_id}/tree (spec "GET /bases/{base_id}/tree", Tree node; decisions "The outline").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createOtherBase, createOutline, createPage, pagesPath, setupFor, type TestContext } from '../support/fixtures.ts';

interface Node { content_id: string; title: string; level: number; children: Node[] }

async function tree(ctx: TestContext): Promise<Node[]> {
  const res = await call(ctx, 'GET', `/bases/${ctx.baseId}/tree`);
  assert.equal(res.statusCode, 200);
  return res.json().tree;
}

/** The tree as nested titles, e.g. ['P0', [['P1', []]]]. */
function shape(nodes: Node[]): unknown[] {
  return nodes.map((n) => [n.title, shape(n.children)]);
}

test('GET tree of an empty base is { tree: [] }', async (t) => {
  const ctx = await setupFor(t);
  const res = await call(ctx, 'GET', `/bases/${ctx.baseId}/tree`);
  assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
  assert.deepEqual(res.json(), { tree: [] });
});

test('tree nodes carry exactly content_id, title, level, children; children is [] when none', async (t) => {
  const ctx = await setupFor(t);
  const [id] = await createOutline(ctx, [0]);
  assert.deepEqual(await tree(ctx), [{ content_id: id, title: 'P0', level: 0, children: [] }]);
});

test('tree nests levels 0, 1 and 2', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 1, 2]);
  const nodes = await tree(ctx);
  assert.deepEqual(shape(nodes), [['P0', [['P1', [['P2', []]]]]]]);
  assert.equal(nodes[0].children[0].children[0].content_id, ids[2]);
  assert.equal(nodes[0].children[0].children[0].level, 2);
});

test('tree leaves out pages deeper than level 2, which stay in the list', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 1, 2, 3, 4]);
  assert.deepEqual(shape(await tree(ctx)), [['P0', [['P1', [['P2', []]]]]]]);
  const list = (await call(ctx, 'GET', pagesPath(ctx))).json();
  assert.deepEqual(list.pages.map((p: any) => p.content_id), ids);
});

test('tree keeps pages after a left-out deep page under their own parent', async (t) => {
  const ctx = await setupFor(t);
  await createOutline(ctx, [0, 1, 2, 3, 2, 1]);
  assert.deepEqual(shape(await tree(ctx)), [['P0', [['P1', [['P2', []], ['P4', []]]], ['P5', []]]]]);
});

test('tree: a page with no lower-level page before it is a root node', async (t) => {
  const ctx = await setupFor(t);
  await createOutline(ctx, [1, 2, 0, 1]);
  assert.deepEqual(shape(await tree(ctx)), [['P0', [['P1', []]]], ['P2', [['P3', []]]]]);
});

test('tree: a level-2 page right under a level-0 page is its child', async (t) => {
  const ctx = await setupFor(t);
  await createOutline(ctx, [0, 2]);
  assert.deepEqual(shape(await tree(ctx)), [['P0', [['P1', []]]]]);
});

test('tree roots and children keep display order', async (t) => {
  const ctx = await setupFor(t);
  await createOutline(ctx, [0, 1, 1, 1, 0, 0]);
  assert.deepEqual(shape(await tree(ctx)), [['P0', [['P1', []], ['P2', []], ['P3', []]]], ['P4', []], ['P5', []]]);
});

test('tree shows the children of a deleted page lifted into its place', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 1, 2, 0]);
  await call(ctx, 'DELETE', pagesPath(ctx, ids[0]));
  assert.deepEqual(shape(await tree(ctx)), [['P1', [['P2', []]]], ['P3', []]]);
});

test('tree shows only the pages of its own base', async (t) => {
  const ctx = await setupFor(t);
  const other = await createOtherBase(ctx);
  await createPage({ ...ctx, baseId: other.baseId, token: other.token }, { title: 'Elsewhere' });
  await createOutline(ctx, [0]);
  assert.deepEqual(shape(await tree(ctx)), [['P0', []]]);
});
