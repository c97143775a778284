// The e2e harness: one app per test file and backend, on a fresh migrated database (dropped after),
// driven over real HTTP with supertest. Each test takes a fresh knowledge base and owner token.
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { EntityManager } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { issueToken, hashToken } from '../../src/auth/tokens';
import { defaults, type AppConfig } from '../../src/config/config';
import { UnitOfWork } from '../../src/database/unit-of-work';
import type { Role, Scope } from '../../src/vocabulary';
import { backends, createTestDatabase, type Backend, type TestDatabase } from './databases';

export { backends, type Backend };

export interface Harness {
  backend: Backend;
  app: INestApplication;
  db: UnitOfWork;
  database: TestDatabase;
  /** A new knowledge base with an owner and a write token. */
  fresh(): Promise<TestBase>;
  close(): Promise<void>;
}

export interface TestBase {
  baseId: string;
  token: string;
  ownerId: number;
  /** supertest agent bound to the app's HTTP server. */
  http: ReturnType<typeof request>;
  /** A request with this base's token unless `token` is given (null: no Authorization header). */
  call(method: 'get' | 'post' | 'patch' | 'delete' | 'head' | 'options' | 'put', path: string, options?: CallOptions): request.Test;
  pagesPath(contentId?: string): string;
  createPage(body: Record<string, unknown>): Promise<Record<string, any>>;
  /** Pages with the given levels, in order; their content ids. */
  createOutline(levels: number[]): Promise<string[]>;
}

export interface CallOptions {
  body?: unknown;
  token?: string | null;
  headers?: Record<string, string>;
}

let counter = 0;
export const uniqueName = (prefix = 'base'): string => `${prefix}-${process.pid}-${++counter}-${Date.now().toString(36)}`;

export async function insertBase(db: UnitOfWork, baseId: string, view = 'L', description = `Base ${baseId}`): Promise<void> {
  await db.write((tx) => insertBaseRow(tx, baseId, view, description));
}

/** The row of a base, inserted in the caller's write. */
export async function insertBaseRow(tx: EntityManager, baseId: string, view = 'L', description = `Base ${baseId}`): Promise<void> {
  await tx.query('INSERT INTO bases (base_id, description, view_mode, live_pages, outline_version, created_at) VALUES (?, ?, ?, 0, 0, ?)', [baseId, description, view, new Date().toISOString()]);
}

/** A base's description as committed. */
export async function descriptionOf(db: UnitOfWork, baseId: string): Promise<string> {
  return (await db.reader.query('SELECT description FROM bases WHERE base_id = ?', [baseId]))[0].description;
}

export async function insertUser(db: UnitOfWork, baseId: string, role: Role | null): Promise<number> {
  const email = `${uniqueName('user')}@example.com`;
  return db.write(async (tx) => {
    await tx.query('INSERT INTO users (email, name, created_at) VALUES (?, ?, ?)', [email, 'Test User', new Date().toISOString()]);
    const [row] = await tx.query('SELECT user_id FROM users WHERE email = ?', [email]);
    const userId = Number(row.user_id);
    if (role) await tx.query('INSERT INTO members (base_id, user_id, role) VALUES (?, ?, ?)', [baseId, userId, role]);
    return userId;
  });
}

export async function insertToken(
  db: UnitOfWork,
  options: { baseId: string; userId: number; scope?: Scope; expiresAt?: string; revoked?: boolean },
): Promise<string> {
  const issued = issueToken();
  const now = new Date().toISOString();
  await db.write((tx) => tx.query(
    `INSERT INTO tokens (token_id, base_id, user_id, token_hash, display_prefix, last_four, scope, created_at, expires_at, revoked_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [issued.tokenId, options.baseId, options.userId, hashToken(issued.token), issued.displayPrefix, issued.lastFour,
      options.scope ?? 'write', now, options.expiresAt ?? new Date(Date.now() + 86_400_000).toISOString(), options.revoked ? now : null],
  ));
  return issued.token;
}

export async function createHarness(backend: Backend, config: Partial<AppConfig> = {}): Promise<Harness> {
  const database = await createTestDatabase(backend);
  const app = await createApp({ ...defaults, logLevel: 'silent', ...config, databaseUrl: database.url });
  await app.listen(0, '127.0.0.1');
  const db = app.get(UnitOfWork);
  const http = request(app.getHttpServer());
  return {
    backend, app, db, database,
    async fresh() {
      const baseId = uniqueName();
      await insertBase(db, baseId);
      const ownerId = await insertUser(db, baseId, 'owner');
      const token = await insertToken(db, { baseId, userId: ownerId });
      const base: TestBase = {
        baseId, token, ownerId, http,
        call(method, path, options = {}) {
          let req = http[method](`/api/v1${path}`);
          const t = options.token === undefined ? token : options.token;
          if (t !== null) req = req.set('Authorization', `Bearer ${t}`);
          for (const [k, v] of Object.entries(options.headers ?? {})) req = req.set(k, v);
          if (options.body !== undefined) {
            if (!options.headers || !Object.keys(options.headers).some((k) => k.toLowerCase() === 'content-type')) req = req.set('Content-Type', 'application/json');
            req = req.send(typeof options.body === 'string' ? options.body : JSON.stringify(options.body));
          }
          return req;
        },
        pagesPath: (contentId) => `/bases/${baseId}/pages${contentId === undefined ? '' : `/${contentId}`}`,
        async createPage(body) {
          const res = await base.call('post', base.pagesPath(), { body });
          if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
          return res.body;
        },
        async createOutline(levels) {
          const ids: string[] = [];
          for (const [i, level] of levels.entries()) {
            const page = await base.createPage({ title: `P${i}` });
            if (level > 0) {
              const res = await base.call('patch', base.pagesPath(page.content_id), { body: { level } });
              if (res.status !== 200) throw new Error(`level failed: ${res.status} ${res.text}`);
            }
            ids.push(page.content_id);
          }
          return ids;
        },
      };
      return base;
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** Runs `suite` once per backend with a harness made before and closed after; `backend` lets a suite skip what is one backend's only. */
export function describeEachBackend(title: string, suite: (harness: () => Harness, backend: Backend) => void, config: Partial<AppConfig> = {}): void {
  describe.each(backends)(`${title} [%s]`, (backend) => {
    let harness: Harness;
    beforeAll(async () => {
      harness = await createHarness(backend, config);
    });
    afterAll(async () => {
      await harness?.close();
    });
    suite(() => harness, backend);
  });
}

/**
 * A second service on the harness's database, as another process behind a load balancer would be:
 * made before the suite's tests and closed after them. Call inside a describeEachBackend suite.
 */
export function secondService(harness: () => Harness): () => INestApplication {
  let other: INestApplication;
  beforeAll(async () => {
    other = await createApp({ ...defaults, logLevel: 'silent', databaseUrl: harness().database.url });
  });
  afterAll(async () => {
    await other?.close();
  });
  return () => other;
}

/** The error envelope with `status` and `code`. */
export function expectError(res: request.Response, status: number, code: string): void {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(typeof res.body.error.message).toBe('string');
  expect(Object.keys(res.body)).toEqual(['error']);
}
