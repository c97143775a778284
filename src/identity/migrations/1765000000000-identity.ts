// The identity module's tables: accounts (password, administrator, disabled, language of a user),
// sessions of signed-in browsers, one-time links that set a password, and failed sign-ins counted
// per address. Secrets are stored only as their SHA-256 (hex). One DDL text per dialect (MySQL/
// MariaDB tables are utf8mb4 with binary collation, as the initial schema's).
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Its own test of the backend, so that src/database/dialect.ts may change without changing this migration. */
const onSqlite = (runner: QueryRunner): boolean => runner.connection.options.type === 'better-sqlite3';

const sqlite = [
  `CREATE TABLE accounts (
    user_id INTEGER PRIMARY KEY REFERENCES users (user_id), password_hash TEXT, is_admin INTEGER NOT NULL DEFAULT 0,
    disabled_at TEXT, locale TEXT, created_at TEXT NOT NULL)`,
  `CREATE TABLE sessions (
    session_hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users (user_id),
    created_at TEXT NOT NULL, last_seen_at TEXT NOT NULL, expires_at TEXT NOT NULL)`,
  `CREATE INDEX sessions_by_user ON sessions (user_id)`,
  `CREATE TABLE one_time_links (
    link_hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users (user_id),
    created_at TEXT NOT NULL, expires_at TEXT NOT NULL, used_at TEXT)`,
  `CREATE INDEX one_time_links_by_user ON one_time_links (user_id)`,
  `CREATE TABLE sign_in_failures (
    email_key TEXT PRIMARY KEY, failures INTEGER NOT NULL, last_failed_at TEXT NOT NULL)`,
];

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin';
const mysql = [
  `CREATE TABLE accounts (
    user_id INT NOT NULL PRIMARY KEY, password_hash VARCHAR(255) NULL, is_admin TINYINT NOT NULL DEFAULT 0,
    disabled_at VARCHAR(24) NULL, locale VARCHAR(8) NULL, created_at VARCHAR(24) NOT NULL,
    CONSTRAINT accounts_user FOREIGN KEY (user_id) REFERENCES users (user_id)) ${TABLE}`,
  `CREATE TABLE sessions (
    session_hash CHAR(64) NOT NULL PRIMARY KEY, user_id INT NOT NULL, created_at VARCHAR(24) NOT NULL,
    last_seen_at VARCHAR(24) NOT NULL, expires_at VARCHAR(24) NOT NULL, KEY sessions_by_user (user_id),
    CONSTRAINT sessions_user FOREIGN KEY (user_id) REFERENCES users (user_id)) ${TABLE}`,
  `CREATE TABLE one_time_links (
    link_hash CHAR(64) NOT NULL PRIMARY KEY, user_id INT NOT NULL, created_at VARCHAR(24) NOT NULL,
    expires_at VARCHAR(24) NOT NULL, used_at VARCHAR(24) NULL, KEY one_time_links_by_user (user_id),
    CONSTRAINT one_time_links_user FOREIGN KEY (user_id) REFERENCES users (user_id)) ${TABLE}`,
  `CREATE TABLE sign_in_failures (
    email_key VARCHAR(320) NOT NULL PRIMARY KEY, failures INT NOT NULL, last_failed_at VARCHAR(24) NOT NULL) ${TABLE}`,
];

export class Identity1765000000000 implements MigrationInterface {
  name = 'Identity1765000000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of onSqlite(runner) ? sqlite : mysql) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['sign_in_failures', 'one_time_links', 'sessions', 'accounts']) await runner.query(`DROP TABLE ${table}`);
  }
}
