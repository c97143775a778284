// The search index (src/search/): posting chunks per (base, key, chunk of ids), the pages whose
// text changed since their postings were last written, the words of each base, and an index of
// the pages by recency that ranks the results. One DDL text per dialect; every step re-runnable.
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { dialectOf } from '../../database/dialect';
import { SearchIndexService } from '../search-index.service';
import { SearchRepository } from '../search.repository';

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
];

export class SearchIndex1763900000100 implements MigrationInterface {
  name = 'SearchIndex1763900000100';

  async up(runner: QueryRunner): Promise<void> {
    const dialect = dialectOf(runner);
    for (const statement of dialect === 'sqlite' ? sqlite : mysql) await runner.query(statement);
    if (dialect === 'mysql') {
      const existing: unknown[] = await runner.query("SHOW INDEX FROM pages WHERE Key_name = 'pages_by_recency'");
      if (existing.length === 0) await runner.query('CREATE INDEX pages_by_recency ON pages (base_id, status, updated_at)');
    }
    // Pages written before the index exists are indexed here, base by base, with the bulk path. Left
    // pending instead, every search would check each of their texts and the base's first write
    // would fold them all into the postings inside that request.
    const bases: { base_id: string }[] = await runner.query('SELECT base_id FROM bases');
    const index = new SearchIndexService(new SearchRepository());
    for (const { base_id: baseId } of bases) await index.rebuild(runner.manager, baseId, false);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(dialectOf(runner) === 'sqlite' ? 'DROP INDEX pages_by_recency' : 'DROP INDEX pages_by_recency ON pages');
    for (const table of ['search_words', 'search_pending', 'search_postings']) await runner.query(`DROP TABLE ${table}`);
  }
}
