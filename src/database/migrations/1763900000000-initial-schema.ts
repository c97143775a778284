// The core schema: bases, users, members, tokens, pages and their texts. One DDL text per
// dialect (MySQL/MariaDB tables are utf8mb4 with binary collation, so ids compare exactly).
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Its own test of the backend, so that src/database/dialect.ts may change without changing this migration. */
const onSqlite = (runner: QueryRunner): boolean => runner.connection.options.type === 'better-sqlite3';

const sqlite = [
  `CREATE TABLE bases (
    base_id TEXT PRIMARY KEY, description TEXT NOT NULL, view_mode TEXT NOT NULL,
    live_pages INTEGER NOT NULL DEFAULT 0, outline_version INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL)`,
  `CREATE TABLE users (
    user_id INTEGER PRIMARY KEY AUTOINCREMENT, email TEXT NOT NULL UNIQUE, name TEXT NOT NULL, created_at TEXT NOT NULL)`,
  `CREATE TABLE members (
    base_id TEXT NOT NULL REFERENCES bases (base_id), user_id INTEGER NOT NULL REFERENCES users (user_id),
    role TEXT NOT NULL, PRIMARY KEY (base_id, user_id))`,
  `CREATE TABLE tokens (
    token_id TEXT PRIMARY KEY, base_id TEXT NOT NULL REFERENCES bases (base_id),
    user_id INTEGER NOT NULL REFERENCES users (user_id), token_hash TEXT NOT NULL UNIQUE,
    display_prefix TEXT NOT NULL, last_four TEXT NOT NULL, scope TEXT NOT NULL,
    created_at TEXT NOT NULL, expires_at TEXT NOT NULL, revoked_at TEXT)`,
  `CREATE TABLE pages (
    page_id INTEGER PRIMARY KEY AUTOINCREMENT, base_id TEXT NOT NULL REFERENCES bases (base_id),
    content_id TEXT NOT NULL, ord INTEGER, deleted_ord INTEGER, level INTEGER NOT NULL,
    status TEXT NOT NULL, title TEXT NOT NULL, type TEXT NOT NULL, lang TEXT NOT NULL, view_mode TEXT,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT)`,
  `CREATE UNIQUE INDEX pages_by_content_id ON pages (base_id, content_id)`,
  `CREATE INDEX pages_by_order ON pages (base_id, ord)`,
  `CREATE INDEX pages_by_level ON pages (base_id, level, ord)`,
  `CREATE TABLE page_texts (
    page_id INTEGER PRIMARY KEY REFERENCES pages (page_id), body TEXT NOT NULL, body_html TEXT,
    search_title TEXT NOT NULL, search_body TEXT NOT NULL)`,
];

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin';
const mysql = [
  `CREATE TABLE bases (
    base_id VARCHAR(255) NOT NULL PRIMARY KEY, description TEXT NOT NULL, view_mode CHAR(1) NOT NULL,
    live_pages INT NOT NULL DEFAULT 0, outline_version INT NOT NULL DEFAULT 0, created_at VARCHAR(24) NOT NULL) ${TABLE}`,
  `CREATE TABLE users (
    user_id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, email VARCHAR(320) NOT NULL, name VARCHAR(255) NOT NULL,
    created_at VARCHAR(24) NOT NULL, UNIQUE KEY users_by_email (email)) ${TABLE}`,
  `CREATE TABLE members (
    base_id VARCHAR(255) NOT NULL, user_id INT NOT NULL, role VARCHAR(16) NOT NULL, PRIMARY KEY (base_id, user_id),
    CONSTRAINT members_base FOREIGN KEY (base_id) REFERENCES bases (base_id),
    CONSTRAINT members_user FOREIGN KEY (user_id) REFERENCES users (user_id)) ${TABLE}`,
  `CREATE TABLE tokens (
    token_id VARCHAR(32) NOT NULL PRIMARY KEY, base_id VARCHAR(255) NOT NULL, user_id INT NOT NULL,
    token_hash CHAR(64) NOT NULL, display_prefix VARCHAR(16) NOT NULL, last_four VARCHAR(8) NOT NULL,
    scope VARCHAR(8) NOT NULL, created_at VARCHAR(24) NOT NULL, expires_at VARCHAR(24) NOT NULL,
    revoked_at VARCHAR(24) NULL, UNIQUE KEY tokens_by_hash (token_hash),
    CONSTRAINT tokens_base FOREIGN KEY (base_id) REFERENCES bases (base_id),
    CONSTRAINT tokens_user FOREIGN KEY (user_id) REFERENCES users (user_id)) ${TABLE}`,
  `CREATE TABLE pages (
    page_id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, base_id VARCHAR(255) NOT NULL, content_id CHAR(6) NOT NULL,
    ord INT NULL, deleted_ord INT NULL, level INT NOT NULL, status CHAR(1) NOT NULL, title VARCHAR(255) NOT NULL,
    type CHAR(1) NOT NULL, lang VARCHAR(2) NOT NULL, view_mode CHAR(1) NULL, created_at VARCHAR(24) NOT NULL,
    updated_at VARCHAR(24) NOT NULL, deleted_at VARCHAR(24) NULL,
    UNIQUE KEY pages_by_content_id (base_id, content_id), KEY pages_by_order (base_id, ord),
    KEY pages_by_level (base_id, level, ord),
    CONSTRAINT pages_base FOREIGN KEY (base_id) REFERENCES bases (base_id)) ${TABLE}`,
  `CREATE TABLE page_texts (
    page_id INT NOT NULL PRIMARY KEY, body LONGTEXT NOT NULL, body_html LONGTEXT NULL,
    search_title TEXT NOT NULL, search_body LONGTEXT NOT NULL,
    CONSTRAINT page_texts_page FOREIGN KEY (page_id) REFERENCES pages (page_id)) ${TABLE}`,
];

export class InitialSchema1763900000000 implements MigrationInterface {
  name = 'InitialSchema1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of onSqlite(runner) ? sqlite : mysql) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['page_texts', 'pages', 'tokens', 'members', 'users', 'bases']) await runner.query(`DROP TABLE ${table}`);
  }
}
