// The SQLite search index beyond what the small contract data reaches: pages over several chunks
// of seqs, chunks dense enough to be stored as bitmaps, and edits and deletes that move chunks
// between the two forms, all checked against a plain scan of the pages' search text.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { prepareContent, prepareTitle } from '../../src/content/prepare.ts';
import { splitSearchTerms } from '../../src/content/search-text.ts';
import type { Paging } from '../../src/domain/types.ts';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import type { PageChanges } from '../../src/store/store.ts';
import { scanPageChanged, scanSearch, type ScanPage } from '../support/search-scan.ts';

const BASE = 'big';
const PAGES = 5000; // more than one chunk of 4096 seqs
const words = ['api', 'Node', 'db', 'サーバー', '設定', '検索', 'ｻｰﾊﾞｰ', 'x', 'v2.0', 'api設定', '東京', 'の', 'です', 'Ｄｂ'];

/** Deterministic text: word i of page n. */
function text(n: number, count: number, salt: number): string {
  return Array.from({ length: count }, (_, i) => words[(n * 7 + i * 3 + salt * 5 + ((n * i) % 11)) % words.length]).join(' ');
}

const queries = ['api', 'a', 'サーバー', 'ｻｰﾊﾞｰ', '設定', '設', 'node db', 'v2.0', 'api設定', '2.0', 'x', 'の', 'db', 'xylophone', 'pi設'];
const pagings: Paging[] = [{ limit: 20 }, { limit: 20, offset: 1500 }, { limit: 5, offset: 4000 }, {}];

describe('SQLite search index over many pages', () => {
  let dir: string;
  let store: SqliteStore;
  let live: ScanPage[] = [];
  const at = (n: number) => new Date(Date.parse('2026-01-01T00:00:00.000Z') + n * 1000).toISOString();
  let clock = 0;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kbp-test-'));
    store = new SqliteStore(join(dir, 'kb.db'), { searchMergeThreshold: 16 });
    await store.migrate();
    await store.createBase({ baseId: BASE, description: 'Many pages', view: 'L' }, at(0));
    let id = 0;
    const pages = Array.from({ length: PAGES }, (_, n) => {
      const title = text(n, 2, 1);
      const body = text(n, 1 + (n % 5), 2);
      // Every 7th page shares its timestamp with the one before, so ties fall back to the order.
      const now = at(n % 7 === 0 ? n : n + 1);
      return { ...prepareContent('T', body), title, searchTitle: prepareTitle(title), type: 'T' as const, lang: 'en' as const, now };
    });
    const ids = await store.bulkInsertPages(BASE, pages, () => `p${(id++).toString(36).padStart(5, '0')}`);
    live = pages.map((page, n) => ({
      contentId: ids[n], title: page.title, searchTitle: page.searchTitle, searchBody: page.searchBody,
      type: page.type, lang: page.lang, updatedAt: page.now,
    }));
    clock = PAGES + 10;
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function assertSearchesMatchScan(): Promise<void> {
    for (const q of queries) {
      const terms = splitSearchTerms(q);
      for (const paging of pagings) {
        assert.deepEqual(await store.searchPages(BASE, terms, paging), scanSearch(live, terms, paging), `${q} ${JSON.stringify(paging)}`);
      }
    }
  }

  test('search after a bulk insert equals a plain scan', async () => {
    assert.equal(await store.countPages(BASE), PAGES);
    await assertSearchesMatchScan();
  });

  test('search equals a plain scan after edits and deletes across both chunks', async () => {
    for (let k = 0; k < 60; k++) {
      const index = (k * 811) % live.length;
      const target = live[index];
      const now = at(clock++);
      if (k % 3 === 0) {
        await store.deletePage(BASE, target.contentId, now);
        live.splice(index, 1);
        continue;
      }
      const title = text(k, 1, 3);
      const body = text(k, 3, 4);
      const changes: PageChanges = k % 2 === 0
        ? { title, searchTitle: prepareTitle(title) }
        : prepareContent('T', body);
      await store.updatePage(BASE, target.contentId, () => changes, now);
      live[index] = scanPageChanged(target, changes, now);
    }
    assert.equal(await store.countPages(BASE), live.length);
    await assertSearchesMatchScan();
  });

  test('list offsets land on the same pages as the full list', async () => {
    const all = await store.listPages(BASE, {});
    for (const offset of [0, 1, 4095, 4096, live.length - 1, live.length]) {
      assert.deepEqual(await store.listPages(BASE, { offset, limit: 3 }), { pages: all.pages.slice(offset, offset + 3), total: live.length });
    }
    assert.deepEqual(all.pages.map((p) => p.order), all.pages.map((_, i) => i));
  });
});
