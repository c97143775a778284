// PATCH level and the outline: descendants move with their page, paths follow the hierarchy
// (spec PATCH rules 4 and 8; decisions "The outline (order and level)", "Requests").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertError, call, createOutline, pagesPath, setupFor, type TestContext } from '../support/fixtures.ts';

async function outline(ctx: TestContext): Promise<{ id: string; level: number; order: number; title: string }[]> {
  const list = (await call(ctx, 'GET', pagesPath(ctx))).json();
  return list.pages.map((p: any) => ({ id: p.content_id, level: p.level, order: p.order, title: p.title }));
}

const levelsOf = async (ctx: TestContext) => (await outline(ctx)).map((p) => p.level);

function setLevel(ctx: TestContext, contentId: string, level: number) {
  return call(ctx, 'PATCH', pagesPath(ctx, contentId), { body: { level } });
}

async function pathOf(ctx: TestContext, contentId: string): Promise<string[]> {
  return (await call(ctx, 'GET', pagesPath(ctx, contentId))).json().path;
}

test('PATCH level deeper shifts each descendant by the same difference (self 0→1, children 1→2)', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 0, 1, 2, 1, 0]);
  const res = await setLevel(ctx, ids[1], 1);
  assert.equal(res.statusCode, 200);
  assert.deepEqual(await levelsOf(ctx), [0, 1, 2, 3, 2, 0]);
});

test('PATCH level shallower shifts each descendant by the same difference (self 2→0, children 3→1)', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 1, 2, 3, 4, 3, 1]);
  await setLevel(ctx, ids[2], 0);
  assert.deepEqual(await levelsOf(ctx), [0, 1, 0, 1, 2, 1, 1]);
});

test('PATCH level leaves pages after the subtree and before the page alone', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 1, 1, 2, 1, 0]);
  await setLevel(ctx, ids[2], 3);
  assert.deepEqual(await levelsOf(ctx), [0, 1, 3, 4, 1, 0]);
});

test('PATCH level never changes the display order', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 1, 0, 1]);
  await setLevel(ctx, ids[2], 2);
  const pages = await outline(ctx);
  assert.deepEqual(pages.map((p) => p.id), ids);
  assert.deepEqual(pages.map((p) => p.order), [0, 1, 2, 3]);
});

test('PATCH level to its current value moves nothing', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 1, 2]);
  assert.equal((await setLevel(ctx, ids[1], 1)).statusCode, 200);
  assert.deepEqual(await levelsOf(ctx), [0, 1, 2]);
});

test('PATCH level 100 is accepted', async (t) => {
  const ctx = await setupFor(t);
  const [id] = await createOutline(ctx, [0]);
  const res = await setLevel(ctx, id, 100);
  assert.equal(res.statusCode, 200);
  assert.equal(res.json().level, 100);
});

test('PATCH level that would push a descendant past 100 is 400 and changes nothing', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 99, 100]);
  const before = await outline(ctx);
  const res = await setLevel(ctx, ids[0], 1);
  assertError(res, 400, 'BAD_REQUEST');
  assert.match(res.json().error.message, /100/);
  assert.deepEqual(await outline(ctx), before);
});

test('PATCH level with other fields that is refused applies none of the other fields', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 100]);
  const res = await call(ctx, 'PATCH', pagesPath(ctx, ids[0]), { body: { level: 1, title: 'Renamed' } });
  assertError(res, 400, 'BAD_REQUEST');
  assert.equal((await call(ctx, 'GET', pagesPath(ctx, ids[0]))).json().title, 'P0');
});

test('PATCH level answers a path that reflects the new hierarchy', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 0]);
  const res = await setLevel(ctx, ids[1], 1);
  assert.deepEqual(res.json().path, ['P0', 'P1']);
  const back = await setLevel(ctx, ids[1], 0);
  assert.deepEqual(back.json().path, ['P1']);
});

test('PATCH level moves the paths of the descendants along', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 0, 1]);
  await setLevel(ctx, ids[1], 1);
  assert.deepEqual(await pathOf(ctx, ids[2]), ['P0', 'P1', 'P2']);
});

test('path lists the ancestors root first, then the page, and skips earlier siblings', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 1, 2, 1, 2]);
  assert.deepEqual(await pathOf(ctx, ids[4]), ['P0', 'P3', 'P4']);
});

test('path: the parent is the nearest earlier page with a lower level, even across a level gap', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 3, 1, 3]);
  assert.deepEqual(await pathOf(ctx, ids[1]), ['P0', 'P1']);
  assert.deepEqual(await pathOf(ctx, ids[3]), ['P0', 'P2', 'P3']);
});

test('path of a page with no lower-level page before it holds only its title', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [2, 1]);
  assert.deepEqual(await pathOf(ctx, ids[0]), ['P0']);
  assert.deepEqual(await pathOf(ctx, ids[1]), ['P1']);
});

test('path shows the current title of an ancestor after it is renamed', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 1]);
  await call(ctx, 'PATCH', pagesPath(ctx, ids[0]), { body: { title: 'Renamed root' } });
  assert.deepEqual(await pathOf(ctx, ids[1]), ['Renamed root', 'P1']);
});
