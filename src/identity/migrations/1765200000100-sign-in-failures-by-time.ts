// An index of failed-sign-in counts by their last failure, so that counts forgotten after a quiet
// day are found and deleted without reading the whole table.
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Its own test of the backend, so that src/database/dialect.ts may change without changing this migration. */
const onSqlite = (runner: QueryRunner): boolean => runner.connection.options.type === 'better-sqlite3';

export class SignInFailuresByTime1765200000100 implements MigrationInterface {
  name = 'SignInFailuresByTime1765200000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE INDEX sign_in_failures_by_time ON sign_in_failures (last_failed_at)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(onSqlite(runner) ? 'DROP INDEX sign_in_failures_by_time' : 'DROP INDEX sign_in_failures_by_time ON sign_in_failures');
  }
}
