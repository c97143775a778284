// The protection of every mounted route, read from the controllers' metadata the way the guard
// chain reads it, as a committed snapshot: a diff here is a change of who may call what, to be
// reviewed as such, not a snapshot to refresh. Also: every mounted route is a controller route
// (nothing bypasses the guard chain) except Swagger UI's own, public ones, and each route behaves
// as declared when called with no token.
import { GUARDS_METADATA, PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { RequestMethod, type Type } from '@nestjs/common';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import request from 'supertest';
import { Public, RequireScope } from '../../src/http/decorators/protection';
import { MCP_PATH } from '../../src/oauth/oauth-urls';
import { backends, createHarness, type Harness } from '../support/e2e';

interface Declaration {
  method: string;
  path: string;
  protection: string;
}

const joinPath = (...parts: string[]) => `/${parts.flatMap((p) => p.split('/')).filter(Boolean).join('/')}`;

function declaredRoutes(h: Harness): Declaration[] {
  const reflector = h.app.get(Reflector);
  const scanner = new MetadataScanner();
  const routes: Declaration[] = [];
  for (const module of h.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type;
      const prefixes: string[] = [Reflect.getMetadata(PATH_METADATA, controller) ?? ''].flat();
      for (const name of scanner.getAllMethodNames(controller.prototype)) {
        const handler = controller.prototype[name];
        const paths: string[] | string | undefined = Reflect.getMetadata(PATH_METADATA, handler);
        if (paths === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const isPublic = reflector.getAllAndOverride(Public, [handler, controller]) === true;
        // Without @RequireScope the chain asks for read: shown apart, as no @Auth() also means no documented 401/403.
        const scope = reflector.getAllAndOverride(RequireScope, [handler, controller]) ?? 'read (undeclared)';
        // A web page's own guards (its session, the cross-site check) are part of who may call it.
        const guards = [...(Reflect.getMetadata(GUARDS_METADATA, controller) ?? []), ...(Reflect.getMetadata(GUARDS_METADATA, handler) ?? [])]
          .map((guard: Type) => guard.name);
        const token = isPublic ? 'public: no token' : `owner's token of the path's base, scope ${scope}`;
        const protection = guards.length > 0 ? `${token}; guards ${guards.join(', ')}` : token;
        for (const prefix of prefixes) for (const path of [paths].flat()) routes.push({ method, path: joinPath(prefix, path), protection });
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** The routes Express actually routes, "METHOD /path". */
function mountedRoutes(h: Harness): string[] {
  const router = (h.app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } }).router;
  return router.stack
    .filter((layer) => layer.route)
    .flatMap((layer) => Object.keys(layer.route!.methods).filter((m) => m !== '_all').map((m) => `${m.toUpperCase()} ${layer.route!.path}`))
    .sort();
}

const sample: Record<string, string> = { base_id: 'some-base', content_id: 'abc123', asset: 'swagger-ui.css' };
const concrete = (path: string) => path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => sample[name] ?? 'x');

/** What SwaggerModule.setup mounts for Swagger UI at /api/v1/docs: its page and start-up script
 * (its static files come from a middleware, not routes); LICENSE answers 404. */
const swaggerUiRoutes = [
  'GET /api/v1/docs', 'GET /api/v1/docs/', 'GET /api/v1/docs/LICENSE', 'GET /api/v1/docs/docs/swagger-ui-init.js',
  'GET /api/v1/docs/index.html', 'GET /api/v1/docs/swagger-ui-init.js',
].sort();

/** Public to the guard chain, but authorizing their bearer themselves: the MCP endpoint answers its
 * 401 with the OAuth discovery header (src/mcp/mcp-endpoint.ts). */
const selfAuthorized = ['DELETE', 'GET', 'POST'].map((method) => `${method} ${MCP_PATH}`);

describe('route declarations', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness(backends[0]);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('declares the protection of every route (a diff is a change of permissions)', () => {
    expect(declaredRoutes(h).map((r) => `${r.method} ${r.path}  ${r.protection}`)).toMatchSnapshot();
  });

  it('mounts no route outside the controllers but Swagger UI\'s, so the guard chain sees every API route', () => {
    const declared = declaredRoutes(h).map((r) => `${r.method} ${r.path}`);
    const outside = mountedRoutes(h).filter((route) => !declared.includes(route));
    expect(outside).toEqual(swaggerUiRoutes);
    expect(mountedRoutes(h)).toEqual([...declared, ...swaggerUiRoutes].sort());
  });

  it('serves Swagger UI\'s routes with no token', async () => {
    const http = request(h.app.getHttpServer());
    for (const route of swaggerUiRoutes.filter((r) => !r.endsWith('LICENSE'))) {
      const path = route.slice('GET '.length);
      expect({ path, status: (await http.get(path)).status }).toEqual({ path, status: 200 });
    }
  });

  it('denies every non-public route without a token (401) and lets every public one through', async () => {
    const http = request(h.app.getHttpServer());
    const answers = [];
    for (const route of declaredRoutes(h)) {
      const res = await http[route.method.toLowerCase() as 'get'](concrete(route.path));
      answers.push({ route: `${route.method} ${route.path}`, unauthorized: res.status === 401 });
    }
    expect(answers).toEqual(declaredRoutes(h).map((r) => ({ route: `${r.method} ${r.path}`, unauthorized: !r.protection.startsWith('public') || selfAuthorized.includes(`${r.method} ${r.path}`) })));
  });
});
