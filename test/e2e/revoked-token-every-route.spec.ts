// Every route the app routes, read from its route table (so a route added later is in it): a token
// revoked through one service is refused (401) at once by a second service on the same database
// which kept the token's answer from a first successful call on that route, and the refused
// request stores nothing. The routes that need no token are listed here as such; every other route
// must refuse. The two services share one jest process but no kept answers (each app has its own
// AccessService, as each process would), so the second one answers as a second process would.
import request from 'supertest';
import { TokensService } from '../../src/auth/tokens.service';
import { RouteTable } from '../../src/http/route-table';
import { MCP_PATH } from '../../src/oauth/oauth-urls';
import { webAssetsPrefix, webPagePrefixes } from '../../src/web/web-middleware';
import { describeEachBackend, secondService, type TestBase } from '../support/e2e';

/**
 * Routes that need no token (decisions.md, "URLs"): the health checks, the documents and Swagger
 * UI's page and script, and the OAuth discovery documents and client endpoints (a client
 * authenticates itself there, never with a bearer token). OPTIONS, the CORS preflight, is answered before routing on every routed
 * path with no token; it is checked on each route that needs one.
 */
const OPEN_ROUTES = [
  'GET /healthz', 'GET /readyz', 'GET /api/v1/openapi.json', 'GET /api/v1/manual',
  'GET /api/v1/docs', 'GET /api/v1/docs/', 'GET /api/v1/docs/index.html', 'GET /api/v1/docs/swagger-ui-init.js',
  'GET /api/v1/docs/docs/swagger-ui-init.js', 'GET /api/v1/docs/LICENSE',
  'GET /.well-known/oauth-authorization-server', 'GET /.well-known/oauth-protected-resource',
  'GET /.well-known/oauth-protected-resource/mcp', 'POST /oauth/register', 'POST /oauth/token', 'POST /oauth/revoke',
];

/** Routes that need a token when this was written: the enumeration finds at least these. */
const TOKEN_ROUTES_KNOWN = [
  'GET /api/v1/bases/:base_id/info', 'GET /api/v1/bases/:base_id/token', 'GET /api/v1/bases/:base_id/tree',
  'GET /api/v1/bases/:base_id/pages', 'POST /api/v1/bases/:base_id/pages', 'GET /api/v1/bases/:base_id/search',
  'GET /api/v1/bases/:base_id/pages/:content_id', 'PATCH /api/v1/bases/:base_id/pages/:content_id',
  'DELETE /api/v1/bases/:base_id/pages/:content_id',
];

/** What a route needs besides its path to succeed with a valid token (HEAD as its GET); a new route may need an entry. */
const QUERIES: Record<string, string> = { 'GET /api/v1/bases/:base_id/search': 'q=Kept' };
const BODIES: Record<string, object> = {
  'POST /api/v1/bases/:base_id/pages': { title: 'Created' },
  'PATCH /api/v1/bases/:base_id/pages/:content_id': { title: 'Renamed' },
  [`POST ${MCP_PATH}`]: { jsonrpc: '2.0', id: 1, method: 'ping' },
};
const HEADERS: Record<string, Record<string, string>> = { [`POST ${MCP_PATH}`]: { Accept: 'application/json, text/event-stream' } };

/** The MCP endpoint is stateless: with a valid token, its session operations (GET, DELETE) are 405 (src/mcp/). */
const firstAnswerOf = (route: string): string => (route.endsWith(` ${MCP_PATH}`) && !route.startsWith('POST ') ? '405' : 'answered');
/** Its 401 says where an MCP client signs in (RFC 9728); REST's is plain. */
const challengeOf = (route: string): string | RegExp => (route.endsWith(` ${MCP_PATH}`)
  ? expect.stringMatching(/^Bearer resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp", scope="pages:read", error="invalid_token"$/)
  : 'Bearer');

/** The web pages take no bearer token: a session cookie, whose guards test/web/ tests, and / leads to them. */
const isWebPage = (route: string): boolean => {
  const path = route.split(' ')[1];
  return path === '/' || [...webPagePrefixes, webAssetsPrefix].some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
};

type Method = 'get' | 'head' | 'post' | 'patch' | 'delete' | 'put' | 'options';

/** `path` with its parameters filled in: the test's base, and a page made for this one call. */
function concrete(route: string, values: Record<string, string>): string {
  return route.split(' ')[1].replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    if (!(name in values)) throw new Error(`${route}: give :${name} a value in this test`);
    return values[name];
  });
}

describeEachBackend('a revoked token on every route', (h) => {
  const other = secondService(h);

  /** "METHOD /path" of every route the second service routes, HEAD beside each GET. */
  function routedRoutes(): string[] {
    return other().get(RouteTable).all()
      .flatMap(({ path, methods }) => [...methods].flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method]).map((m) => `${m} ${path}`)))
      .sort();
  }
  const isOpen = (route: string) => OPEN_ROUTES.includes(route.replace(/^HEAD /, 'GET ')) || isWebPage(route);

  function callViaOther(route: string, path: string, base: TestBase) {
    const [method] = route.split(' ');
    const asGet = route.replace(/^HEAD /, 'GET ');
    const query = QUERIES[asGet];
    let req = request(other().getHttpServer())[method.toLowerCase() as Method](`${path}${query ? `?${query}` : ''}`)
      .set('Authorization', `Bearer ${base.token}`);
    for (const [name, value] of Object.entries(HEADERS[asGet] ?? {})) req = req.set(name, value);
    if (BODIES[asGet]) req = req.set('Content-Type', 'application/json').send(JSON.stringify(BODIES[asGet]));
    return req;
  }

  /** A request for `route` on a page of its own, made through the first service; it runs when called. */
  async function prepared(route: string, base: TestBase) {
    const page = (await base.createPage({ title: 'Kept' })).content_id as string;
    const path = concrete(route, { base_id: base.baseId, content_id: page });
    return { path, send: () => callViaOther(route, path, base) };
  }

  /** Everything stored of the base: a refused request changes none of it. */
  async function storedOf(base: TestBase): Promise<unknown> {
    const rows = (sql: string) => h().db.reader.query(sql, [base.baseId]);
    return {
      base: await rows('SELECT * FROM bases WHERE base_id = ?'),
      pages: await rows('SELECT * FROM pages WHERE base_id = ? ORDER BY page_id'),
      texts: await rows('SELECT t.* FROM page_texts t JOIN pages p ON p.page_id = t.page_id WHERE p.base_id = ? ORDER BY t.page_id'),
    };
  }

  /** Revoked as `kbp token revoke` does it, through the first service. */
  async function revoke(base: TestBase): Promise<void> {
    const [token] = await h().db.reader.query('SELECT token_id FROM tokens WHERE base_id = ?', [base.baseId]);
    await h().app.get(TokensService).revoke(token.token_id);
  }

  it('finds every route: the open ones listed here, and every one that needs a token', () => {
    const routes = routedRoutes();
    expect(routes).toEqual(expect.arrayContaining([...OPEN_ROUTES, ...TOKEN_ROUTES_KNOWN]));
    expect(routes.filter((route) => !isOpen(route))).toEqual(expect.arrayContaining(TOKEN_ROUTES_KNOWN));
  });

  it('refuses a token revoked elsewhere (401) on every route that needs one, at once and storing nothing', async () => {
    const answers = [];
    for (const route of routedRoutes().filter((each) => !isOpen(each))) {
      const base = await h().fresh();
      const first = await (await prepared(route, base)).send();
      const second = await prepared(route, base);
      const before = await storedOf(base);
      await revoke(base);
      const refused = await second.send();
      const stored = await storedOf(base);
      const preflight = await request(other().getHttpServer()).options(second.path).set('Authorization', `Bearer ${base.token}`)
        .set('Origin', 'https://example.com').set('Access-Control-Request-Method', route.split(' ')[0]);
      answers.push({
        route,
        first: first.status < 300 ? 'answered' : first.status === 405 && firstAnswerOf(route) === '405' ? '405' : `${first.status} ${first.text}`,
        refused: [refused.status, refused.headers['www-authenticate'], route.startsWith('HEAD ') ? 'UNAUTHORIZED' : refused.body.error?.code],
        stored: JSON.stringify(stored) === JSON.stringify(before) ? 'nothing' : stored,
        preflight: preflight.status,
      });
    }
    expect(answers).toEqual(answers.map(({ route }) => ({
      route, first: firstAnswerOf(route), refused: [401, challengeOf(route), 'UNAUTHORIZED'], stored: 'nothing', preflight: 204,
    })));
  });

  it('answers the open routes with no token, a revoked one sent or not', async () => {
    const base = await h().fresh();
    await revoke(base);
    const answers = [];
    for (const route of OPEN_ROUTES.flatMap((each) => (each.startsWith('GET ') ? [each, each.replace(/^GET /, 'HEAD ')] : [each]))) {
      const [method, path] = route.split(' ');
      const withRevoked = await request(other().getHttpServer())[method.toLowerCase() as Method](path).set('Authorization', `Bearer ${base.token}`);
      const without = await request(other().getHttpServer())[method.toLowerCase() as Method](path);
      answers.push({ route, statuses: [withRevoked.status, without.status] });
    }
    // Swagger UI's LICENSE route answers 404: nothing there, but no token asked for either; the OAuth
    // endpoints answer an empty request 400 in OAuth terms (no parameters), never 401.
    const expected = (route: string) => (route.endsWith('/LICENSE') ? [404, 404] : route.startsWith('POST /oauth/') ? [400, 400] : [200, 200]);
    expect(answers).toEqual(answers.map(({ route }) => ({ route, statuses: expected(route) })));
  });
});
