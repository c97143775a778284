// Paths and methods before anything else (decisions "URLs", "Order of checks" 1).
import { describeEachBackend, expectError } from '../support/e2e';

const unknownPaths = ['/nowhere', '/bases', '/bases/team-docs', '/bases/team-docs/pages/abc123/extra', '/bases/team-docs/trees'];

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

const methodSet = (allow: unknown): string[] => String(allow).split(',').map((m) => m.trim()).sort();

describeEachBackend('routing', (h) => {
  it.each(unknownPaths)('answers the unknown path %s with 404 NOT_FOUND, before authentication', async (path) => {
    const base = await h().fresh();
    expectError(await base.call('get', path, { token: null }), 404, 'NOT_FOUND');
  });

  it('answers a path outside /api/v1 with 404 NOT_FOUND', async () => {
    const base = await h().fresh();
    for (const url of ['/nothing-here', '/api/v2/bases/team-docs/info', '/v1/bases/team-docs/info']) {
      expectError(await base.http.get(url).set('Authorization', `Bearer ${base.token}`), 404, 'NOT_FOUND');
    }
  });

  it.each(wrongMethods)('answers %s %s with 405 METHOD_NOT_ALLOWED and Allow: %s, before authentication', async (method, path, allow) => {
    const base = await h().fresh();
    const res = await base.call(method.toLowerCase() as 'put', path, { token: null });
    expectError(res, 405, 'METHOD_NOT_ALLOWED');
    expect(methodSet(res.headers.allow)).toEqual(methodSet(allow));
  });

  it('answers 405 with a trailing slash on a known path', async () => {
    const base = await h().fresh();
    expectError(await base.call('put', `${base.pagesPath()}/`, { token: null }), 405, 'METHOD_NOT_ALLOWED');
  });

  it('answers a method outside the offered ones on a known path with 405 even with a valid token', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'x' });
    expectError(await base.call('put', base.pagesPath(page.content_id), { body: { title: 'y' } }), 405, 'METHOD_NOT_ALLOWED');
    expect((await base.call('get', base.pagesPath(page.content_id))).body.title).toBe('x');
  });

  it('answers HEAD for every GET path, with headers and no body', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'x' });
    for (const path of ['info', 'pages', `pages/${page.content_id}`, 'search?q=x', 'tree']) {
      const res = await base.call('head', `/bases/${base.baseId}/${path}`);
      expect({ path, status: res.status, text: res.text ?? '' }).toEqual({ path, status: 200, text: '' });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('checks the token on HEAD as on GET', async () => {
    const base = await h().fresh();
    const res = await base.call('head', `/bases/${base.baseId}/info`, { token: null });
    expect({ status: res.status, text: res.text ?? '' }).toEqual({ status: 401, text: '' });
  });

  it('answers HEAD for the documents without a token', async () => {
    const base = await h().fresh();
    for (const path of ['/openapi.json', '/manual']) {
      const res = await base.call('head', path, { token: null });
      expect({ path, status: res.status, text: res.text ?? '' }).toEqual({ path, status: 200, text: '' });
    }
  });

  it('tolerates a trailing slash on GET: /pages/ is /pages', async () => {
    const base = await h().fresh();
    await base.createPage({ title: 'x' });
    const slash = await base.call('get', `${base.pagesPath()}/`);
    expect(slash.status).toBe(200);
    expect(slash.body).toEqual((await base.call('get', base.pagesPath())).body);
  });

  it('tolerates a trailing slash on POST, PATCH, DELETE and page detail', async () => {
    const base = await h().fresh();
    const created = await base.call('post', `${base.pagesPath()}/`, { body: { title: 'x' } });
    expect(created.status).toBe(201);
    const id = created.body.content_id;
    expect((await base.call('get', `${base.pagesPath(id)}/`)).status).toBe(200);
    expect((await base.call('patch', `${base.pagesPath(id)}/`, { body: { title: 'y' } })).status).toBe(200);
    expect((await base.call('delete', `${base.pagesPath(id)}/`)).status).toBe(204);
  });

  it('tolerates a trailing slash on info, tree, search and the documents', async () => {
    const base = await h().fresh();
    for (const path of [`/bases/${base.baseId}/info/`, `/bases/${base.baseId}/tree/`, `/bases/${base.baseId}/search/?q=x`]) {
      expect({ path, status: (await base.call('get', path)).status }).toEqual({ path, status: 200 });
    }
    for (const path of ['/openapi.json/', '/manual/']) {
      expect({ path, status: (await base.call('get', path, { token: null })).status }).toEqual({ path, status: 200 });
    }
  });

  it('answers a malformed percent-encoding in the path with 400 BAD_REQUEST in the error shape, with CORS', async () => {
    const base = await h().fresh();
    for (const path of [base.pagesPath('%zz'), '/bases/%E3%81/info']) {
      const res = await base.call('get', path);
      expectError(res, 400, 'BAD_REQUEST');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      // A path that cannot be read is judged with the path, before the token.
      expectError(await base.call('get', path, { token: null }), 400, 'BAD_REQUEST');
    }
  });

  it('answers a very long base_id with a token of another base with 403 FORBIDDEN like any other base_id', async () => {
    const base = await h().fresh();
    const res = await base.call('get', `/bases/${'a'.repeat(300)}/info`);
    expectError(res, 403, 'FORBIDDEN');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers a very long content_id with 404 NOT_FOUND like any other malformed content_id', async () => {
    const base = await h().fresh();
    expectError(await base.call('get', base.pagesPath('a'.repeat(300))), 404, 'NOT_FOUND');
    expectError(await base.call('get', base.pagesPath('a'.repeat(300)), { token: null }), 401, 'UNAUTHORIZED');
  });

  it('matches paths case-sensitively, the same for GET, the preflight and 405', async () => {
    const base = await h().fresh();
    for (const path of [`/bases/${base.baseId}/INFO`, `/bases/${base.baseId}/Pages`]) {
      expectError(await base.call('get', path), 404, 'NOT_FOUND');
      expectError(await base.call('options', path, { token: null }), 404, 'NOT_FOUND');
      expectError(await base.call('put', path, { token: null }), 404, 'NOT_FOUND');
    }
    expectError(await base.http.get(`/API/V1/bases/${base.baseId}/info`).set('Authorization', `Bearer ${base.token}`), 404, 'NOT_FOUND');
    expectError(await base.http.get('/HEALTHZ'), 404, 'NOT_FOUND');
  });

  it('answers any method outside HTTP basics (TRACE, PROPFIND) on a known path with 405', async () => {
    const base = await h().fresh();
    for (const method of ['trace', 'propfind'] as const) {
      const res = await base.http[method](`/api/v1${base.pagesPath()}`);
      expectError(res, 405, 'METHOD_NOT_ALLOWED');
      expect(methodSet(res.headers.allow)).toEqual(methodSet('GET, HEAD, POST, OPTIONS'));
    }
  });
});
