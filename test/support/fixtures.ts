// Test factories: a real SQLite file per test app, bases, users, tokens, pages over real HTTP.
import assert from 'node:assert/strict';
import type { TestContext as NodeTestContext } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { hashToken, issueToken } from '../../src/auth/tokens.ts';
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

// ---- Helpers of the HTTP behaviour suite (test/http) ----

/** `path` below /api/v1 of a page of the context's base, or of the page list when no id is given. */
export function pagesPath(ctx: TestContext, contentId?: string): string {
  return `/bases/${ctx.baseId}/pages${contentId === undefined ? '' : `/${contentId}`}`;
}

/** Asserts the one error shape: status, exactly { error: { code, message } }, a message, JSON. */
export function assertError(res: LightMyRequestResponse, status: number, code: string): void {
  assert.equal(res.statusCode, status, `expected ${status} ${code}, got ${res.statusCode}: ${res.body}`);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  const body = res.json();
  assert.deepEqual(Object.keys(body), ['error']);
  assert.deepEqual(Object.keys(body.error).sort(), ['code', 'message']);
  assert.equal(body.error.code, code);
  assert.equal(typeof body.error.message, 'string');
  assert.ok(body.error.message.trim().length > 0, 'message must say what to fix');
}

/** A second base with its own owner and read+write token. */
export async function createOtherBase(
  ctx: TestContext, baseId = 'other-base',
): Promise<{ baseId: string; ownerId: number; token: string }> {
  await createBase(ctx.store, baseId);
  const ownerId = await addUser(ctx.store, baseId, 'owner');
  return { baseId, ownerId, token: await createToken(ctx.store, { baseId, userId: ownerId }) };
}

/** The stored id of an issued token (what `kbp token revoke` takes). */
export async function tokenIdOf(store: Store, token: string): Promise<string> {
  const record = await store.findTokenByHash(hashToken(token));
  if (!record) throw new Error('token not stored');
  return record.tokenId;
}

/**
 * The context's base and token served by another app over `store` (for example a wrapper of
 * ctx.store whose one method fails). Closing it closes only that app.
 */
export async function withStore(ctx: TestContext, store: Store): Promise<TestContext> {
  const app = buildApp({ store });
  await app.ready();
  return { ...ctx, app, store, close: () => app.close() };
}

/** ctx.store with one method replaced; every other method is the real one. */
export function storeReplacing<K extends keyof Store>(store: Store, method: K, replacement: Store[K]): Store {
  return new Proxy(store, {
    get(target, prop) {
      if (prop === method) return replacement;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** setup() for one node:test test, closed when the test ends. */
export async function setupFor(
  t: { after(fn: () => Promise<void>): void }, options: { bodyLimit?: number } = {},
): Promise<TestContext> {
  const ctx = await setup(options);
  t.after(() => ctx.close());
  return ctx;
}

/**
 * Freezes the clock of the service at the current time for one test, so timestamps are equal
 * until `advance` moves them on: tests of updated_at never depend on how fast they run.
 */
export function controlClock(t: NodeTestContext): { advance(ms?: number): void } {
  t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
  return { advance: (ms = 1000) => t.mock.timers.tick(ms) };
}
