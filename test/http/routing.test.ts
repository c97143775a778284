// Paths and methods before anything else (decisions "URLs", "Order of checks" 1).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertError, call, createPage, pagesPath, setupFor } from '../support/fixtures.ts';

const unknownPaths = ['/nowhere', '/bases', '/bases/team-docs', '/bases/team-docs/pages/abc123/extra', '/bases/team-docs/trees'];

for (const path of unknownPaths) {
  test(`an unknown path ${path} is 404 NOT_FOUND, before authentication`, async (t) => {
    const ctx = await setupFor(t);
    assertError(await call(ctx, 'GET', path, { token: null }), 404, 'NOT_FOUND');
  });
}

test('a path outside /api/v1 is 404 NOT_FOUND', async (t) => {
  const ctx = await setupFor(t);
  for (const url of ['/', '/api/v2/bases/team-docs/info', '/v1/bases/team-docs/info']) {
    assertError(await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ctx.token}` } }), 404, 'NOT_FOUND');
  }
});

const wrongMethods: [string, string, string][] = [
  ['PUT', '/bases/team-docs/pages/abc123', 'GET, HEAD, PATCH, DELETE, OPTIONS'],
  ['POST', '/bases/team-docs/pages/abc123', 'GET, HEAD, PATCH, DELETE, OPTIONS'],
  ['PUT', '/bases/team-docs/pages', 'GET, HEAD, POST, OPTIONS'],
  ['DELETE', '/bases/team-docs/pages', 'GET, HEAD, POST, OPTIONS'],
  ['PATCH', '/bases/team-docs/pages', 'GET, HEAD, POST, OPTIONS'],
  ['POST', '/bases/team-docs/info', 'GET, HEAD, OPTIONS'],
  ['DELETE', '/bases/team-docs/tree', 'GET, HEAD, OPTIONS'],
  ['POST', '/bases/team-docs/search', 'GET, HEAD, OPTIONS'],
  ['POST', '/openapi.json', 'GET, HEAD, OPTIONS'],
  ['DELETE', '/manual', 'GET, HEAD, OPTIONS'],
];

function methodSet(allow: unknown): string[] {
  return String(allow).split(',').map((m) => m.trim()).sort();
}

for (const [method, path, allow] of wrongMethods) {
  test(`${method} ${path} is 405 METHOD_NOT_ALLOWED with Allow: ${allow}, before authentication`, async (t) => {
    const ctx = await setupFor(t);
    const res = await call(ctx, method as 'PUT', path, { token: null });
    assertError(res, 405, 'METHOD_NOT_ALLOWED');
    assert.deepEqual(methodSet(res.headers.allow), methodSet(allow));
  });
}

test('405 with a trailing slash on a known path', async (t) => {
  const ctx = await setupFor(t);
  const res = await call(ctx, 'PUT', `${pagesPath(ctx)}/`, { token: null });
  assertError(res, 405, 'METHOD_NOT_ALLOWED');
});

test('a method outside the offered ones on a known path is 405 even with a valid token', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'x' });
  assertError(await call(ctx, 'PUT', pagesPath(ctx, page.content_id), { body: { title: 'y' } }), 405, 'METHOD_NOT_ALLOWED');
  assert.equal((await call(ctx, 'GET', pagesPath(ctx, page.content_id))).json().title, 'x');
});

test('HEAD is answered for every GET path, with headers and no body', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'x' });
  for (const path of ['info', 'pages', `pages/${page.content_id}`, 'search?q=x', 'tree']) {
    const res = await call(ctx, 'HEAD', `/bases/${ctx.baseId}/${path}`);
    assert.equal(res.statusCode, 200, path);
    assert.equal(res.body, '', path);
    assert.match(String(res.headers['content-type']), /^application\/json/, path);
  }
});

test('HEAD checks the token like GET does', async (t) => {
  const ctx = await setupFor(t);
  const res = await call(ctx, 'HEAD', `/bases/${ctx.baseId}/info`, { token: null });
  assert.equal(res.statusCode, 401);
  assert.equal(res.body, '');
});

test('HEAD is answered for the documents without a token', async (t) => {
  const ctx = await setupFor(t);
  for (const path of ['/openapi.json', '/manual']) {
    const res = await call(ctx, 'HEAD', path, { token: null });
    assert.equal(res.statusCode, 200, path);
    assert.equal(res.body, '');
  }
});

test('a trailing slash is tolerated on GET: /pages/ is /pages', async (t) => {
  const ctx = await setupFor(t);
  await createPage(ctx, { title: 'x' });
  const slash = await call(ctx, 'GET', `${pagesPath(ctx)}/`);
  assert.equal(slash.statusCode, 200);
  assert.deepEqual(slash.json(), (await call(ctx, 'GET', pagesPath(ctx))).json());
});

test('a trailing slash is tolerated on POST, PATCH, DELETE and page detail', async (t) => {
  const ctx = await setupFor(t);
  const created = await call(ctx, 'POST', `${pagesPath(ctx)}/`, { body: { title: 'x' } });
  assert.equal(created.statusCode, 201);
  const id = created.json().content_id;
  assert.equal((await call(ctx, 'GET', `${pagesPath(ctx, id)}/`)).statusCode, 200);
  assert.equal((await call(ctx, 'PATCH', `${pagesPath(ctx, id)}/`, { body: { title: 'y' } })).statusCode, 200);
  assert.equal((await call(ctx, 'DELETE', `${pagesPath(ctx, id)}/`)).statusCode, 204);
});

test('a trailing slash is tolerated on info, tree, search and the documents', async (t) => {
  const ctx = await setupFor(t);
  for (const path of [`/bases/${ctx.baseId}/info/`, `/bases/${ctx.baseId}/tree/`, `/bases/${ctx.baseId}/search/?q=x`]) {
    assert.equal((await call(ctx, 'GET', path)).statusCode, 200, path);
  }
  for (const path of ['/openapi.json/', '/manual/']) {
    assert.equal((await call(ctx, 'GET', path, { token: null })).statusCode, 200, path);
  }
});

test('a malformed percent-encoding in the path is 400 BAD_REQUEST in the error shape, with CORS', async (t) => {
  const ctx = await setupFor(t);
  for (const path of [pagesPath(ctx, '%zz'), '/bases/%E3%81/info']) {
    const res = await call(ctx, 'GET', path);
    assertError(res, 400, 'BAD_REQUEST');
    assert.equal(res.headers['access-control-allow-origin'], '*');
  }
});

test('a very long base_id with a token of another base is 403 FORBIDDEN like any other base_id', async (t) => {
  const ctx = await setupFor(t);
  const res = await call(ctx, 'GET', `/bases/${'a'.repeat(300)}/info`);
  assertError(res, 403, 'FORBIDDEN');
  assert.equal(res.headers['access-control-allow-origin'], '*');
});

test('a very long content_id is 404 NOT_FOUND like any other malformed content_id', async (t) => {
  const ctx = await setupFor(t);
  assertError(await call(ctx, 'GET', pagesPath(ctx, 'a'.repeat(300))), 404, 'NOT_FOUND');
  assertError(await call(ctx, 'GET', pagesPath(ctx, 'a'.repeat(300)), { token: null }), 401, 'UNAUTHORIZED');
});

test('any method outside HTTP basics (TRACE, PROPFIND) on a known path is 405', async (t) => {
  const ctx = await setupFor(t);
  for (const method of ['TRACE', 'PROPFIND']) {
    const res = await ctx.app.inject({ method: method as 'GET', url: `/api/v1${pagesPath(ctx)}` });
    assertError(res, 405, 'METHOD_NOT_ALLOWED');
  }
});
