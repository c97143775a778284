// Cross-origin calls (spec "What the service does" 7; decisions "Responses", "Order of checks" 1).
import type { Test } from 'supertest';
import { describeEachBackend, type TestBase } from '../support/e2e';

const origin = { Origin: 'https://app.example.org' };

function preflight(base: TestBase, path: string, method = 'PATCH') {
  return base.call('options', path, {
    token: null,
    headers: { ...origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': 'authorization, content-type' },
  });
}

const listOf = (header: unknown): string[] => String(header ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);

const errors: [string, number, (base: TestBase) => Test][] = [
  ['400', 400, (base) => base.call('post', base.pagesPath(), { body: {}, headers: origin })],
  ['401', 401, (base) => base.call('get', `/bases/${base.baseId}/info`, { token: null, headers: origin })],
  ['403', 403, (base) => base.call('get', '/bases/elsewhere/info', { headers: origin })],
  ['404', 404, (base) => base.call('get', base.pagesPath('zzzzzz'), { headers: origin })],
  ['404 of an unknown path', 404, (base) => base.call('get', '/nowhere', { token: null, headers: origin })],
  ['405', 405, (base) => base.call('put', base.pagesPath(), { token: null, headers: origin })],
  ['415', 415, (base) => base.call('post', base.pagesPath(), { body: 'x', headers: { ...origin, 'Content-Type': 'text/plain' } })],
];

describeEachBackend('CORS', (h) => {
  it('gives a successful GET Access-Control-Allow-Origin: *', async () => {
    const base = await h().fresh();
    const res = await base.call('get', `/bases/${base.baseId}/info`, { headers: origin });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('gives a 201 POST Access-Control-Allow-Origin: * and exposes Location', async () => {
    const base = await h().fresh();
    const res = await base.call('post', base.pagesPath(), { body: { title: 'x' }, headers: origin });
    expect(res.status).toBe(201);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(listOf(res.headers['access-control-expose-headers'])).toEqual(expect.arrayContaining(['location', 'x-request-id']));
  });

  it('gives a 204 DELETE Access-Control-Allow-Origin: *', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'x' });
    const res = await base.call('delete', base.pagesPath(page.content_id), { headers: origin });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it.each(errors)('gives an error %s Access-Control-Allow-Origin: * and exposes X-Request-Id', async (_label, status, send) => {
    const base = await h().fresh();
    const res = await send(base);
    expect(res.status).toBe(status);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(listOf(res.headers['access-control-expose-headers'])).toContain('x-request-id');
  });

  it('answers an OPTIONS preflight with 204 without a token, with Access-Control-Allow-Origin: *', async () => {
    const base = await h().fresh();
    const res = await preflight(base, base.pagesPath('abc123'));
    expect(res.status).toBe(204);
    expect(res.text ?? '').toBe('');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('allows the Authorization, Content-Type and X-Request-Id headers in the preflight', async () => {
    const base = await h().fresh();
    const allowed = listOf((await preflight(base, base.pagesPath())).headers['access-control-allow-headers']);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'x-request-id']));
  });

  it('allows GET, POST, PATCH and DELETE in the preflight', async () => {
    const base = await h().fresh();
    const allowed = listOf((await preflight(base, base.pagesPath())).headers['access-control-allow-methods']);
    expect(allowed).toEqual(expect.arrayContaining(['get', 'post', 'patch', 'delete']));
  });

  it('answers the preflight on every API path and the documents', async () => {
    const base = await h().fresh();
    const paths = ['info', 'pages', 'pages/abc123', 'search', 'tree'].map((p) => `/bases/${base.baseId}/${p}`);
    for (const path of [...paths, '/openapi.json', '/manual']) {
      const res = await preflight(base, path, 'GET');
      expect({ path, status: res.status, origin: res.headers['access-control-allow-origin'] }).toEqual({ path, status: 204, origin: '*' });
    }
  });

  it('answers the preflight for a base the caller cannot reach: no token is involved', async () => {
    const base = await h().fresh();
    expect((await preflight(base, '/bases/someone-else/pages')).status).toBe(204);
  });

  it('tolerates a trailing slash in the preflight', async () => {
    const base = await h().fresh();
    expect((await preflight(base, `${base.pagesPath()}/`)).status).toBe(204);
  });

  it('gives the documents Access-Control-Allow-Origin: *', async () => {
    const base = await h().fresh();
    for (const path of ['/openapi.json', '/manual']) {
      const res = await base.call('get', path, { token: null });
      expect({ path, status: res.status, origin: res.headers['access-control-allow-origin'] }).toEqual({ path, status: 200, origin: '*' });
    }
  });
});
