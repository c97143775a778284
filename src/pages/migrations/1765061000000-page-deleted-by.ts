// pages.deleted_by: who soft-deleted the page (users.user_id: the REST token's user or the web
// session's), null for pages deleted before it was recorded or deleted by no one known. No foreign
// key: a trashed page outlives nothing it would have to wait for. pages_in_trash serves the trash
// listing of a base, newest deletion first, and its count.
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Its own test of the backend, so that src/database/dialect.ts may change without changing this migration. */
const onSqlite = (runner: QueryRunner): boolean => runner.connection.options.type === 'better-sqlite3';

export class PageDeletedBy1765061000000 implements MigrationInterface {
  name = 'PageDeletedBy1765061000000';

  async up(runner: QueryRunner): Promise<void> {
    const type = onSqlite(runner) ? 'INTEGER' : 'INT';
    await runner.query(`ALTER TABLE pages ADD COLUMN deleted_by ${type} NULL`);
    await runner.query('CREATE INDEX pages_in_trash ON pages (base_id, status, deleted_at)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(onSqlite(runner) ? 'DROP INDEX pages_in_trash' : 'DROP INDEX pages_in_trash ON pages');
    await runner.query('ALTER TABLE pages DROP COLUMN deleted_by');
  }
}
