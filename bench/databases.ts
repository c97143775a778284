// The database a bench run seeds and measures, made for the run and removed after it: a SQLite file
// in a temporary directory, or a MySQL/MariaDB database of its own on the server KB_BENCH_MYSQL_URL
// names (default mysql://root@127.0.0.1:3306), dropped at the end.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';

export type BenchBackend = 'sqlite' | 'mysql';

export interface BenchDatabase {
  backend: BenchBackend;
  /** What the seeder and the service open: a file path or a mysql:// URL. */
  url: string;
  /** Brings a freshly seeded database to the state it soon reaches by itself in service (part of seeding). */
  settle(): Promise<void>;
  /** Size in MiB: SQLite's file and its WAL; MySQL's data and indexes (information_schema). */
  sizeMiB(): Promise<number>;
  remove(): Promise<void>;
}

function fileMiB(path: string): number {
  try {
    return statSync(path).size / (1024 * 1024);
  } catch {
    return 0;
  }
}

export function sqliteDatabase(): BenchDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'kbp-bench-'));
  const path = join(dir, 'kb.db');
  return {
    backend: 'sqlite',
    url: path,
    settle: async () => {},
    sizeMiB: async () => fileMiB(path) + fileMiB(`${path}-wal`),
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

export const MYSQL_SERVER_URL = process.env.KB_BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

/** A database named after this process and the time, so runs never share one. */
export async function mysqlDatabase(): Promise<BenchDatabase> {
  const name = `kbp_bench_${process.pid}_${Date.now()}`;
  const admin = await createConnection(MYSQL_SERVER_URL);
  await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  const url = new URL(MYSQL_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    backend: 'mysql',
    url: url.toString(),
    // InnoDB recomputes table statistics in the background after a bulk load; done now, not while a row is measured.
    settle: async () => {
      const [tables] = await admin.query('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ?', [name]);
      for (const table of tables as { name: string }[]) await admin.query(`ANALYZE TABLE ${name}.${table.name}`);
    },
    sizeMiB: async () => {
      const [rows] = await admin.query(
        'SELECT COALESCE(SUM(data_length + index_length), 0) AS bytes FROM information_schema.tables WHERE table_schema = ?', [name],
      );
      return Number((rows as { bytes: number }[])[0].bytes) / (1024 * 1024);
    },
    remove: async () => {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      } finally {
        await admin.end();
      }
    },
  };
}
