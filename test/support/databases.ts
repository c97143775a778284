// Fresh databases for tests: a SQLite file in a temporary folder, or a MariaDB/MySQL database of
// the test's own on KB_TEST_MYSQL_URL (default the local server), dropped afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { dataSourceOptions, parseDatabaseUrl } from '../../src/database/data-source';

export type Backend = 'sqlite' | 'mysql';

/** The backends a storage suite runs on: both, unless KB_TEST_BACKENDS names fewer (sqlite,mysql). */
export const backends: Backend[] = (process.env.KB_TEST_BACKENDS ?? 'sqlite,mysql')
  .split(',')
  .map((name) => name.trim())
  .filter((name): name is Backend => name === 'sqlite' || name === 'mysql');

export const MYSQL_SERVER_URL = process.env.KB_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

export interface TestDatabase {
  backend: Backend;
  /** What KB_DATABASE_URL or --db takes. */
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'kbp-test-'));
    return { backend, url: join(dir, 'kb.db'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `kbtest_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = await createConnection(MYSQL_SERVER_URL);
  try {
    await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  } finally {
    await admin.end();
  }
  const server = new URL(MYSQL_SERVER_URL);
  server.pathname = `/${name}`;
  return {
    backend,
    url: server.toString(),
    drop: async () => {
      const conn = await createConnection(MYSQL_SERVER_URL);
      try {
        await conn.query(`DROP DATABASE IF EXISTS ${name}`);
      } finally {
        await conn.end();
      }
    },
  };
}

/** A test database migrated from empty, with a data source open on it; close() closes and drops both. */
export interface MigratedDatabase {
  source: DataSource;
  close(): Promise<void>;
}

export async function migratedDatabase(backend: Backend): Promise<MigratedDatabase> {
  const database = await createTestDatabase(backend);
  const source = new DataSource(dataSourceOptions(parseDatabaseUrl(database.url)));
  try {
    await source.initialize();
    await source.runMigrations();
  } catch (error) {
    if (source.isInitialized) await source.destroy();
    await database.drop();
    throw error;
  }
  return {
    source,
    close: async () => {
      await source.destroy();
      await database.drop();
    },
  };
}

/** One describe per backend over a database migrated from empty, made before its tests and dropped after. */
export function describeEachMigrated(name: string, body: (source: () => DataSource, backend: Backend) => void): void {
  describe.each(backends)(`${name} [%s]`, (backend) => {
    let database: MigratedDatabase | undefined;
    beforeAll(async () => {
      database = await migratedDatabase(backend);
    });
    afterAll(async () => {
      await database?.close();
    });
    body(() => database!.source, backend);
  });
}
