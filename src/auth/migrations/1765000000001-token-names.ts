// Tokens get a name their holder gives them on the token page (null for those made by kbp without
// --name), and the time they were last used, recorded at most once an hour (token-uses.ts), null
// until then. Both nullable, so replicas of the release before keep inserting tokens meanwhile.
// SQLite gets an index of a user's tokens (the token page lists them); MySQL/MariaDB has one
// already, the one its foreign key on user_id made.
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Its own test of the backend, so that src/database/dialect.ts may change without changing this migration. */
const onSqlite = (runner: QueryRunner): boolean => runner.connection.options.type === 'better-sqlite3';

export class TokenNames1765000000001 implements MigrationInterface {
  name = 'TokenNames1765000000001';

  async up(runner: QueryRunner): Promise<void> {
    if (onSqlite(runner)) {
      await runner.query('ALTER TABLE tokens ADD COLUMN name TEXT');
      await runner.query('ALTER TABLE tokens ADD COLUMN last_used_at TEXT');
      await runner.query('CREATE INDEX tokens_by_user ON tokens (user_id)');
      return;
    }
    await runner.query('ALTER TABLE tokens ADD COLUMN name VARCHAR(100) NULL, ADD COLUMN last_used_at VARCHAR(24) NULL');
  }

  async down(runner: QueryRunner): Promise<void> {
    if (onSqlite(runner)) await runner.query('DROP INDEX tokens_by_user');
    await runner.query('ALTER TABLE tokens DROP COLUMN last_used_at');
    await runner.query('ALTER TABLE tokens DROP COLUMN name');
  }
}
