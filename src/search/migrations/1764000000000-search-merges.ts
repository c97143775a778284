// One row per base that merges of its search index lock (SearchIndexService.merge): merges of a
// base run one at a time without the base's lock, so page writes never wait behind one.
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Its own test of the backend, so that src/database/dialect.ts may change without changing this migration. */
const onSqlite = (runner: QueryRunner): boolean => runner.connection.options.type === 'better-sqlite3';

export class SearchMerges1764000000000 implements MigrationInterface {
  name = 'SearchMerges1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(onSqlite(runner)
      ? 'CREATE TABLE search_merges (base_id TEXT NOT NULL PRIMARY KEY) WITHOUT ROWID'
      : 'CREATE TABLE search_merges (base_id VARCHAR(255) NOT NULL PRIMARY KEY) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE search_merges');
  }
}
