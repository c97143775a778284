// The published descriptions: GET /api/v1/openapi.json, /api/v1/docs (Swagger UI, offline) and
// /api/v1/manual. No token, HEAD answered, other methods 405 with Allow, CORS on every answer.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { manualPath } from '../../src/docs/manual';
import { backends, createHarness, expectError, type Harness } from '../support/e2e';

const root = join(__dirname, '..', '..');
const documents = [
  ['/api/v1/openapi.json', 'application/json; charset=utf-8'],
  ['/api/v1/docs', 'text/html; charset=utf-8'],
  ['/api/v1/manual', 'text/markdown; charset=utf-8'],
] as const;

const operationPaths = ['/bases/{base_id}/info', '/bases/{base_id}/pages', '/bases/{base_id}/pages/{content_id}', '/bases/{base_id}/search', '/bases/{base_id}/tree'];

describe('published documents', () => {
  let h: Harness;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    h = await createHarness(backends[0]);
    http = request(h.app.getHttpServer());
  });
  afterAll(async () => {
    await h?.close();
  });

  describe.each(documents)('%s', (path, contentType) => {
    it('answers with no token, and ignores a bad one, with the CORS header', async () => {
      for (const res of [await http.get(path), await http.get(path).set('Authorization', 'Bearer kbp_not-a-token')]) {
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe(contentType);
        expect(res.headers['access-control-allow-origin']).toBe('*');
        expect(res.text.length).toBeGreaterThan(100);
      }
    });

    it('answers HEAD with the headers of GET and no body', async () => {
      const [get, head] = [await http.get(path), await http.head(path)];
      expect(head.status).toBe(200);
      expect(head.headers['content-type']).toBe(contentType);
      expect(head.headers['content-length']).toBe(get.headers['content-length']);
      expect(head.text ?? '').toBe('');
    });

    it('answers a trailing slash like the path', async () => {
      const res = await http.get(`${path}/`);
      expect([res.status, res.headers['content-type']]).toEqual([200, contentType]);
    });

    it.each(['post', 'put', 'patch', 'delete'] as const)('answers %s with 405, Allow and the CORS header', async (method) => {
      const res = await http[method](path).set('Content-Type', 'application/json').send('{}');
      expectError(res, 405, 'METHOD_NOT_ALLOWED');
      expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect(res.headers['access-control-allow-origin']).toBe('*');
    });

    it('answers the CORS preflight with 204', async () => {
      const res = await http.options(path).set('Origin', 'https://example.com').set('Access-Control-Request-Method', 'GET');
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
    });
  });

  describe('Swagger UI', () => {
    /** The page's asset URLs, resolved against the page's own path as a browser does. */
    const assetsOf = (html: string) => [...html.matchAll(/<(?:script|link)\b[^>]*\s(?:src|href)="([^"]+)"/g)].map((m) => new URL(m[1], 'http://localhost/api/v1/docs').pathname);

    it('loads only assets of this service: no external URL in the page', async () => {
      const html = (await http.get('/api/v1/docs')).text;
      const withoutSvgNamespaces = html.replace(/xmlns(:\w+)?="http:\/\/www\.w3\.org\/[^"]+"/g, '');
      expect(withoutSvgNamespaces).not.toMatch(/https?:|["'(]\/\//);
      const assets = assetsOf(html);
      expect(assets.length).toBeGreaterThanOrEqual(3);
      for (const asset of assets) expect(asset).toMatch(/^\/api\/v1\/docs\/[\w.-]+$/);
    });

    it('serves each asset of the page with its content type', async () => {
      const html = (await http.get('/api/v1/docs')).text;
      const types = new Map<string, RegExp>([['.css', /^text\/css/], ['.js', /^(text|application)\/javascript/], ['.png', /^image\/png$/]]);
      for (const asset of assetsOf(html)) {
        const res = await http.get(asset).buffer(true);
        const expected = types.get(asset.slice(asset.lastIndexOf('.')));
        expect({ asset, status: res.status }).toEqual({ asset, status: 200 });
        expect(res.headers['content-type']).toMatch(expected!);
        expect(Number(res.headers['content-length'] ?? res.body.length)).toBeGreaterThan(100);
        expect(res.headers['access-control-allow-origin']).toBe('*');
      }
    });

    it('starts Swagger UI on the OpenAPI document of this service, keeping the bearer token across reloads', async () => {
      const script = (await http.get('/api/v1/docs/swagger-ui-init.js')).text;
      const published = JSON.parse((await http.get('/api/v1/openapi.json')).text);
      expect(script).toContain(JSON.stringify(published.info.title));
      expect(script).toMatch(/"persistAuthorization":\s*true/);
      expect(script).toMatch(/"validatorUrl":\s*null/);
      expect(script).toContain('"url": "/api/v1"');
      const bundle = (await http.get('/api/v1/docs/swagger-ui-bundle.js')).text;
      expect(bundle).toContain('SwaggerUIBundle');
    });

    it('"Try it out": the document\'s server URL and bearer scheme reach the API', async () => {
      const doc = JSON.parse((await http.get('/api/v1/openapi.json')).text);
      const base = await h.fresh();
      const path = doc.servers[0].url + '/bases/{base_id}/info'.replace('{base_id}', base.baseId);
      expect(doc.paths['/bases/{base_id}/info'].get.security).toEqual([{ bearer: [] }]);
      expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
      const res = await http.get(path).set('Authorization', `Bearer ${base.token}`);
      expect(res.status).toBe(200);
    });

    it('answers an unknown asset with 404 in the error shape', async () => {
      expectError(await http.get('/api/v1/docs/unknown.js'), 404, 'NOT_FOUND');
      expectError(await http.get('/api/v1/docs/constructor'), 404, 'NOT_FOUND');
      // A route of Swagger UI's that answers 404 itself: 404 too, not 405.
      expectError(await http.get('/api/v1/docs/LICENSE'), 404, 'NOT_FOUND');
    });
  });

  describe('manual', () => {
    it('is src/docs/manual.md as written', async () => {
      const res = await http.get('/api/v1/manual');
      expect(res.text).toBe(readFileSync(join(root, 'src', 'docs', 'manual.md'), 'utf8'));
    });

    it('mentions every endpoint path, the OpenAPI document and Swagger UI', async () => {
      const manual = (await http.get('/api/v1/manual')).text;
      for (const path of [...operationPaths, '/api/v1/openapi.json', '/api/v1/docs', '/api/v1/manual']) expect(manual).toContain(path);
    });

    it('names the storage choices of this build: SQLite by default, MySQL or MariaDB, not PostgreSQL', async () => {
      const manual = (await http.get('/api/v1/manual')).text;
      expect(manual).toContain('./data/kb.db');
      expect(manual).toMatch(/SQLite \(default\)/);
      expect(manual).toMatch(/MySQL 8\.0\+ or MariaDB 10\.11\+/);
      expect(manual).toContain('PostgreSQL is not supported');
    });

    it('is found from the compiled dist/ as from the sources (tsc does not copy .md files)', () => {
      expect(manualPath(join(root, 'dist', 'src', 'docs'))).toBe(join(root, 'src', 'docs', 'manual.md'));
      const compiled = join(root, 'dist', 'src', 'docs', 'manual.js');
      // After `npm run build` (npm test builds first): the compiled module reads the same file.
      if (existsSync(compiled)) expect(require(compiled).readManual()).toBe(readFileSync(join(root, 'src', 'docs', 'manual.md'), 'utf8'));
    });
  });
});
