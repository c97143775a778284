// search_merges.postings_version moves with every commit that changes a base's postings (a merge
// or a rebuild, in the same transaction): a process keeping posting sets (KeptPostings) on
// MySQL/MariaDB reads the number with its pending pages and uses the sets kept at that number.
// Existing rows start at 0: a process keeps nothing across a restart, so nothing kept predates it.
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Its own test of the backend, so that src/database/dialect.ts may change without changing this migration. */
const onSqlite = (runner: QueryRunner): boolean => runner.connection.options.type === 'better-sqlite3';

export class PostingsVersion1764300000000 implements MigrationInterface {
  name = 'PostingsVersion1764300000000';

  async up(runner: QueryRunner): Promise<void> {
    const type = onSqlite(runner) ? 'INTEGER' : 'BIGINT';
    await runner.query(`ALTER TABLE search_merges ADD COLUMN postings_version ${type} NOT NULL DEFAULT 0`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE search_merges DROP COLUMN postings_version');
  }
}
