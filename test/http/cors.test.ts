// Cross-origin calls (spec "What the service does" 7; decisions "Responses", "Order of checks" 1).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createPage, pagesPath, setupFor, type TestContext } from '../support/fixtures.ts';

const origin = { origin: 'https://app.example.org' };

function preflight(ctx: TestContext, path: string, method = 'PATCH') {
  return ctx.app.inject({
    method: 'OPTIONS',
    url: `/api/v1${path}`,
    headers: { ...origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization, content-type' },
  });
}

function listOf(header: unknown): string[] {
  return String(header ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
}

test('a successful GET has Access-Control-Allow-Origin: *', async (t) => {
  const ctx = await setupFor(t);
  const res = await call(ctx, 'GET', `/bases/${ctx.baseId}/info`, { headers: origin });
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['access-control-allow-origin'], '*');
});

test('a 201 POST has Access-Control-Allow-Origin: * and exposes Location', async (t) => {
  const ctx = await setupFor(t);
  const res = await call(ctx, 'POST', pagesPath(ctx), { body: { title: 'x' }, headers: origin });
  assert.equal(res.statusCode, 201);
  assert.equal(res.headers['access-control-allow-origin'], '*');
  assert.ok(listOf(res.headers['access-control-expose-headers']).includes('location'));
});

test('a 204 DELETE has Access-Control-Allow-Origin: *', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'x' });
  const res = await call(ctx, 'DELETE', pagesPath(ctx, page.content_id), { headers: origin });
  assert.equal(res.statusCode, 204);
  assert.equal(res.headers['access-control-allow-origin'], '*');
});

const errors: [string, (ctx: TestContext) => ReturnType<typeof call>][] = [
  ['400', (ctx) => call(ctx, 'POST', pagesPath(ctx), { body: {}, headers: origin })],
  ['401', (ctx) => call(ctx, 'GET', `/bases/${ctx.baseId}/info`, { token: null, headers: origin })],
  ['403', (ctx) => call(ctx, 'GET', '/bases/elsewhere/info', { headers: origin })],
  ['404', (ctx) => call(ctx, 'GET', pagesPath(ctx, 'zzzzzz'), { headers: origin })],
  ['404 of an unknown path', (ctx) => call(ctx, 'GET', '/nowhere', { token: null, headers: origin })],
  ['405', (ctx) => call(ctx, 'PUT', pagesPath(ctx), { token: null, headers: origin })],
  ['415', (ctx) => call(ctx, 'POST', pagesPath(ctx), { body: 'x', headers: { ...origin, 'content-type': 'text/plain' } })],
];

for (const [status, send] of errors) {
  test(`an error ${status} has Access-Control-Allow-Origin: *`, async (t) => {
    const ctx = await setupFor(t);
    const res = await send(ctx);
    assert.equal(res.statusCode, Number(status.slice(0, 3)));
    assert.equal(res.headers['access-control-allow-origin'], '*');
  });
}

test('an OPTIONS preflight is 204 without a token, with Access-Control-Allow-Origin: *', async (t) => {
  const ctx = await setupFor(t);
  const res = await preflight(ctx, pagesPath(ctx, 'abc123'));
  assert.equal(res.statusCode, 204);
  assert.equal(res.body, '');
  assert.equal(res.headers['access-control-allow-origin'], '*');
});

test('the preflight allows the Authorization and Content-Type headers', async (t) => {
  const ctx = await setupFor(t);
  const allowed = listOf((await preflight(ctx, pagesPath(ctx))).headers['access-control-allow-headers']);
  assert.ok(allowed.includes('authorization'), String(allowed));
  assert.ok(allowed.includes('content-type'), String(allowed));
});

test('the preflight allows GET, POST, PATCH and DELETE', async (t) => {
  const ctx = await setupFor(t);
  const allowed = listOf((await preflight(ctx, pagesPath(ctx))).headers['access-control-allow-methods']);
  for (const method of ['get', 'post', 'patch', 'delete']) assert.ok(allowed.includes(method), method);
});

test('the preflight is answered on every API path and the documents', async (t) => {
  const ctx = await setupFor(t);
  const paths = ['info', 'pages', 'pages/abc123', 'search', 'tree'].map((p) => `/bases/${ctx.baseId}/${p}`);
  for (const path of [...paths, '/openapi.json', '/manual']) {
    const res = await preflight(ctx, path, 'GET');
    assert.equal(res.statusCode, 204, path);
    assert.equal(res.headers['access-control-allow-origin'], '*', path);
  }
});

test('the preflight is answered for a base the caller cannot reach: no token is involved', async (t) => {
  const ctx = await setupFor(t);
  assert.equal((await preflight(ctx, '/bases/someone-else/pages')).statusCode, 204);
});

test('the preflight tolerates a trailing slash', async (t) => {
  const ctx = await setupFor(t);
  assert.equal((await preflight(ctx, `${pagesPath(ctx)}/`)).statusCode, 204);
});

test('the documents have Access-Control-Allow-Origin: *', async (t) => {
  const ctx = await setupFor(t);
  for (const path of ['/openapi.json', '/manual']) {
    assert.equal((await call(ctx, 'GET', path, { token: null })).headers['access-control-allow-origin'], '*');
  }
});
