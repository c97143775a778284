// GET /bases/{base_id}/info (spec "Knowledge-base info").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createOutline, createToken, addUser, setupFor } from '../support/fixtures.ts';

test('GET info answers 200 with exactly base_id, description, view, total_pages', async (t) => {
  const ctx = await setupFor(t);
  const res = await call(ctx, 'GET', `/bases/${ctx.baseId}/info`);
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
  assert.deepEqual(res.json(), { base_id: ctx.baseId, description: `Base ${ctx.baseId}`, view: 'L', total_pages: 0 });
});

test('GET info shows the base own view and description, an empty description included', async (t) => {
  const ctx = await setupFor(t);
  await ctx.store.createBase({ baseId: 'public-base', description: '', view: 'O' }, new Date().toISOString());
  const ownerId = await addUser(ctx.store, 'public-base', 'owner');
  const token = await createToken(ctx.store, { baseId: 'public-base', userId: ownerId });
  const info = (await call(ctx, 'GET', '/bases/public-base/info', { token })).json();
  assert.deepEqual(info, { base_id: 'public-base', description: '', view: 'O', total_pages: 0 });
});

test('GET info total_pages is the number of live pages', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 1, 0]);
  assert.equal((await call(ctx, 'GET', `/bases/${ctx.baseId}/info`)).json().total_pages, 3);
  await call(ctx, 'DELETE', `/bases/${ctx.baseId}/pages/${ids[1]}`);
  assert.equal((await call(ctx, 'GET', `/bases/${ctx.baseId}/info`)).json().total_pages, 2);
});

test('GET info total_pages counts only the pages of this base', async (t) => {
  const ctx = await setupFor(t);
  await createOutline(ctx, [0, 0]);
  await ctx.store.createBase({ baseId: 'second-base', description: 'x', view: 'L' }, new Date().toISOString());
  const ownerId = await addUser(ctx.store, 'second-base', 'owner');
  const token = await createToken(ctx.store, { baseId: 'second-base', userId: ownerId });
  assert.equal((await call(ctx, 'GET', '/bases/second-base/info', { token })).json().total_pages, 0);
});
