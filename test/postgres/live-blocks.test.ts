// The live blocks of the PostgreSQL store (migration 6): orders of search results and pages at
// list offsets across several blocks of 4096 seqs, with deleted pages as gaps, whether the blocks
// were filled by the upgrade of an older database or kept by the writes since.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { withUpgradedStore } from './upgraded-store.ts';
import { PostgresStore } from '../../src/store/postgres/postgres-store.ts';
import { openPostgresTestStore, postgresReachable, testDatabaseUrl, type TestStore } from '../support/test-store.ts';
import { nextId, now, page } from '../support/new-pages.ts';

const reachable = await postgresReachable();
const skip = reachable ? false : `no PostgreSQL server answers at ${testDatabaseUrl}; start it (.ci/run does) to run these tests`;

/** Past two whole blocks, so that orders cross block boundaries. */
const PAGES = 9500;
/** Every page whose number is a multiple of this has "rare" in its title. */
const RARE_EVERY = 450;
/** Deleted: a scatter of pages, and the whole second block. */
const isDeleted = (n: number) => n % 7 === 3 || (n >= 4096 && n < 8192);
const title = (n: number) => `Page ${n}${n % RARE_EVERY === 0 ? ' rare' : ''}`;

/**
 * Every live page's order as the full list gives it matches its position among the live seqs;
 * search results carry the same orders; lists at offsets are slices of the full list.
 */
async function assertOrders(store: PostgresStore, baseId: string, expectedTitles: readonly string[]): Promise<void> {
  const all = await store.listPages(baseId, {});
  assert.deepEqual(all.pages.map((p) => p.title), expectedTitles);
  assert.deepEqual(all.pages.map((p) => p.order), expectedTitles.map((_, i) => i));
  assert.equal(all.total, expectedTitles.length);
  const orderOf = new Map(all.pages.map((p) => [p.contentId, p.order]));

  const offsets = [0, 1, 583, 584, 3500, 3509, 3510, expectedTitles.length - 2, expectedTitles.length - 1];
  for (const offset of offsets) {
    const slice = await store.listPages(baseId, { offset, limit: 3 });
    assert.deepEqual(slice.pages, all.pages.slice(offset, offset + 3), `list at offset ${offset}`);
    assert.equal(slice.total, expectedTitles.length);
  }
  const past = await store.listPages(baseId, { offset: expectedTitles.length, limit: 3 });
  assert.deepEqual([past.pages, past.total], [[], expectedTitles.length]);

  const rare = expectedTitles.filter((t) => t.endsWith(' rare'));
  for (const paging of [{ offset: 0, limit: 100 }, { offset: 2, limit: 4 }]) {
    const found = await store.searchPages(baseId, ['rare'], paging);
    assert.equal(found.total, rare.length);
    assert.equal(found.pages.length, Math.max(0, Math.min(paging.limit, rare.length - paging.offset)));
    for (const result of found.pages) assert.equal(result.order, orderOf.get(result.contentId), `order of ${result.title}`);
  }
}

describe('live blocks on PostgreSQL', { skip }, () => {
  let opened: TestStore;
  let store: PostgresStore;

  before(async () => {
    opened = await openPostgresTestStore();
    store = opened.store as PostgresStore;
  });
  after(async () => {
    await opened.dispose();
  });

  test('a database of version 5 gets its blocks from its pages in the upgrade, deleted pages as gaps', async () => {
    // Rows as the store of version 5 wrote them: no live blocks.
    await withUpgradedStore(`${opened.schema}_v5`, 5, async (tx) => {
      await tx.run(`INSERT INTO bases (base_id, description, view, next_seq, created_at)
                    VALUES ('old', 'Old', 'L', $1, now()), ('small', 'Small', 'L', 3, now()), ('empty', 'Empty', 'L', 0, now())`,
      [PAGES]);
      await tx.run(`INSERT INTO pages (base_id, seq, content_id, level, status, title, type, lang, created_at, updated_at)
                    SELECT 'old', n, 'p' || n, 0, CASE WHEN n % 7 = 3 OR n BETWEEN 4096 AND 8191 THEN 'D' ELSE 'A' END,
                      'Page ' || n || CASE WHEN n % $2 = 0 THEN ' rare' ELSE '' END, 'T', 'en', now(), now()
                    FROM generate_series(0, $1 - 1) AS n`, [PAGES, RARE_EVERY]);
      await tx.run(`INSERT INTO pages (base_id, seq, content_id, level, status, title, type, lang, created_at, updated_at)
                    VALUES ('small', 0, 's0', 0, 'D', 'S0', 'T', 'en', now(), now()),
                           ('small', 1, 's1', 0, 'A', 'S1 rare', 'T', 'en', now(), now()),
                           ('small', 2, 's2', 0, 'A', 'S2', 'T', 'en', now(), now())`);
      await tx.run(`INSERT INTO page_texts (base_id, seq, search_title, search_body, body)
                    SELECT base_id, seq, lower(title), '', '' FROM pages`);
      await tx.run(`UPDATE bases SET live_pages = (SELECT count(*) FROM pages WHERE pages.base_id = bases.base_id AND status = 'A')`);
    }, async (old) => {
      const live = Array.from({ length: PAGES }, (_, n) => n).filter((n) => !isDeleted(n)).map(title);
      await assertOrders(old, 'old', live);
      await assertOrders(old, 'small', ['S1 rare', 'S2']);
      await assertOrders(old, 'empty', []);
      // Writes after the upgrade keep the blocks the upgrade filled.
      const added = await old.createPage('old', page('Added rare'), nextId);
      assert.equal(added.seq, PAGES);
      const first = (await old.listPages('old', { limit: 1 })).pages[0];
      assert.equal(await old.deletePage('old', first.contentId, now()), true);
      await assertOrders(old, 'old', [...live.slice(1), 'Added rare']);
    });
  });

  test('bulk inserts, creates and deletes keep the blocks across block boundaries', async () => {
    await store.createBase({ baseId: 'kept', description: 'Kept', view: 'L' }, now());
    await store.createPage('kept', page(title(0)), nextId);
    // A bulk insert starting inside one block and ending inside a later one.
    const ids = await store.bulkInsertPages('kept', Array.from({ length: PAGES - 2 }, (_, i) => page(title(i + 1))), nextId);
    await store.createPage('kept', page(title(PAGES - 1)), nextId);
    const contentIds = [(await store.listPages('kept', { limit: 1 })).pages[0].contentId, ...ids];
    for (let n = 0; n < PAGES - 1; n++) {
      if (n % 37 === 3 || (n >= 4096 && n < 4200)) assert.equal(await store.deletePage('kept', contentIds[n], now()), true);
    }
    const expected = Array.from({ length: PAGES }, (_, n) => n).filter((n) => !(n % 37 === 3 || (n >= 4096 && n < 4200))).map(title);
    await assertOrders(store, 'kept', expected);
  });
});
