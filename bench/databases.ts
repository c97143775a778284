// The database a bench run seeds and measures: a SQLite file in a temporary directory, or a
// PostgreSQL database made for the run; either is removed afterwards.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

function fileMiB(path: string): number {
  try {
    return statSync(path).size / (1024 * 1024);
  } catch {
    return 0;
  }
}

/** In MiB: SQLite's file and its WAL; PostgreSQL's pg_database_size as `db`, without a WAL of its own. */
export interface DatabaseSize {
  db: number;
  wal?: number;
}

export function describeSize(size: DatabaseSize): string {
  if (size.wal === undefined) return `${size.db.toFixed(1)} MiB (pg_database_size)`;
  return `${(size.db + size.wal).toFixed(1)} MiB (db ${size.db.toFixed(1)} + wal ${size.wal.toFixed(1)})`;
}

/** The database a run seeds and measures, made for the run and removed after it. */
export interface BenchDatabase {
  /** What the seeder and the service open: a file path or a postgres:// URL. */
  location: string;
  /** Brings the seeded database to the state it would soon reach by itself in service; part of seeding. */
  settle(): Promise<void>;
  size(): Promise<DatabaseSize>;
  remove(): Promise<void>;
}

export function sqliteDatabase(): BenchDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'kbp-bench-'));
  const path = join(dir, 'kb.db');
  return {
    location: path,
    settle: async () => {},
    size: async () => ({ db: fileMiB(path), wal: fileMiB(`${path}-wal`) }),
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A database of its own on the server, named after this process and the time, so runs never share one. */
export async function postgresDatabase(): Promise<BenchDatabase> {
  const serverUrl = process.env.KB_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `kbp_bench_${process.pid}_${Date.now()}`;
  const server = new pg.Client({ connectionString: serverUrl });
  // A lost connection shows in the next query; unheard, the event would end the process first.
  server.on('error', () => {});
  await server.connect();
  await server.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    location: url.toString(),
    // What autovacuum does soon after a bulk load anyway, done before measuring rather than during
    // it: planner statistics, the visibility map for index-only scans, the GIN pending lists merged.
    settle: async () => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await client.query('VACUUM ANALYZE');
        // The checkpoint writes the loaded pages out now, not while an operation is measured.
        await client.query('CHECKPOINT');
      } finally {
        await client.end();
      }
    },
    size: async () => {
      const { rows } = await server.query<{ bytes: string }>('SELECT pg_database_size($1) AS bytes', [name]);
      return { db: Number(rows[0].bytes) / (1024 * 1024) };
    },
    remove: async () => {
      try {
        await server.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await server.end();
      }
    },
  };
}
