// Fresh databases for tests: a SQLite file in a temporary folder, or a MariaDB/MySQL database of
// the test's own on KB_TEST_MYSQL_URL (default the local server), dropped afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';

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
