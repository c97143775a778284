// A database written by the first schema (one pages table, no search index) keeps its pages,
// outline, order and search after the store migrates it.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { test } from 'node:test';
import { SqliteConnection } from '../../src/store/sqlite/connection.ts';
import { sqliteMigrations } from '../../src/store/sqlite/migrations.ts';
import { SearchIndex } from '../../src/store/sqlite/search-index.ts';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';

test('a version 1 database keeps its pages, outline and search after migration', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'kbp-test-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'kb.db');

  const v1 = new DatabaseSync(path);
  v1.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
  v1.exec(sqliteMigrations[0] as string);
  v1.exec("INSERT INTO schema_migrations VALUES (1, '2026-01-01T00:00:00.000Z')");
  v1.exec("INSERT INTO bases (base_id, description, view, next_seq, created_at) VALUES ('old', 'Old base', 'L', 4, '2026-01-01T00:00:00.000Z')");
  const insert = v1.prepare(`INSERT INTO pages (base_id, content_id, seq, level, status, title, body, body_html, type, lang, view,
    search_title, search_body, created_at, updated_at, deleted_at) VALUES ('old', ?, ?, ?, ?, ?, ?, NULL, 'T', 'ja', NULL, ?, ?, ?, ?, ?)`);
  const pages: [string, number, number, string, string, string, string | null][] = [
    ['aaaaaa', 0, 0, 'A', 'Server setup', 'サーバーの設定', null],
    ['bbbbbb', 1, 1, 'D', 'Gone', 'server gone', '2026-01-03T00:00:00.000Z'],
    ['cccccc', 2, 1, 'A', 'Install', 'server install 手順', null],
    ['dddddd', 3, 2, 'A', 'Details', '設定の詳細', null],
  ];
  pages.forEach(([id, seq, level, status, title, body, deletedAt], i) => {
    const time = `2026-01-0${i + 1}T00:00:00.000Z`;
    insert.run(id, seq, level, status, title, body, title.toLowerCase(), body, time, time, deletedAt);
  });
  v1.close();

  const store = new SqliteStore(path);
  await store.migrate();
  t.after(() => store.close());

  assert.equal(await store.countPages('old'), 3);
  const list = await store.listPages('old', {});
  assert.deepEqual(list.pages.map((p) => [p.contentId, p.order, p.level]), [['aaaaaa', 0, 0], ['cccccc', 1, 1], ['dddddd', 2, 2]]);
  assert.deepEqual((await store.getPage('old', 'dddddd'))?.path, ['Server setup', 'Install', 'Details']);
  assert.deepEqual((await store.searchPages('old', ['server'], {})).pages.map((p) => [p.contentId, p.order]), [['aaaaaa', 0], ['cccccc', 1]]);
  assert.deepEqual((await store.searchPages('old', ['設定'], {})).pages.map((p) => p.contentId), ['dddddd', 'aaaaaa']);
  assert.deepEqual((await store.searchPages('old', ['設'], { limit: 1, offset: 1 })), {
    total: 2, pages: [{ ...list.pages[0] }],
  });
  assert.deepEqual((await store.treePages('old', 3)).map((row) => row.contentId), ['aaaaaa', 'cccccc', 'dddddd']);

  // New pages continue after the old seqs and are found at once.
  const created = await store.createPage('old', {
    title: 'New', searchTitle: 'new', body: '設定', html: null, searchBody: '設定', type: 'T', lang: 'ja', now: '2026-02-01T00:00:00.000Z',
  }, () => 'eeeeee');
  assert.equal(created.seq, 4);
  assert.deepEqual((await store.searchPages('old', ['設定'], {})).pages.map((p) => [p.contentId, p.order]), [['eeeeee', 3], ['dddddd', 2], ['aaaaaa', 0]]);
});

test('a database at version 2 keeps its pending search changes through the change of their table', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'kbp-test-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'kb.db');

  // Version 2 as it was released: search_pending keyed by (base_id, seq), without pending_id.
  const v2 = new SqliteConnection(path);
  v2.db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
  sqliteMigrations.slice(0, 3).forEach((migration, index) => {
    if (typeof migration === 'string') v2.db.exec(migration);
    else migration(v2);
    v2.run('INSERT INTO schema_migrations VALUES (?, ?)', index + 1, '2026-01-01T00:00:00.000Z');
  });
  v2.db.exec(`
    INSERT INTO bases (base_id, description, view, next_seq, created_at) VALUES ('b', 'B', 'L', 2, '2026-01-01T00:00:00.000Z');
    INSERT INTO pages (base_id, seq, content_id, level, title, type, lang, created_at, updated_at)
      VALUES ('b', 0, 'aaaaaa', 0, 'One', 'T', 'en', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'),
             ('b', 1, 'bbbbbb', 0, 'Two', 'T', 'en', '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z');
    INSERT INTO page_texts (base_id, seq, search_title, search_body, body) VALUES
      ('b', 0, 'one', 'old words', 'old words'), ('b', 1, 'two', 'fresh words', 'fresh words');
    INSERT INTO live_blocks (base_id, block, count, bits) VALUES ('b', 0, 2, zeroblob(512));
    UPDATE live_blocks SET bits = unhex('03' || substr(hex(zeroblob(511)), 1)) WHERE base_id = 'b';
  `);
  // Page 0 is indexed with its text; page 1 was edited from "stale words" and is pending.
  new SearchIndex(v2, 1).pageAdded('b', 0);
  new SearchIndex(v2, 1).merge('b');
  v2.db.exec("UPDATE page_texts SET search_body = 'stale words' WHERE seq = 1");
  new SearchIndex(v2, 1).pageAdded('b', 1);
  new SearchIndex(v2, 1).merge('b');
  v2.db.exec("UPDATE page_texts SET search_body = 'fresh words' WHERE seq = 1");
  v2.run("INSERT INTO search_pending (base_id, seq, old_title, old_body) VALUES ('b', 1, 'two', 'stale words')");
  v2.close();

  const store = new SqliteStore(path, { searchMergeThreshold: 2 });
  await store.migrate();
  t.after(() => store.close());
  const found = async (term: string) => (await store.searchPages('b', [term], {})).pages.map((p) => p.contentId);
  assert.deepEqual(await found('words'), ['bbbbbb', 'aaaaaa']);
  assert.deepEqual(await found('fresh'), ['bbbbbb']);
  assert.deepEqual(await found('stale'), []);
  // Folding the pending page in replaces its old keys by the new ones.
  await store.createPage('b', {
    title: 'Three', searchTitle: 'three', body: 'x', html: null, searchBody: 'x', type: 'T', lang: 'en', now: '2026-02-01T00:00:00.000Z',
  }, () => 'cccccc');
  assert.deepEqual(await found('fresh'), ['bbbbbb']);
  assert.deepEqual(await found('stale'), []);
  assert.deepEqual(await found('old'), ['aaaaaa']);
});
