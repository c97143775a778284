// Indexes for deleting OAuth rows that are over: clients by registration time (the unused ones go
// after a while), and on SQLite grants and codes by client (whether a client was ever used, and
// its old codes). MySQL/MariaDB have those two already, made for their foreign keys.
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Its own test of the backend, so that src/database/dialect.ts may change without changing this migration. */
const onSqlite = (runner: QueryRunner): boolean => runner.connection.options.type === 'better-sqlite3';

const sqlite = {
  up: [
    'CREATE INDEX oauth_clients_by_created ON oauth_clients (created_at)',
    'CREATE INDEX oauth_grants_of_client ON oauth_grants (client_id)',
    'CREATE INDEX oauth_codes_of_client ON oauth_codes (client_id)',
  ],
  down: ['DROP INDEX oauth_codes_of_client', 'DROP INDEX oauth_grants_of_client', 'DROP INDEX oauth_clients_by_created'],
};

const mysql = {
  up: ['CREATE INDEX oauth_clients_by_created ON oauth_clients (created_at)'],
  down: ['DROP INDEX oauth_clients_by_created ON oauth_clients'],
};

export class OauthPruneIndexes1765200000000 implements MigrationInterface {
  name = 'OauthPruneIndexes1765200000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of (onSqlite(runner) ? sqlite : mysql).up) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of (onSqlite(runner) ? sqlite : mysql).down) await runner.query(statement);
  }
}
