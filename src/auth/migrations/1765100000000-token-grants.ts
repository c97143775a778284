// The access tokens an MCP client gets through OAuth are tokens too, so one read authorizes both
// kinds with the same rules. grant_id names the OAuth grant the token was issued under (null for an
// API token made on the token page or by kbp); audience is the resource it was issued for (RFC
// 8707: the service's /mcp URL), null for API tokens. A grant's revocation revokes its tokens
// through tokens_of_grant.
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Its own test of the backend, so that src/database/dialect.ts may change without changing this migration. */
const onSqlite = (runner: QueryRunner): boolean => runner.connection.options.type === 'better-sqlite3';

export class TokenGrants1765100000000 implements MigrationInterface {
  name = 'TokenGrants1765100000000';

  async up(runner: QueryRunner): Promise<void> {
    if (onSqlite(runner)) {
      await runner.query('ALTER TABLE tokens ADD COLUMN grant_id TEXT');
      await runner.query('ALTER TABLE tokens ADD COLUMN audience TEXT');
    } else {
      await runner.query('ALTER TABLE tokens ADD COLUMN grant_id VARCHAR(32) NULL, ADD COLUMN audience VARCHAR(255) NULL');
    }
    await runner.query('CREATE INDEX tokens_of_grant ON tokens (grant_id)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(onSqlite(runner) ? 'DROP INDEX tokens_of_grant' : 'DROP INDEX tokens_of_grant ON tokens');
    await runner.query('ALTER TABLE tokens DROP COLUMN audience');
    await runner.query('ALTER TABLE tokens DROP COLUMN grant_id');
  }
}
