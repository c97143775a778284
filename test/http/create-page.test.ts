// POST /bases/{base_id}/pages (spec "POST /bases/{base_id}/pages"; decisions "Requests", "Responses").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertError, call, createOutline, createPage, pagesPath, setupFor } from '../support/fixtures.ts';

const detailFields = ['content_id', 'title', 'body', 'type', 'level', 'path', 'lang', 'view', 'created_at', 'updated_at'];
const timestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

test('POST answers 201 with a page detail carrying exactly the detail fields', async (t) => {
  const ctx = await setupFor(t);
  const res = await call(ctx, 'POST', pagesPath(ctx), { body: { title: 'Install' } });
  assert.equal(res.statusCode, 201);
  assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
  const page = res.json();
  assert.deepEqual(Object.keys(page).sort(), [...detailFields].sort());
  assert.equal(typeof page.content_id, 'string');
  assert.equal(typeof page.title, 'string');
  assert.equal(typeof page.body, 'string');
  assert.ok(Number.isInteger(page.level));
  assert.ok(Array.isArray(page.path));
});

test('POST sets a Location header /api/v1/bases/{base_id}/pages/{content_id} that names the new page', async (t) => {
  const ctx = await setupFor(t);
  const res = await call(ctx, 'POST', pagesPath(ctx), { body: { title: 'Install' } });
  const { content_id } = res.json();
  assert.equal(res.headers.location, `/api/v1/bases/${ctx.baseId}/pages/${content_id}`);
  const fetched = await ctx.app.inject({ method: 'GET', url: String(res.headers.location), headers: { authorization: `Bearer ${ctx.token}` } });
  assert.equal(fetched.statusCode, 200);
  assert.equal(fetched.json().title, 'Install');
});

test('POST defaults: body empty string, type M, lang ja, view null (inherits)', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'Defaults' });
  assert.equal(page.body, '');
  assert.equal(page.type, 'M');
  assert.equal(page.lang, 'ja');
  assert.equal(page.view, null);
});

test('POST takes content_type and content_lang and answers them as type and lang', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'Text', body: 'plain', content_type: 'T', content_lang: 'en' });
  assert.equal(page.type, 'T');
  assert.equal(page.lang, 'en');
  assert.equal(page.body, 'plain');
  assert.ok(!('content_type' in page) && !('content_lang' in page));
});

test('POST generates a content_id of 6 lowercase letters and digits, a new one per page', async (t) => {
  const ctx = await setupFor(t);
  const ids = new Set<string>();
  for (let i = 0; i < 20; i++) {
    const page = await createPage(ctx, { title: `Page ${i}` });
    assert.match(page.content_id, /^[a-z0-9]{6}$/);
    ids.add(page.content_id);
  }
  assert.equal(ids.size, 20);
});

test('POST sets created_at and updated_at to the same UTC timestamp with milliseconds', async (t) => {
  const ctx = await setupFor(t);
  const before = Date.now();
  const page = await createPage(ctx, { title: 'Stamped' });
  assert.match(page.created_at, timestamp);
  assert.match(page.updated_at, timestamp);
  assert.equal(page.updated_at, page.created_at);
  assert.ok(Date.parse(page.created_at) >= before - 1000, 'timestamp is the time of creation');
});

test('POST response path holds only the new page title', async (t) => {
  const ctx = await setupFor(t);
  await createOutline(ctx, [0, 1]);
  const page = await createPage(ctx, { title: 'Newest' });
  assert.deepEqual(page.path, ['Newest']);
});

test('POST appends the page at the end of the base with level 0, even after a deep page', async (t) => {
  const ctx = await setupFor(t);
  await createOutline(ctx, [0, 1, 2]);
  const page = await createPage(ctx, { title: 'Last' });
  assert.equal(page.level, 0);
  const list = (await call(ctx, 'GET', pagesPath(ctx))).json();
  assert.equal(list.pages.at(-1).content_id, page.content_id);
  assert.equal(list.pages.at(-1).order, 3);
  assert.equal(list.pages.at(-1).level, 0);
});

test('POST keeps the title exactly as sent, surrounding spaces included', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: '  Spaced  ' });
  assert.equal(page.title, '  Spaced  ');
});

test('POST allows two pages with the same title', async (t) => {
  const ctx = await setupFor(t);
  const a = await createPage(ctx, { title: 'Twin' });
  const b = await createPage(ctx, { title: 'Twin' });
  assert.notEqual(a.content_id, b.content_id);
});

test('POST accepts a title of 255 characters', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'a'.repeat(255) });
  assert.equal(page.title.length, 255);
});

test('POST counts title length in characters: 255 characters outside the BMP are accepted', async (t) => {
  const ctx = await setupFor(t);
  const title = '😀'.repeat(255);
  const page = await createPage(ctx, { title });
  assert.equal(page.title, title);
});

const badBodies: [string, unknown, string?][] = [
  ['title missing', { body: 'x' }, 'title'],
  ['title empty', { title: '' }, 'title'],
  ['title only spaces', { title: '   ' }, 'title'],
  ['title only tabs and newlines', { title: '\t\n' }, 'title'],
  ['title only ideographic spaces', { title: '\u3000\u3000' }, 'title'],
  ['title of 256 characters', { title: 'a'.repeat(256) }, 'title'],
  ['title a number', { title: 42 }, 'title'],
  ['title null', { title: null }, 'title'],
  ['body null', { title: 'x', body: null }, 'body'],
  ['body a number', { title: 'x', body: 1 }, 'body'],
  ['content_type lowercase m', { title: 'x', content_type: 'm' }, 'content_type'],
  ['content_type unknown', { title: 'x', content_type: 'X' }, 'content_type'],
  ['content_type null', { title: 'x', content_type: null }, 'content_type'],
  ['content_lang uppercase JA', { title: 'x', content_lang: 'JA' }, 'content_lang'],
  ['content_lang unknown', { title: 'x', content_lang: 'fr' }, 'content_lang'],
  ['content_lang null', { title: 'x', content_lang: null }, 'content_lang'],
  ['level (not a create field)', { title: 'x', level: 1 }, 'level'],
  ['view (not a create field)', { title: 'x', view: 'O' }, 'view'],
];

for (const [label, body, field] of badBodies) {
  test(`POST with ${label} is 400 BAD_REQUEST naming the field and creates nothing`, async (t) => {
    const ctx = await setupFor(t);
    const res = await call(ctx, 'POST', pagesPath(ctx), { body });
    assertError(res, 400, 'BAD_REQUEST');
    if (field) assert.match(res.json().error.message, new RegExp(field));
    assert.equal((await call(ctx, 'GET', pagesPath(ctx))).json().total, 0);
  });
}

test('POST with an unknown field is 400 naming that field', async (t) => {
  const ctx = await setupFor(t);
  const res = await call(ctx, 'POST', pagesPath(ctx), { body: { title: 'x', colour: 'red' } });
  assertError(res, 400, 'BAD_REQUEST');
  assert.match(res.json().error.message, /colour/);
});

test('POST with type is told to send content_type', async (t) => {
  const ctx = await setupFor(t);
  const res = await call(ctx, 'POST', pagesPath(ctx), { body: { title: 'x', type: 'T' } });
  assertError(res, 400, 'BAD_REQUEST');
  assert.match(res.json().error.message, /content_type/);
});

test('POST with lang is told to send content_lang', async (t) => {
  const ctx = await setupFor(t);
  const res = await call(ctx, 'POST', pagesPath(ctx), { body: { title: 'x', lang: 'en' } });
  assertError(res, 400, 'BAD_REQUEST');
  assert.match(res.json().error.message, /content_lang/);
});

test('concurrent POSTs keep order dense and unique', async (t) => {
  const ctx = await setupFor(t);
  const results = await Promise.all(
    Array.from({ length: 25 }, (_, i) => call(ctx, 'POST', pagesPath(ctx), { body: { title: `C${i}` } })),
  );
  assert.ok(results.every((r) => r.statusCode === 201));
  const list = (await call(ctx, 'GET', pagesPath(ctx))).json();
  assert.equal(list.total, 25);
  assert.deepEqual(list.pages.map((p: { order: number }) => p.order), [...Array(25).keys()]);
  assert.equal(new Set(list.pages.map((p: { content_id: string }) => p.content_id)).size, 25);
});
