// bases.page_changes counts the writes to the base's pages (create, update, delete), and
// pages.change_no is the count as of the page's last write (page-changes.ts): a process keeping the
// pages' rank keys (KeptRankKeys) reads only the pages changed since the count it has seen.
// Existing pages start at 0: a process keeps nothing across a restart, so nothing kept predates it.
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Its own test of the backend, so that src/database/dialect.ts may change without changing this migration. */
const onSqlite = (runner: QueryRunner): boolean => runner.connection.options.type === 'better-sqlite3';

export class PageChanges1764200000000 implements MigrationInterface {
  name = 'PageChanges1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    const type = onSqlite(runner) ? 'INTEGER' : 'BIGINT';
    await runner.query(`ALTER TABLE bases ADD COLUMN page_changes ${type} NOT NULL DEFAULT 0`);
    await runner.query(`ALTER TABLE pages ADD COLUMN change_no ${type} NOT NULL DEFAULT 0`);
    await runner.query('CREATE INDEX pages_by_change ON pages (base_id, change_no)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(onSqlite(runner) ? 'DROP INDEX pages_by_change' : 'DROP INDEX pages_by_change ON pages');
    await runner.query('ALTER TABLE pages DROP COLUMN change_no');
    await runner.query('ALTER TABLE bases DROP COLUMN page_changes');
  }
}
