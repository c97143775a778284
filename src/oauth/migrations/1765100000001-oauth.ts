// The OAuth authorization server's tables: registered clients (their secret only as a SHA-256),
// authorization codes (hash; single use: used_at; the grant their exchange made), grants (one per
// consent: client, user, base, scope, resource; revoked_at ends it with its tokens) and refresh
// tokens (hash; rotated: used_at set on use, a second use revokes the grant). Access tokens are
// rows of tokens (grant_id, audience). One DDL text per dialect, as the identity migration.
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Its own test of the backend, so that src/database/dialect.ts may change without changing this migration. */
const onSqlite = (runner: QueryRunner): boolean => runner.connection.options.type === 'better-sqlite3';

const sqlite = [
  `CREATE TABLE oauth_clients (
    client_id TEXT PRIMARY KEY, secret_hash TEXT, client_name TEXT NOT NULL, redirect_uris TEXT NOT NULL,
    token_endpoint_auth_method TEXT NOT NULL, created_at TEXT NOT NULL)`,
  `CREATE TABLE oauth_codes (
    code_hash TEXT PRIMARY KEY, client_id TEXT NOT NULL REFERENCES oauth_clients (client_id),
    user_id INTEGER NOT NULL REFERENCES users (user_id), base_id TEXT NOT NULL REFERENCES bases (base_id),
    scope TEXT NOT NULL, redirect_uri TEXT, code_challenge TEXT NOT NULL, resource TEXT NOT NULL,
    expires_at TEXT NOT NULL, used_at TEXT, grant_id TEXT)`,
  `CREATE TABLE oauth_grants (
    grant_id TEXT PRIMARY KEY, client_id TEXT NOT NULL REFERENCES oauth_clients (client_id),
    user_id INTEGER NOT NULL REFERENCES users (user_id), base_id TEXT NOT NULL REFERENCES bases (base_id),
    scope TEXT NOT NULL, resource TEXT NOT NULL, created_at TEXT NOT NULL, revoked_at TEXT)`,
  'CREATE INDEX oauth_grants_of_user ON oauth_grants (user_id)',
  `CREATE TABLE oauth_refresh_tokens (
    token_hash TEXT PRIMARY KEY, grant_id TEXT NOT NULL REFERENCES oauth_grants (grant_id),
    created_at TEXT NOT NULL, expires_at TEXT NOT NULL, used_at TEXT)`,
  'CREATE INDEX oauth_refresh_tokens_of_grant ON oauth_refresh_tokens (grant_id)',
];

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin';
const mysql = [
  `CREATE TABLE oauth_clients (
    client_id VARCHAR(64) NOT NULL PRIMARY KEY, secret_hash CHAR(64) NULL, client_name VARCHAR(255) NOT NULL,
    redirect_uris TEXT NOT NULL, token_endpoint_auth_method VARCHAR(32) NOT NULL, created_at VARCHAR(24) NOT NULL) ${TABLE}`,
  `CREATE TABLE oauth_codes (
    code_hash CHAR(64) NOT NULL PRIMARY KEY, client_id VARCHAR(64) NOT NULL, user_id INT NOT NULL, base_id VARCHAR(255) NOT NULL,
    scope VARCHAR(8) NOT NULL, redirect_uri TEXT NULL, code_challenge VARCHAR(128) NOT NULL, resource VARCHAR(255) NOT NULL,
    expires_at VARCHAR(24) NOT NULL, used_at VARCHAR(24) NULL, grant_id VARCHAR(32) NULL,
    CONSTRAINT oauth_codes_client FOREIGN KEY (client_id) REFERENCES oauth_clients (client_id),
    CONSTRAINT oauth_codes_user FOREIGN KEY (user_id) REFERENCES users (user_id),
    CONSTRAINT oauth_codes_base FOREIGN KEY (base_id) REFERENCES bases (base_id)) ${TABLE}`,
  `CREATE TABLE oauth_grants (
    grant_id VARCHAR(32) NOT NULL PRIMARY KEY, client_id VARCHAR(64) NOT NULL, user_id INT NOT NULL, base_id VARCHAR(255) NOT NULL,
    scope VARCHAR(8) NOT NULL, resource VARCHAR(255) NOT NULL, created_at VARCHAR(24) NOT NULL, revoked_at VARCHAR(24) NULL,
    KEY oauth_grants_of_user (user_id),
    CONSTRAINT oauth_grants_client FOREIGN KEY (client_id) REFERENCES oauth_clients (client_id),
    CONSTRAINT oauth_grants_user FOREIGN KEY (user_id) REFERENCES users (user_id),
    CONSTRAINT oauth_grants_base FOREIGN KEY (base_id) REFERENCES bases (base_id)) ${TABLE}`,
  `CREATE TABLE oauth_refresh_tokens (
    token_hash CHAR(64) NOT NULL PRIMARY KEY, grant_id VARCHAR(32) NOT NULL, created_at VARCHAR(24) NOT NULL,
    expires_at VARCHAR(24) NOT NULL, used_at VARCHAR(24) NULL, KEY oauth_refresh_tokens_of_grant (grant_id),
    CONSTRAINT oauth_refresh_tokens_grant FOREIGN KEY (grant_id) REFERENCES oauth_grants (grant_id)) ${TABLE}`,
];

export class Oauth1765100000001 implements MigrationInterface {
  name = 'Oauth1765100000001';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of onSqlite(runner) ? sqlite : mysql) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['oauth_refresh_tokens', 'oauth_grants', 'oauth_codes', 'oauth_clients']) await runner.query(`DROP TABLE ${table}`);
  }
}
