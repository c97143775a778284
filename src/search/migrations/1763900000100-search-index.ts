// The search index (src/search/): posting chunks per (base, key, chunk of ids), the pages whose
// text changed since their postings were last written, the words of each base, and an index of
// the pages by recency that ranks the results. One SQL text per dialect; every step re-runnable.
//
// The pages of a database written before the index are recorded as pending with no old texts, as
// a page just created is: searches find them at once, checking their texts, and the service folds
// them into the postings (MergesAtStart, when it starts). The postings are left to the service
// because their format is its own and moves with it; a pending row says only "the postings hold
// nothing of this page", which every version of the service reads the same way.
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Its own test of the backend, so that src/database/dialect.ts may change without changing this migration. */
const onSqlite = (runner: QueryRunner): boolean => runner.connection.options.type === 'better-sqlite3';

/** Every live page, pending with no old texts; a page recorded already keeps its row. */
const PENDING_PAGES = "INSERT INTO search_pending (base_id, page_id, old_title, old_body) SELECT base_id, page_id, NULL, NULL FROM pages WHERE status = 'A'";

const sqlite = [
  `CREATE TABLE IF NOT EXISTS search_postings (
    base_id TEXT NOT NULL, skey INTEGER NOT NULL, chunk INTEGER NOT NULL, bits BLOB NOT NULL,
    PRIMARY KEY (base_id, skey, chunk)) WITHOUT ROWID`,
  `CREATE TABLE IF NOT EXISTS search_pending (
    base_id TEXT NOT NULL, page_id INTEGER NOT NULL, old_title TEXT, old_body TEXT, PRIMARY KEY (base_id, page_id))`,
  `CREATE TABLE IF NOT EXISTS search_words (
    base_id TEXT NOT NULL, word_no INTEGER NOT NULL, word_hash INTEGER NOT NULL, word TEXT NOT NULL,
    PRIMARY KEY (base_id, word_no))`,
  'CREATE INDEX IF NOT EXISTS search_words_by_hash ON search_words (base_id, word_hash)',
  'CREATE INDEX IF NOT EXISTS pages_by_recency ON pages (base_id, status, updated_at)',
  `${PENDING_PAGES} ON CONFLICT DO NOTHING`,
];

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin';
const mysql = [
  `CREATE TABLE IF NOT EXISTS search_postings (
    base_id VARCHAR(255) NOT NULL, skey BIGINT NOT NULL, chunk INT NOT NULL, bits VARBINARY(512) NOT NULL,
    PRIMARY KEY (base_id, skey, chunk)) ${TABLE}`,
  `CREATE TABLE IF NOT EXISTS search_pending (
    base_id VARCHAR(255) NOT NULL, page_id INT NOT NULL, old_title TEXT NULL, old_body LONGTEXT NULL,
    PRIMARY KEY (base_id, page_id)) ${TABLE}`,
  `CREATE TABLE IF NOT EXISTS search_words (
    base_id VARCHAR(255) NOT NULL, word_no INT NOT NULL, word_hash BIGINT NOT NULL, word LONGTEXT NOT NULL,
    PRIMARY KEY (base_id, word_no), KEY search_words_by_hash (base_id, word_hash)) ${TABLE}`,
  `${PENDING_PAGES} ON DUPLICATE KEY UPDATE search_pending.page_id = search_pending.page_id`,
];

export class SearchIndex1763900000100 implements MigrationInterface {
  name = 'SearchIndex1763900000100';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of onSqlite(runner) ? sqlite : mysql) await runner.query(statement);
    if (!onSqlite(runner)) {
      const existing: unknown[] = await runner.query("SHOW INDEX FROM pages WHERE Key_name = 'pages_by_recency'");
      if (existing.length === 0) await runner.query('CREATE INDEX pages_by_recency ON pages (base_id, status, updated_at)');
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(onSqlite(runner) ? 'DROP INDEX pages_by_recency' : 'DROP INDEX pages_by_recency ON pages');
    for (const table of ['search_words', 'search_pending', 'search_postings']) await runner.query(`DROP TABLE ${table}`);
  }
}
