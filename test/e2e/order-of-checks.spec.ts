// The order of checks, first failure wins (decisions "Order of checks"): every way a token can
// fail (401, 403 binding, 404 base gone, 403 role, 403 scope) against every way a request can
// fail after it (415, 413, 400 JSON, 400 field, 404 page), alone and combined. Above all, a body
// is never read, so never refused with 400/413/415, before the token has been accepted.
import { hashToken } from '../../src/auth/tokens';
import type { Role, Scope } from '../../src/vocabulary';
import { describeEachBackend, insertToken, insertUser, type Harness, type TestBase } from '../support/e2e';
import { removeBaseRow } from '../support/remove-base';

const BODY_LIMIT = 1000;
type Method = 'get' | 'post' | 'patch' | 'delete';
type Outcome = [status: number, code: string];

const UNAUTHORIZED: Outcome = [401, 'UNAUTHORIZED'];
const FORBIDDEN: Outcome = [403, 'FORBIDDEN'];
const NOT_FOUND: Outcome = [404, 'NOT_FOUND'];

/** What a request meets with one token: where it points and the failure its token causes. */
interface Reach {
  token: string | null;
  baseId: string;
}

interface AuthCase {
  label: string;
  /** The failure of the token step, or null when the token passes. */
  fails: Outcome | null;
  /** True when the token fails only on writes (a read-only token of the owner). */
  onWritesOnly?: boolean;
  reach(h: Harness, base: TestBase): Promise<Reach>;
}

async function tokenOf(h: Harness, base: TestBase, role: Role | null, options: { scope?: Scope; expiresAt?: string } = {}): Promise<string> {
  const userId = await insertUser(h.db, base.baseId, role);
  return insertToken(h.db, { baseId: base.baseId, userId, ...options });
}

const expired = new Date(Date.now() - 60_000).toISOString();

const authCases: AuthCase[] = [
  { label: 'no token', fails: UNAUTHORIZED, reach: async (_h, base) => ({ token: null, baseId: base.baseId }) },
  { label: 'a malformed token', fails: UNAUTHORIZED, reach: async (_h, base) => ({ token: 'not-a-token', baseId: base.baseId }) },
  { label: 'an unknown token', fails: UNAUTHORIZED, reach: async (_h, base) => ({ token: `kbp_${'A'.repeat(43)}`, baseId: base.baseId }) },
  { label: 'an expired token', fails: UNAUTHORIZED, reach: async (h, base) => ({ token: await tokenOf(h, base, 'owner', { expiresAt: expired }), baseId: base.baseId }) },
  {
    label: 'a revoked token', fails: UNAUTHORIZED,
    reach: async (h, base) => {
      const token = await tokenOf(h, base, 'owner');
      await h.db.write((tx) => tx.query('UPDATE tokens SET revoked_at = ? WHERE token_hash = ?', [new Date().toISOString(), hashToken(token)]));
      return { token, baseId: base.baseId };
    },
  },
  {
    label: 'an expired token of another base', fails: UNAUTHORIZED,
    reach: async (h, base) => ({ token: await tokenOf(h, await h.fresh(), 'owner', { expiresAt: expired }), baseId: base.baseId }),
  },
  { label: 'a token of another base', fails: FORBIDDEN, reach: async (h, base) => ({ token: (await h.fresh()).token, baseId: base.baseId }) },
  { label: 'a malformed base_id in the path', fails: FORBIDDEN, reach: async (_h, base) => ({ token: base.token, baseId: 'Bad_Base' }) },
  {
    label: 'a token whose base is gone, on another base', fails: FORBIDDEN,
    reach: async (h, base) => {
      const gone = await h.fresh();
      await removeBaseRow(h, gone.baseId);
      return { token: gone.token, baseId: base.baseId };
    },
  },
  {
    label: 'a token whose base is gone', fails: NOT_FOUND,
    reach: async (h, base) => {
      await removeBaseRow(h, base.baseId);
      return { token: base.token, baseId: base.baseId };
    },
  },
  {
    label: "a reader's read-only token whose base is gone", fails: NOT_FOUND,
    reach: async (h, base) => {
      const token = await tokenOf(h, base, 'reader', { scope: 'read' });
      await removeBaseRow(h, base.baseId);
      return { token, baseId: base.baseId };
    },
  },
  { label: 'a reader member', fails: FORBIDDEN, reach: async (h, base) => ({ token: await tokenOf(h, base, 'reader'), baseId: base.baseId }) },
  { label: 'a writer member', fails: FORBIDDEN, reach: async (h, base) => ({ token: await tokenOf(h, base, 'writer'), baseId: base.baseId }) },
  { label: 'a user who is not a member', fails: FORBIDDEN, reach: async (h, base) => ({ token: await tokenOf(h, base, null), baseId: base.baseId }) },
  { label: "a reader's read-only token", fails: FORBIDDEN, reach: async (h, base) => ({ token: await tokenOf(h, base, 'reader', { scope: 'read' }), baseId: base.baseId }) },
  {
    label: "the owner's read-only token", fails: FORBIDDEN, onWritesOnly: true,
    reach: async (h, base) => ({ token: await tokenOf(h, base, 'owner', { scope: 'read' }), baseId: base.baseId }),
  },
  { label: "the owner's write token", fails: null, reach: async (_h, base) => ({ token: base.token, baseId: base.baseId }) },
];

/** One request, and how it ends once the token has passed. */
interface Probe {
  label: string;
  /** Needs a live page of its own (a DELETE that succeeds), else shares one. */
  ownPage?: boolean;
  path(baseId: string, contentId: string): string;
  contentType?: string;
  payload?: string;
  afterAuth: Outcome;
}

const pagesPath = (baseId: string) => `/bases/${baseId}/pages`;
const pagePath = (unknown: boolean) => (baseId: string, contentId: string) => `${pagesPath(baseId)}/${unknown ? 'zzzzzz' : contentId}`;

function subsets<T>(items: readonly T[]): T[][] {
  return items.reduce<T[][]>((all, item) => [...all, ...all.map((subset) => [...subset, item])], [[]]);
}

const bodyDefects = ['wrong media type', 'malformed JSON', 'oversized body', 'invalid field'] as const;

/** POST or PATCH with every combination of body defects (and, for PATCH, an unknown page). */
function bodyProbes(method: 'post' | 'patch'): Probe[] {
  const pageChoices = method === 'patch' ? [false, true] : [false];
  return pageChoices.flatMap((unknownPage) => subsets(bodyDefects).map((defects): Probe => {
    const has = (defect: (typeof bodyDefects)[number]) => defects.includes(defect);
    const fields: Record<string, unknown> = { title: has('invalid field') ? '' : 'Changed' };
    if (has('oversized body')) fields.body = 'x'.repeat(BODY_LIMIT * 2);
    const json = JSON.stringify(fields);
    const success: Outcome = method === 'post' ? [201, ''] : [200, ''];
    const afterAuth: Outcome =
      has('wrong media type') ? [415, 'UNSUPPORTED_MEDIA_TYPE']
        : has('oversized body') ? [413, 'PAYLOAD_TOO_LARGE']
          : has('malformed JSON') || has('invalid field') ? [400, 'BAD_REQUEST']
            : unknownPage ? NOT_FOUND : success;
    return {
      label: [...defects, ...(unknownPage ? ['unknown page'] : [])].join(' + ') || 'nothing wrong',
      path: method === 'post' ? pagesPath : pagePath(unknownPage),
      contentType: has('wrong media type') ? 'text/plain' : 'application/json',
      payload: has('malformed JSON') ? json.slice(0, -1) : json,
      afterAuth,
    };
  }));
}

/** A stray body on a method that takes none is not read, so it is never refused. */
const strayBody = { contentType: 'text/plain', payload: '{not json' };

const probesOf: Record<Method, Probe[]> = {
  post: bodyProbes('post'),
  patch: bodyProbes('patch'),
  delete: [
    { label: 'nothing wrong', ownPage: true, path: pagePath(false), afterAuth: [204, ''] },
    { label: 'a stray body', ownPage: true, path: pagePath(false), ...strayBody, afterAuth: [204, ''] },
    { label: 'unknown page', path: pagePath(true), afterAuth: NOT_FOUND },
    { label: 'unknown page + a stray body', path: pagePath(true), ...strayBody, afterAuth: NOT_FOUND },
  ],
  get: [
    { label: 'nothing wrong', path: pagePath(false), afterAuth: [200, ''] },
    { label: 'a stray body', path: pagePath(false), ...strayBody, afterAuth: [200, ''] },
    { label: 'unknown page', path: pagePath(true), afterAuth: NOT_FOUND },
    { label: 'invalid query parameter', path: (baseId) => `${pagesPath(baseId)}?limit=many`, afterAuth: [400, 'BAD_REQUEST'] },
    { label: 'invalid query parameter + a stray body', path: (baseId) => `${pagesPath(baseId)}?limit=0`, ...strayBody, afterAuth: [400, 'BAD_REQUEST'] },
  ],
};

function expectedOutcome(method: Method, auth: AuthCase, probe: Probe): Outcome {
  const tokenFails = auth.fails && !(auth.onWritesOnly && method === 'get');
  return tokenFails ? auth.fails! : probe.afterAuth;
}

async function send(base: TestBase, method: Method, reach: Reach, probe: Probe, contentId: string): Promise<Outcome> {
  let req = base.http[method](`/api/v1${probe.path(reach.baseId, contentId)}`);
  if (reach.token !== null) req = req.set('Authorization', `Bearer ${reach.token}`);
  if (probe.payload !== undefined) req = req.set('Content-Type', probe.contentType!).send(probe.payload);
  const res = await req;
  return [res.status, res.status < 300 ? '' : res.body?.error?.code];
}

describeEachBackend('order of checks', (h) => {
  describe.each(['post', 'patch', 'delete', 'get'] as const)('%s', (method) => {
    it.each(authCases.map((auth) => [auth.label, auth] as const))('with %s', async (_label, auth) => {
      const base = await h().fresh();
      const probes = probesOf[method];
      const shared = (await base.createPage({ title: 'Shared' })).content_id as string;
      const pageOf = new Map<Probe, string>();
      for (const probe of probes) pageOf.set(probe, probe.ownPage ? (await base.createPage({ title: 'Own' })).content_id : shared);
      const reach = await auth.reach(h(), base);

      const got: Record<string, Outcome> = {};
      const wanted: Record<string, Outcome> = {};
      for (const probe of probes) {
        got[probe.label] = await send(base, method, reach, probe, pageOf.get(probe)!);
        wanted[probe.label] = expectedOutcome(method, auth, probe);
      }
      expect(got).toEqual(wanted);
    });
  });
}, { bodyLimit: BODY_LIMIT });
