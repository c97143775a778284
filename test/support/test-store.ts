// The store under test. KB_TEST_BACKEND=postgres|sqlite (default sqlite) chooses the backend:
// SQLite is a real file in a fresh directory; PostgreSQL is a schema of its own inside one test
// database on the local server (KB_TEST_PG_URL, default kbp_test at 127.0.0.1:5432), emptied after
// each test and dropped when the test process ends.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { PostgresOptions } from '../../src/store/postgres/pool.ts';
import { PostgresStore } from '../../src/store/postgres/postgres-store.ts';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import type { Store } from '../../src/store/store.ts';

export interface TestStore {
  store: Store;
  dispose(): Promise<void>;
  /** The PostgreSQL schema holding the store's tables. */
  schema?: string;
}

export const testBackend = process.env.KB_TEST_BACKEND === 'postgres' ? 'postgres' : 'sqlite';
export const testDatabaseUrl = process.env.KB_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/kbp_test';

/** A fresh store for one test; the backend is chosen by KB_TEST_BACKEND (sqlite by default). */
export function openTestStore(): Promise<TestStore> {
  return testBackend === 'postgres' ? openPostgresTestStore() : openSqliteTestStore();
}

/** A fresh, migrated SQLite store in its own temporary directory, whatever KB_TEST_BACKEND says. */
export async function openSqliteTestStore(): Promise<TestStore> {
  const dir = mkdtempSync(join(tmpdir(), 'kbp-test-'));
  const store = new SqliteStore(join(dir, 'kb.db'));
  await store.migrate();
  return { store, dispose: async () => { await store.close(); rmSync(dir, { recursive: true, force: true }); } };
}

/** The same URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

let admin: Promise<pg.Pool> | undefined;

/**
 * Creates the test database and its extensions once per process, clears away the schemas of
 * test processes that have ended, then hands out a small pool on the database.
 */
function adminPool(): Promise<pg.Pool> {
  admin ??= (async () => {
    const database = new URL(testDatabaseUrl).pathname.slice(1);
    const server = new pg.Client({ connectionString: withDatabase(testDatabaseUrl, 'postgres') });
    await server.connect();
    try {
      await server.query(`CREATE DATABASE "${database}"`);
    } catch (error) {
      // 42P04: created already; 23505: another test process created it at the same moment.
      if (!['42P04', '23505'].includes((error as { code?: string }).code ?? '')) throw error;
    } finally {
      await server.end();
    }
    const pool = new pg.Pool({ connectionString: testDatabaseUrl, max: 2, allowExitOnIdle: true });
    pool.on('error', () => {});
    // The extensions live in public, which every test schema's search_path includes.
    await retryOnRace(() => pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public'));
    await retryOnRace(() => pool.query('CREATE EXTENSION IF NOT EXISTS btree_gin SCHEMA public'));
    await dropSchemasOfEndedProcesses(pool);
    process.once('beforeExit', () => { void dropSpareSchemas(pool); });
    return pool;
  })();
  return admin;
}

async function retryOnRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    return work();
  }
}

const SCHEMA_PREFIX = 'kbt_';

/** A schema name no other test store uses, even across parallel test processes. */
function freshSchemaName(): string {
  return `${SCHEMA_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

async function dropSchemasOfEndedProcesses(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ name: string }>(
    `SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE '${SCHEMA_PREFIX}%'`,
  );
  for (const { name } of rows) {
    const pid = Number(name.split('_')[1]);
    if (Number.isInteger(pid) && pid !== process.pid && !processAlive(pid)) {
      await pool.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`).catch(() => {});
    }
  }
}

// Creating and migrating a schema costs far more than emptying one, so a disposed store's schema
// is emptied and handed to the next test of this process; the last are dropped when it ends.
const spareSchemas: string[] = [];

async function dropSpareSchemas(pool: pg.Pool): Promise<void> {
  for (const schema of spareSchemas.splice(0)) await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
  await pool.end();
}

/** Empties every table but schema_migrations and restarts the identity counters: a fresh store. */
function emptySchema(schema: string): string {
  return `DO $$
    DECLARE item record;
    BEGIN
      SET LOCAL session_replication_role = replica;
      FOR item IN SELECT tablename AS name FROM pg_tables WHERE schemaname = '${schema}' AND tablename <> 'schema_migrations' LOOP
        EXECUTE format('DELETE FROM %I.%I', '${schema}', item.name);
      END LOOP;
      FOR item IN SELECT sequencename AS name FROM pg_sequences WHERE schemaname = '${schema}' LOOP
        EXECUTE format('ALTER SEQUENCE %I.%I RESTART', '${schema}', item.name);
      END LOOP;
    END $$`;
}

/**
 * A fresh, migrated PostgreSQL store in a schema no other open store uses. `options` may point it
 * at the test database by another route (`url`, e.g. through a proxy) or set its pool settings.
 */
export async function openPostgresTestStore(options: Partial<PostgresOptions> = {}): Promise<TestStore> {
  const pool = await adminPool();
  let schema = spareSchemas.pop();
  if (schema === undefined) {
    schema = freshSchemaName();
    await pool.query(`CREATE SCHEMA ${schema}`);
  }
  const store = new PostgresStore({ url: testDatabaseUrl, poolMax: 4, ...options, schema });
  await store.migrate();
  return {
    store,
    schema,
    dispose: async () => {
      await store.close();
      try {
        await pool.query(emptySchema(schema));
        spareSchemas.push(schema);
      } catch {
        await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      }
    },
  };
}

/** True when the test PostgreSQL server answers; the PostgreSQL-only suites skip otherwise. */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: withDatabase(testDatabaseUrl, 'postgres'), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
