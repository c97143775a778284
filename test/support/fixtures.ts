// Test factories: a real SQLite file per test app, bases, users, tokens, pages over real HTTP.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { issueToken } from '../../src/auth/tokens.ts';
import type { Role, Scope } from '../../src/domain/types.ts';
import { buildApp } from '../../src/http/app.ts';
import type { Store } from '../../src/store/store.ts';
import { openTestStore } from './test-store.ts';

export interface TestContext {
  app: FastifyInstance;
  store: Store;
  baseId: string;
  /** A read+write token of the base's owner. */
  token: string;
  close(): Promise<void>;
}

let counter = 0;

export async function createToken(
  store: Store,
  options: { baseId: string; userId: number; scope?: Scope; expiresAt?: string },
): Promise<string> {
  const issued = issueToken();
  await store.createToken({
    tokenId: issued.tokenId,
    baseId: options.baseId,
    userId: options.userId,
    tokenHash: issued.tokenHash,
    displayPrefix: issued.displayPrefix,
    lastFour: issued.lastFour,
    scope: options.scope ?? 'write',
    createdAt: new Date().toISOString(),
    expiresAt: options.expiresAt ?? new Date(Date.now() + 3600_000).toISOString(),
  });
  return issued.token;
}

export async function addUser(store: Store, baseId: string, role: Role): Promise<number> {
  const user = await store.createUser(`user${++counter}-${process.pid}@example.com`, 'Test User', new Date().toISOString());
  await store.setMemberRole(baseId, user.userId, role);
  return user.userId;
}

export async function createBase(store: Store, baseId: string): Promise<void> {
  await store.createBase({ baseId, description: `Base ${baseId}`, view: 'L' }, new Date().toISOString());
}

export async function setup(options: { bodyLimit?: number } = {}): Promise<TestContext> {
  const { store, dispose } = await openTestStore();
  const baseId = 'team-docs';
  await createBase(store, baseId);
  const ownerId = await addUser(store, baseId, 'owner');
  const token = await createToken(store, { baseId, userId: ownerId });
  const app = buildApp({ store, bodyLimit: options.bodyLimit });
  await app.ready();
  return { app, store, baseId, token, close: async () => { await app.close(); await dispose(); } };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT' | 'HEAD' | 'OPTIONS';

export function call(
  ctx: TestContext,
  method: Method,
  path: string,
  options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? ctx.token : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (options.body !== undefined) {
    payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  return ctx.app.inject({ method, url: `/api/v1${path}`, headers, payload });
}

/** Creates a page over the API and returns its JSON. */
export async function createPage(ctx: TestContext, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await call(ctx, 'POST', `/bases/${ctx.baseId}/pages`, { body });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Creates pages with the given levels in order; returns their content ids. */
export async function createOutline(ctx: TestContext, levels: number[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, level] of levels.entries()) {
    const page = await createPage(ctx, { title: `P${i}` });
    if (level > 0) {
      const res = await call(ctx, 'PATCH', `/bases/${ctx.baseId}/pages/${page.content_id}`, { body: { level } });
      if (res.statusCode !== 200) throw new Error(`level failed: ${res.statusCode} ${res.body}`);
    }
    ids.push(page.content_id);
  }
  return ids;
}

export function uniqueName(): string {
  return `t${process.pid}-${++counter}`;
}
