// Authentication and authorization (spec "Authentication"; decisions "Order of checks" 2–5).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  addUser, assertError, call, createOtherBase, createPage, createToken, pagesPath, setupFor, storeReplacing,
  tokenIdOf, withStore, type TestContext,
} from '../support/fixtures.ts';

function info(ctx: TestContext, token?: string | null, headers?: Record<string, string>) {
  return call(ctx, 'GET', `/bases/${ctx.baseId}/info`, { token, headers });
}

function assertUnauthorized(res: Awaited<ReturnType<typeof call>>): void {
  assertError(res, 401, 'UNAUTHORIZED');
  assert.equal(res.headers['www-authenticate'], 'Bearer');
}

/** A fresh member of the context's base with the given role, and a token of each scope. */
async function member(ctx: TestContext, role: 'owner' | 'writer' | 'reader') {
  const userId = await addUser(ctx.store, ctx.baseId, role);
  return {
    userId,
    write: await createToken(ctx.store, { baseId: ctx.baseId, userId, scope: 'write' }),
    read: await createToken(ctx.store, { baseId: ctx.baseId, userId, scope: 'read' }),
  };
}

test('the owner token of the base is accepted', async (t) => {
  const ctx = await setupFor(t);
  assert.equal((await info(ctx)).statusCode, 200);
});

test('a request without Authorization is 401 UNAUTHORIZED with WWW-Authenticate: Bearer', async (t) => {
  const ctx = await setupFor(t);
  assertUnauthorized(await info(ctx, null));
});

const malformed: [string, (token: string) => string][] = [
  ['another scheme', (token) => `Basic ${token}`],
  ['the scheme alone', () => 'Bearer'],
  ['the scheme and a blank', () => 'Bearer '],
  ['the token without a scheme', (token) => token],
  ['a token without the kbp_ prefix', (token) => `Bearer ${token.slice(4)}`],
  ['a truncated token', (token) => `Bearer ${token.slice(0, -1)}`],
  ['a token with a character outside its alphabet', (token) => `Bearer ${token.slice(0, -1)}!`],
  ['two tokens', (token) => `Bearer ${token} ${token}`],
];

for (const [label, header] of malformed) {
  test(`an Authorization header with ${label} is 401 UNAUTHORIZED`, async (t) => {
    const ctx = await setupFor(t);
    assertUnauthorized(await info(ctx, null, { authorization: header(ctx.token) }));
  });
}

test('an unknown token of the right shape is 401 UNAUTHORIZED', async (t) => {
  const ctx = await setupFor(t);
  assertUnauthorized(await info(ctx, `kbp_${'A'.repeat(43)}`));
});

test('a revoked token is 401 UNAUTHORIZED', async (t) => {
  const ctx = await setupFor(t);
  assert.ok(await ctx.store.revokeToken(await tokenIdOf(ctx.store, ctx.token), new Date().toISOString()));
  assertUnauthorized(await info(ctx));
});

test('an expired token is 401 UNAUTHORIZED', async (t) => {
  const ctx = await setupFor(t);
  const userId = (await member(ctx, 'owner')).userId;
  const expired = await createToken(ctx.store, { baseId: ctx.baseId, userId, expiresAt: new Date(Date.now() - 1000).toISOString() });
  assertUnauthorized(await info(ctx, expired));
});

test('the Bearer scheme name is case-insensitive (RFC 9110)', async (t) => {
  const ctx = await setupFor(t);
  assert.equal((await info(ctx, null, { authorization: `bearer ${ctx.token}` })).statusCode, 200);
});

test('a token of another base is 403 FORBIDDEN', async (t) => {
  const ctx = await setupFor(t);
  const other = await createOtherBase(ctx);
  assertError(await info(ctx, other.token), 403, 'FORBIDDEN');
});

test('a token used on a base that does not exist is 403 FORBIDDEN, not 404', async (t) => {
  const ctx = await setupFor(t);
  assertError(await call(ctx, 'GET', '/bases/no-such-base/info'), 403, 'FORBIDDEN');
});

test('a token used with a malformed base_id is 403 FORBIDDEN', async (t) => {
  const ctx = await setupFor(t);
  for (const baseId of ['AB', 'Team_Docs', '%E2%9C%93']) {
    assertError(await call(ctx, 'GET', `/bases/${baseId}/pages`), 403, 'FORBIDDEN');
  }
});

test('a token of another base cannot reach a page of this base: 403 before the page 404', async (t) => {
  const ctx = await setupFor(t);
  const other = await createOtherBase(ctx);
  const page = await createPage(ctx, { title: 'Mine' });
  assertError(await call(ctx, 'DELETE', pagesPath(ctx, page.content_id), { token: other.token }), 403, 'FORBIDDEN');
  assertError(await call(ctx, 'GET', pagesPath(ctx, 'zzzzzz'), { token: other.token }), 403, 'FORBIDDEN');
  assert.equal((await call(ctx, 'GET', pagesPath(ctx, page.content_id))).statusCode, 200);
});

test('401 comes before 403: an expired token of another base is 401', async (t) => {
  const ctx = await setupFor(t);
  const other = await createOtherBase(ctx);
  const expired = await createToken(ctx.store, {
    baseId: other.baseId, userId: other.ownerId, expiresAt: new Date(Date.now() - 1000).toISOString(),
  });
  assertUnauthorized(await info(ctx, expired));
});

// Simulated: there is no way to delete a base yet, so the store answers the token's base with null.
test('a token whose base no longer exists is 404 NOT_FOUND', async (t) => {
  const ctx = await setupFor(t);
  const baseGone = async (tokenHash: string) => {
    const access = await ctx.store.findTokenAccess(tokenHash);
    return access && { ...access, base: null };
  };
  const gone = await withStore(ctx, storeReplacing(ctx.store, 'findTokenAccess', baseGone));
  t.after(() => gone.close());
  assertError(await info(gone), 404, 'NOT_FOUND');
});

for (const role of ['reader', 'writer'] as const) {
  test(`a ${role} member is 403 FORBIDDEN even on GET`, async (t) => {
    const ctx = await setupFor(t);
    const { write } = await member(ctx, role);
    for (const path of ['info', 'pages', 'tree', 'search?q=x']) {
      assertError(await call(ctx, 'GET', `/bases/${ctx.baseId}/${path}`, { token: write }), 403, 'FORBIDDEN');
    }
  });

  test(`a ${role} member is 403 FORBIDDEN on POST and creates nothing`, async (t) => {
    const ctx = await setupFor(t);
    const { write } = await member(ctx, role);
    assertError(await call(ctx, 'POST', pagesPath(ctx), { token: write, body: { title: 'x' } }), 403, 'FORBIDDEN');
    assert.equal((await call(ctx, 'GET', pagesPath(ctx))).json().total, 0);
  });
}

test('a user who is not a member of the base is 403 FORBIDDEN', async (t) => {
  const ctx = await setupFor(t);
  const stranger = await ctx.store.createUser('stranger@example.com', 'Stranger', new Date().toISOString());
  const token = await createToken(ctx.store, { baseId: ctx.baseId, userId: stranger.userId });
  assertError(await info(ctx, token), 403, 'FORBIDDEN');
});

test('a read-scope owner token is 200 on every GET operation', async (t) => {
  const ctx = await setupFor(t);
  const { read } = await member(ctx, 'owner');
  const page = await createPage(ctx, { title: 'Readable' });
  for (const path of ['info', 'pages', `pages/${page.content_id}`, 'search?q=read', 'tree']) {
    const res = await call(ctx, 'GET', `/bases/${ctx.baseId}/${path}`, { token: read });
    assert.equal(res.statusCode, 200, `GET ${path}: ${res.body}`);
  }
});

test('a read-scope owner token is 403 FORBIDDEN on POST', async (t) => {
  const ctx = await setupFor(t);
  const { read } = await member(ctx, 'owner');
  const res = await call(ctx, 'POST', pagesPath(ctx), { token: read, body: { title: 'x' } });
  assertError(res, 403, 'FORBIDDEN');
  assert.match(res.json().error.message, /write/);
  assert.equal((await call(ctx, 'GET', pagesPath(ctx))).json().total, 0);
});

test('a read-scope owner token is 403 FORBIDDEN on PATCH and changes nothing', async (t) => {
  const ctx = await setupFor(t);
  const { read } = await member(ctx, 'owner');
  const page = await createPage(ctx, { title: 'Kept' });
  assertError(await call(ctx, 'PATCH', pagesPath(ctx, page.content_id), { token: read, body: { title: 'x' } }), 403, 'FORBIDDEN');
  assert.equal((await call(ctx, 'GET', pagesPath(ctx, page.content_id))).json().title, 'Kept');
});

test('a read-scope owner token is 403 FORBIDDEN on DELETE and the page stays', async (t) => {
  const ctx = await setupFor(t);
  const { read } = await member(ctx, 'owner');
  const page = await createPage(ctx, { title: 'Kept' });
  assertError(await call(ctx, 'DELETE', pagesPath(ctx, page.content_id), { token: read }), 403, 'FORBIDDEN');
  assert.equal((await call(ctx, 'GET', pagesPath(ctx, page.content_id))).statusCode, 200);
});

test('the role is checked at request time: an owner demoted after the token was issued is 403', async (t) => {
  const ctx = await setupFor(t);
  const { userId, write } = await member(ctx, 'owner');
  assert.equal((await info(ctx, write)).statusCode, 200);
  await ctx.store.setMemberRole(ctx.baseId, userId, 'writer');
  assertError(await info(ctx, write), 403, 'FORBIDDEN');
});

test('the role is checked at request time: a reader promoted to owner after the token was issued is let in', async (t) => {
  const ctx = await setupFor(t);
  const { userId, write } = await member(ctx, 'reader');
  assertError(await info(ctx, write), 403, 'FORBIDDEN');
  await ctx.store.setMemberRole(ctx.baseId, userId, 'owner');
  assert.equal((await info(ctx, write)).statusCode, 200);
});

test('401 comes before the page 404: no token on an unknown page', async (t) => {
  const ctx = await setupFor(t);
  assertUnauthorized(await call(ctx, 'GET', pagesPath(ctx, 'zzzzzz'), { token: null }));
});

test('403 for the role comes before the page 404', async (t) => {
  const ctx = await setupFor(t);
  const { write } = await member(ctx, 'reader');
  assertError(await call(ctx, 'GET', pagesPath(ctx, 'zzzzzz'), { token: write }), 403, 'FORBIDDEN');
});
