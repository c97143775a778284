// PATCH /bases/{base_id}/pages/{content_id}: fields (spec "PATCH …"; decisions "Requests").
// Level changes and paths are in update-level.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertError, call, controlClock, createOtherBase, createOutline, createPage, pagesPath, setupFor, type TestContext,
} from '../support/fixtures.ts';

const detailFields = ['content_id', 'title', 'body', 'type', 'level', 'path', 'lang', 'view', 'created_at', 'updated_at'];

async function original(ctx: TestContext) {
  return createPage(ctx, { title: 'Original', body: 'first body', content_type: 'T', content_lang: 'en' });
}

function patch(ctx: TestContext, contentId: string, body: unknown) {
  return call(ctx, 'PATCH', pagesPath(ctx, contentId), { body });
}

async function detail(ctx: TestContext, contentId: string) {
  return (await call(ctx, 'GET', pagesPath(ctx, contentId))).json();
}

test('PATCH answers 200 with the updated page detail', async (t) => {
  const ctx = await setupFor(t);
  const page = await original(ctx);
  const res = await patch(ctx, page.content_id, { title: 'Renamed' });
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
  const updated = res.json();
  assert.deepEqual(Object.keys(updated).sort(), [...detailFields].sort());
  assert.equal(updated.title, 'Renamed');
  assert.deepEqual(updated, await detail(ctx, page.content_id), 'the answer is what is stored');
});

const singleChanges: [string, Record<string, unknown>, string, unknown][] = [
  ['title', { title: 'New title' }, 'title', 'New title'],
  ['body', { body: 'new body' }, 'body', 'new body'],
  ['content_type', { content_type: 'M' }, 'type', 'M'],
  ['content_lang', { content_lang: 'ja' }, 'lang', 'ja'],
  ['view', { view: 'O' }, 'view', 'O'],
  ['level', { level: 2 }, 'level', 2],
];

for (const [field, body, responseField, value] of singleChanges) {
  test(`PATCH of ${field} alone changes only ${responseField}`, async (t) => {
    const ctx = await setupFor(t);
    const page = await original(ctx);
    const updated = (await patch(ctx, page.content_id, body)).json();
    assert.equal(updated[responseField], value);
    const ignored = new Set([responseField, 'updated_at', ...(field === 'title' ? ['path'] : [])]);
    for (const key of detailFields.filter((k) => !ignored.has(k))) {
      assert.deepEqual(updated[key], page[key], `${key} must keep its value`);
    }
  });
}

test('PATCH with an empty object {} is 400 BAD_REQUEST and changes nothing', async (t) => {
  const ctx = await setupFor(t);
  const page = await original(ctx);
  assertError(await patch(ctx, page.content_id, {}), 400, 'BAD_REQUEST');
  assert.deepEqual(await detail(ctx, page.content_id), page);
});

test('PATCH view null resets the page to inherit from the base', async (t) => {
  const ctx = await setupFor(t);
  const page = await original(ctx);
  await patch(ctx, page.content_id, { view: 'I' });
  const res = await patch(ctx, page.content_id, { view: null });
  assert.equal(res.statusCode, 200);
  assert.equal(res.json().view, null);
});

test('PATCH without view leaves the page view unchanged', async (t) => {
  const ctx = await setupFor(t);
  const page = await original(ctx);
  await patch(ctx, page.content_id, { view: 'O' });
  const updated = (await patch(ctx, page.content_id, { title: 'Other' })).json();
  assert.equal(updated.view, 'O');
});

for (const field of ['title', 'body', 'content_type', 'content_lang', 'level']) {
  test(`PATCH ${field}: null is 400 BAD_REQUEST (only view takes null)`, async (t) => {
    const ctx = await setupFor(t);
    const page = await original(ctx);
    const res = await patch(ctx, page.content_id, { [field]: null });
    assertError(res, 400, 'BAD_REQUEST');
    assert.match(res.json().error.message, new RegExp(field));
    assert.deepEqual(await detail(ctx, page.content_id), page);
  });
}

const badValues: [string, Record<string, unknown>][] = [
  ['level 1.5', { level: 1.5 }],
  ['level "1" (a string)', { level: '1' }],
  ['level true', { level: true }],
  ['level -1', { level: -1 }],
  ['level 101', { level: 101 }],
  ['content_type m (enums are case-sensitive)', { content_type: 'm' }],
  ['content_type X', { content_type: 'X' }],
  ['content_lang EN (enums are case-sensitive)', { content_lang: 'EN' }],
  ['view o (enums are case-sensitive)', { view: 'o' }],
  ['view X', { view: 'X' }],
  ['title only whitespace', { title: ' \t ' }],
  ['title empty', { title: '' }],
  ['title of 256 characters', { title: 'a'.repeat(256) }],
  ['body a number', { body: 3 }],
];

for (const [label, body] of badValues) {
  test(`PATCH with ${label} is 400 BAD_REQUEST and changes nothing`, async (t) => {
    const ctx = await setupFor(t);
    const page = await original(ctx);
    assertError(await patch(ctx, page.content_id, body), 400, 'BAD_REQUEST');
    assert.deepEqual(await detail(ctx, page.content_id), page);
  });
}

test('PATCH accepts a title of 255 characters', async (t) => {
  const ctx = await setupFor(t);
  const page = await original(ctx);
  const res = await patch(ctx, page.content_id, { title: 'b'.repeat(255) });
  assert.equal(res.statusCode, 200);
  assert.equal(res.json().title, 'b'.repeat(255));
});

test('PATCH with an unknown field is 400 naming it, and the valid fields beside it are not applied', async (t) => {
  const ctx = await setupFor(t);
  const page = await original(ctx);
  const res = await patch(ctx, page.content_id, { title: 'Changed', colour: 'red' });
  assertError(res, 400, 'BAD_REQUEST');
  assert.match(res.json().error.message, /colour/);
  assert.equal((await detail(ctx, page.content_id)).title, 'Original');
});

test('PATCH with type is told to send content_type', async (t) => {
  const ctx = await setupFor(t);
  const page = await original(ctx);
  const res = await patch(ctx, page.content_id, { type: 'H' });
  assertError(res, 400, 'BAD_REQUEST');
  assert.match(res.json().error.message, /content_type/);
});

test('PATCH with lang is told to send content_lang', async (t) => {
  const ctx = await setupFor(t);
  const page = await original(ctx);
  const res = await patch(ctx, page.content_id, { lang: 'ja' });
  assertError(res, 400, 'BAD_REQUEST');
  assert.match(res.json().error.message, /content_lang/);
});

test('PATCH refreshes updated_at and keeps created_at', async (t) => {
  const ctx = await setupFor(t);
  const clock = controlClock(t);
  const page = await original(ctx);
  clock.advance(5000);
  const updated = (await patch(ctx, page.content_id, { body: 'later' })).json();
  assert.equal(updated.created_at, page.created_at);
  assert.equal(Date.parse(updated.updated_at) - Date.parse(page.updated_at), 5000);
  assert.match(updated.updated_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
});

test('PATCH refreshes updated_at even when the sent value equals the stored one', async (t) => {
  const ctx = await setupFor(t);
  const clock = controlClock(t);
  const page = await original(ctx);
  clock.advance(1000);
  const updated = (await patch(ctx, page.content_id, { title: 'Original' })).json();
  assert.ok(updated.updated_at > page.updated_at);
});

test('PATCH of an unknown page is 404 NOT_FOUND', async (t) => {
  const ctx = await setupFor(t);
  assertError(await patch(ctx, 'zzzzzz', { title: 'x' }), 404, 'NOT_FOUND');
});

test('PATCH of a page of another base, through this base path and token, is 404 and changes nothing', async (t) => {
  const ctx = await setupFor(t);
  const other = await createOtherBase(ctx);
  const otherCtx = { ...ctx, baseId: other.baseId, token: other.token };
  const foreign = await createPage(otherCtx, { title: 'Foreign' });
  assertError(await patch(ctx, foreign.content_id, { title: 'Hijacked' }), 404, 'NOT_FOUND');
  assert.equal((await detail(otherCtx, foreign.content_id)).title, 'Foreign');
});

test('GET and DELETE of a page of another base, through this base path and token, are 404', async (t) => {
  const ctx = await setupFor(t);
  const other = await createOtherBase(ctx);
  const otherCtx = { ...ctx, baseId: other.baseId, token: other.token };
  const foreign = await createPage(otherCtx, { title: 'Foreign' });
  assertError(await call(ctx, 'GET', pagesPath(ctx, foreign.content_id)), 404, 'NOT_FOUND');
  assertError(await call(ctx, 'DELETE', pagesPath(ctx, foreign.content_id)), 404, 'NOT_FOUND');
  assert.equal((await call(otherCtx, 'GET', pagesPath(otherCtx, foreign.content_id))).statusCode, 200);
});

test('concurrent PATCHes of different fields of one page both take effect', async (t) => {
  const ctx = await setupFor(t);
  const page = await original(ctx);
  const [a, b] = await Promise.all([
    patch(ctx, page.content_id, { title: 'Concurrent title' }),
    patch(ctx, page.content_id, { content_lang: 'ja' }),
  ]);
  assert.equal(a.statusCode, 200);
  assert.equal(b.statusCode, 200);
  const stored = await detail(ctx, page.content_id);
  assert.equal(stored.title, 'Concurrent title');
  assert.equal(stored.lang, 'ja');
});

test('concurrent PATCHes of the same field: the last write wins and the page is one of the two', async (t) => {
  const ctx = await setupFor(t);
  const page = await original(ctx);
  const results = await Promise.all(['One', 'Two'].map((title) => patch(ctx, page.content_id, { title })));
  assert.ok(results.every((r) => r.statusCode === 200));
  assert.ok(['One', 'Two'].includes((await detail(ctx, page.content_id)).title));
});

test('a page read before a change is read with the change after it, its children\'s paths too', async (t) => {
  const ctx = await setupFor(t);
  const [parent, child] = await createOutline(ctx, [0, 1]);
  // Each read twice first, so that any answer a store keeps is there to go stale.
  for (let i = 0; i < 2; i++) {
    assert.equal((await detail(ctx, parent)).title, 'P0');
    assert.deepEqual((await detail(ctx, child)).path, ['P0', 'P1']);
  }
  assert.equal((await patch(ctx, parent, { title: 'New parent title', body: 'new body' })).statusCode, 200);
  const renamed = await detail(ctx, parent);
  assert.equal(renamed.title, 'New parent title');
  assert.equal(renamed.body, 'new body');
  assert.deepEqual((await detail(ctx, child)).path, ['New parent title', 'P1']);
  assert.equal((await call(ctx, 'DELETE', pagesPath(ctx, parent))).statusCode, 204);
  assertError(await call(ctx, 'GET', pagesPath(ctx, parent)), 404, 'NOT_FOUND');
  assert.deepEqual((await detail(ctx, child)).path, ['P1']);
});
