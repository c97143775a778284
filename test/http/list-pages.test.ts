// GET /bases/{base_id}/pages (spec "GET /bases/{base_id}/pages", PageSummary; decisions "Lists").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertError, call, createOtherBase, createOutline, createPage, pagesPath, setupFor } from '../support/fixtures.ts';

const summaryFields = ['content_id', 'title', 'type', 'level', 'order', 'lang', 'updated_at'];

test('GET pages answers 200 with exactly { pages, total }', async (t) => {
  const ctx = await setupFor(t);
  await createOutline(ctx, [0]);
  const res = await call(ctx, 'GET', pagesPath(ctx));
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
  assert.deepEqual(Object.keys(res.json()).sort(), ['pages', 'total']);
});

test('GET pages items carry exactly the summary fields with their types', async (t) => {
  const ctx = await setupFor(t);
  const created = await createPage(ctx, { title: 'Summary', body: 'not listed', content_type: 'H', content_lang: 'en' });
  const [item] = (await call(ctx, 'GET', pagesPath(ctx))).json().pages;
  assert.deepEqual(Object.keys(item).sort(), [...summaryFields].sort());
  assert.deepEqual(item, {
    content_id: created.content_id,
    title: 'Summary',
    type: 'H',
    level: 0,
    order: 0,
    lang: 'en',
    updated_at: created.updated_at,
  });
});

test('GET pages of an empty base is an empty list with total 0', async (t) => {
  const ctx = await setupFor(t);
  assert.deepEqual((await call(ctx, 'GET', pagesPath(ctx))).json(), { pages: [], total: 0 });
});

test('GET pages lists pages in display order with dense order 0, 1, 2 … and their levels', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 1, 2, 0]);
  const { pages, total } = (await call(ctx, 'GET', pagesPath(ctx))).json();
  assert.equal(total, 4);
  assert.deepEqual(pages.map((p: any) => [p.content_id, p.order, p.level]), [
    [ids[0], 0, 0], [ids[1], 1, 1], [ids[2], 2, 2], [ids[3], 3, 0],
  ]);
});

test('GET pages lists only the pages of its own base', async (t) => {
  const ctx = await setupFor(t);
  const other = await createOtherBase(ctx);
  await createPage({ ...ctx, baseId: other.baseId, token: other.token }, { title: 'Elsewhere' });
  const mine = await createPage(ctx, { title: 'Mine' });
  const { pages, total } = (await call(ctx, 'GET', pagesPath(ctx))).json();
  assert.deepEqual(pages.map((p: any) => [p.content_id, p.order]), [[mine.content_id, 0]]);
  assert.equal(total, 1);
});

test('GET pages without limit and offset returns the whole list, more than 100 pages', async (t) => {
  const ctx = await setupFor(t);
  for (let i = 0; i < 105; i++) await createPage(ctx, { title: `Page ${i}` });
  const { pages, total } = (await call(ctx, 'GET', pagesPath(ctx))).json();
  assert.equal(total, 105);
  assert.equal(pages.length, 105);
});

test('GET pages with limit and offset returns that slice, order stays the display position, total the full count', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 0, 0, 0, 0]);
  const { pages, total } = (await call(ctx, 'GET', `${pagesPath(ctx)}?limit=2&offset=1`)).json();
  assert.equal(total, 5);
  assert.deepEqual(pages.map((p: any) => [p.content_id, p.order]), [[ids[1], 1], [ids[2], 2]]);
});

test('GET pages with only limit starts at the first page', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 0, 0]);
  const { pages, total } = (await call(ctx, 'GET', `${pagesPath(ctx)}?limit=1`)).json();
  assert.deepEqual(pages.map((p: any) => p.content_id), [ids[0]]);
  assert.equal(total, 3);
});

test('GET pages with only offset returns the rest of the list', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 0, 0]);
  const { pages } = (await call(ctx, 'GET', `${pagesPath(ctx)}?offset=1`)).json();
  assert.deepEqual(pages.map((p: any) => p.content_id), [ids[1], ids[2]]);
});

test('GET pages with offset past the end is an empty page list with the full total', async (t) => {
  const ctx = await setupFor(t);
  await createOutline(ctx, [0, 0]);
  assert.deepEqual((await call(ctx, 'GET', `${pagesPath(ctx)}?offset=10`)).json(), { pages: [], total: 2 });
});

test('GET pages accepts limit 1000 and limit 1, offset 0', async (t) => {
  const ctx = await setupFor(t);
  await createOutline(ctx, [0, 0]);
  assert.equal((await call(ctx, 'GET', `${pagesPath(ctx)}?limit=1000&offset=0`)).json().pages.length, 2);
  assert.equal((await call(ctx, 'GET', `${pagesPath(ctx)}?limit=1`)).json().pages.length, 1);
});

const badPaging = [
  'limit=0', 'limit=1001', 'limit=-1', 'limit=1.5', 'limit=abc', 'limit=', 'limit=true',
  'offset=-1', 'offset=1.5', 'offset=abc', 'offset=', 'limit=1&limit=2',
  // Not written in decimal digits: a lenient number parser would read these as 16, 10, 5, 0 and 1.
  'limit=0x10', 'limit=1e1', 'limit=%205', 'offset=%20', 'offset=0b1',
];

for (const query of badPaging) {
  test(`GET pages with ${query} is 400 BAD_REQUEST, never clamped`, async (t) => {
    const ctx = await setupFor(t);
    await createOutline(ctx, [0]);
    const res = await call(ctx, 'GET', `${pagesPath(ctx)}?${query}`);
    assertError(res, 400, 'BAD_REQUEST');
    assert.match(res.json().error.message, /limit|offset/);
  });
}
