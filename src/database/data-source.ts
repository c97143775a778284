// The DataSource options of a database URL: SQLite through better-sqlite3 (a file path or
// sqlite:PATH) or MySQL/MariaDB through mysql2 (mysql:// or mariadb://). Shared by the service,
// the kbp command and the TypeORM CLI (ormconfig.ts). Never synchronize: migrations only.
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import { ConfigError } from '../config/config';
import { PREPARED_PER_CONNECTION } from './prepared-reads';

export type Dialect = 'sqlite' | 'mysql';

export interface DatabaseTarget {
  dialect: Dialect;
  /** SQLite: absolute file path. MySQL: the URL as given. */
  location: string;
  /** MySQL/MariaDB: which TypeORM driver flavour the URL names. */
  flavour?: 'mysql' | 'mariadb';
}

/**
 * Pages each SQLite connection keeps in memory, in KiB (better-sqlite3 builds SQLite with 16 MB). The
 * operating system caches the file anyway: at 100,000 pages the bench answered as fast with 4 MB
 * (searches 0–8% faster, one run each), and the service's peak RSS was 12 MiB lower.
 */
export const SQLITE_CACHE_KIB = 4000;

/** How long a SQLite writer waits for another process's write lock before answering busy. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

export function parseDatabaseUrl(url: string): DatabaseTarget {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  // sqlite://PATH is sqlite:PATH too (so sqlite:///srv/kb.db is an absolute path), as kbp always took it.
  if (scheme === 'sqlite') return parseDatabaseUrl(`sqlite:${url.slice('sqlite://'.length)}`);
  if (scheme === 'mysql' || scheme === 'mariadb') return { dialect: 'mysql', location: url, flavour: scheme };
  if (scheme !== undefined) {
    throw new ConfigError(
      `The database URL must be a file path, sqlite:PATH, mysql://… or mariadb://…, not "${scheme}://…" (PostgreSQL is not supported).`,
    );
  }
  const path = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : url;
  if (path === '') throw new ConfigError('The SQLite database path is empty.');
  return { dialect: 'sqlite', location: resolve(path) };
}

const entities = [join(__dirname, '..', '**', '*.entity.{ts,js}')];
const migrations = [join(__dirname, '..', '**', 'migrations', '*.{ts,js}')];

/** TypeORM options for a target; `readonly` opens a SQLite connection that only reads. */
export function dataSourceOptions(target: DatabaseTarget, readonly = false): DataSourceOptions {
  const common = { entities, migrations, synchronize: false, migrationsRun: false, migrationsTableName: 'kb_migrations', logging: false } as const;
  if (target.dialect === 'sqlite') {
    if (!readonly) mkdirSync(dirname(target.location), { recursive: true });
    return {
      ...common,
      type: 'better-sqlite3',
      database: target.location,
      readonly,
      timeout: SQLITE_BUSY_TIMEOUT_MS,
      enableWAL: !readonly,
      statementCacheSize: 200,
      prepareDatabase: (db: { pragma(sql: string): unknown }) => {
        db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
        // WAL with synchronous NORMAL: a commit survives a crash of the process (not of the machine's power).
        if (!readonly) db.pragma('synchronous = NORMAL');
        db.pragma('foreign_keys = ON');
        db.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
      },
    };
  }
  return {
    ...common,
    type: target.flavour ?? 'mysql',
    url: target.location,
    charset: 'utf8mb4_bin',
    timezone: 'Z',
    supportBigNumbers: true,
    poolSize: 10,
    connectTimeout: 5000,
    // For a write's statements sent with its next one (statement-pipeline.ts) and reads sent
    // together (read-together.ts). Both join statements only through statementsTogether (sql.ts),
    // which takes nothing but Sql: every value goes as a parameter.
    multipleStatements: true,
    // trace: mysql2 captures a stack trace for every query, to put the caller in a failed query's
    // stack; that cost about 4% of the service's CPU under load. A failure is still logged with its
    // request, and TypeORM's errors carry their SQL.
    extra: { maxPreparedStatements: PREPARED_PER_CONNECTION, trace: false },
  } as DataSourceOptions;
}
