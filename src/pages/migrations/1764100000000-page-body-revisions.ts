// pages.body_rev counts the changes of a page's body (page_texts.body), so that a detail read can
// tell from the small pages row alone whether a body it keeps is still the page's (KeptBodies). Existing
// pages start at 0: a process keeps nothing across a restart, so no kept body predates it.
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Its own test of the backend, so that src/database/dialect.ts may change without changing this migration. */
const onSqlite = (runner: QueryRunner): boolean => runner.connection.options.type === 'better-sqlite3';

export class PageBodyRevisions1764100000000 implements MigrationInterface {
  name = 'PageBodyRevisions1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    const type = onSqlite(runner) ? 'INTEGER' : 'INT';
    await runner.query(`ALTER TABLE pages ADD COLUMN body_rev ${type} NOT NULL DEFAULT 0`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE pages DROP COLUMN body_rev');
  }
}
