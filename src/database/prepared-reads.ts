// The manager for the reads every request makes (a token's access, a page's detail). On MySQL/MariaDB
// each SQL text is prepared once per connection and reused, instead of parsed by the server on every
// call. On SQLite TypeORM already keeps statements by text; what this saves there is TypeORM's query
// runner around each call (logging, events, timing). Only reads of a fixed SQL text belong here; a
// text built around a list of values would prepare a new statement each time. Everything but
// `query` is TypeORM's own.
import type { Database as BetterSqlite3Database, Statement } from 'better-sqlite3';
import { EntityManager, type DataSource } from 'typeorm';
import { BoundedCache } from '../cache/bounded-cache';

/** Prepared statements a MySQL/MariaDB connection keeps (the least recently used is closed), so
 * that replicas stay far below the server's max_prepared_stmt_count (16,382 by default). */
export const PREPARED_PER_CONNECTION = 64;

/** SQLite statements kept by text, far more than the fixed reads' texts: a text built around values by mistake cannot grow it without end. */
export const SQLITE_PREPARED_READS = 64;

type RunRead = (sql: string, parameters: unknown[]) => Promise<unknown>;

class PreparedReads extends EntityManager {
  constructor(source: DataSource, private readonly run: RunRead) {
    super(source);
  }

  override query<T = unknown>(sql: string, parameters: unknown[] = []): Promise<T> {
    return this.run(sql, parameters) as Promise<T>;
  }
}

/** SQLite: statements of the read-only connection, kept by their text and run directly. */
export function sqlitePreparedReads(readOnly: DataSource): EntityManager {
  const connection = (readOnly.driver as unknown as { databaseConnection: BetterSqlite3Database }).databaseConnection;
  const statements = new BoundedCache<string, Statement>({ name: 'sqlite prepared reads', bound: SQLITE_PREPARED_READS });
  return new PreparedReads(readOnly, async (sql, parameters) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = connection.prepare(sql)));
    return statement.all(...parameters);
  });
}

interface MysqlPool {
  execute(sql: string, parameters: unknown[], callback: (error: Error | null, rows: unknown) => void): void;
}

/** MySQL/MariaDB: mysql2's execute on the pool, which prepares a text once per connection. */
export function mysqlPreparedReads(source: DataSource): EntityManager {
  const pool = (source.driver as unknown as { pool: MysqlPool }).pool;
  return new PreparedReads(source, (sql, parameters) => new Promise((resolve, reject) => {
    pool.execute(sql, parameters, (error, rows) => (error ? reject(error) : resolve(rows)));
  }));
}
