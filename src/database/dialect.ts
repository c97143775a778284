// Which SQL dialect a connection speaks, and the few SQL fragments that differ between them.
import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';
import type { Dialect } from './data-source';

export function dialectOf(source: QueryRunner | EntityManager | DataSource): Dialect {
  const dataSource = source instanceof DataSource ? source : source.connection;
  const type = dataSource.options.type;
  return type === 'better-sqlite3' ? 'sqlite' : 'mysql';
}

/** Locks the base row for the rest of the transaction (MySQL/MariaDB); SQLite's writer already holds the file lock. */
export function lockBaseSql(dialect: Dialect): string {
  return dialect === 'mysql'
    ? 'SELECT base_id FROM bases WHERE base_id = ? FOR UPDATE'
    : 'SELECT base_id FROM bases WHERE base_id = ?';
}
