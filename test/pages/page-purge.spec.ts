// PagePurgeService.deleteForever on real databases: a soft-deleted page leaves no row (pages,
// page_texts, search_pending) and no posting naming it, whether its postings were merged before
// its delete, its delete was merged, or it was still pending; everything else stays as it was
// (live pages, their orders, the outline, other pages' postings and search results). Anything but
// a page soft-deleted in the base is a 404 that changes nothing.
import { createConnection } from 'mysql2/promise';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SearchResult } from '../../src/search/search.service';
import { PagePurgeService } from '../../src/pages/page-purge.service';
import { CHUNK_SIZE, decodeChunk } from '../../src/search/page-set';
import { SearchIndexService } from '../../src/search/search-index.service';
import { FIRST_WORD_PAIR_KEY } from '../../src/search/search-keys';
import { SearchService } from '../../src/search/search.service';
import { MYSQL_SERVER_URL } from '../support/databases';
import { describeEachBackend } from '../support/e2e';
import { expectDomainError, Services } from './support';

/** Posting rows of a base: `skey@chunk` → the ids (page ids, or word numbers past FIRST_WORD_PAIR_KEY) they hold. */
type Postings = Map<string, number[]>;

const TARGET = { title: 'Target shared', body: 'zebrafish kumquat ゾウ shared notes' };
/** Terms only the target's texts hold: a word, a word of the title, a gram. */
const TARGET_TERMS = ['zebrafish', 'kumquat', 'target', 'ゾウ', 'zeb'];

/** Until a transaction of the test's own MySQL/MariaDB database waits for a lock (polls; gives up after a few seconds). */
async function lockWaitIn(url: string): Promise<void> {
  const database = new URL(url).pathname.slice(1);
  const conn = await createConnection(MYSQL_SERVER_URL);
  try {
    for (let poll = 0; poll < 1000; poll++) {
      const [rows] = await conn.query(
        `SELECT COUNT(*) AS n FROM information_schema.INNODB_TRX x JOIN information_schema.PROCESSLIST l ON l.ID = x.trx_mysql_thread_id
         WHERE x.trx_state = 'LOCK WAIT' AND l.DB = ?`, [database]);
      if (Number((rows as { n: number }[])[0].n) > 0) return;
      await sleep(5);
    }
  } finally {
    await conn.end();
  }
}

describeEachBackend('PagePurgeService', (h, backend) => {
  let s: Services;
  let purge: PagePurgeService;
  let index: SearchIndexService;
  let search: SearchService;
  let threshold: number;

  beforeAll(() => {
    s = new Services(h());
    purge = h().app.get(PagePurgeService);
    index = h().app.get(SearchIndexService);
    search = h().app.get(SearchService);
    // The tests merge when they mean to.
    threshold = index.mergeThreshold;
    index.mergeThreshold = 1_000_000;
  });
  afterAll(() => {
    index.mergeThreshold = threshold;
  });

  const merge = (baseId: string) => s.db.write((tx) => index.merge(tx, baseId));

  async function pageIdOf(baseId: string, contentId: string): Promise<number> {
    const [row] = await s.db.reader.query('SELECT page_id FROM pages WHERE base_id = ? AND content_id = ?', [baseId, contentId]);
    return Number(row.page_id);
  }

  /** How many rows of each table name the page. */
  async function rowsOf(pageId: number): Promise<{ pages: number; texts: number; pending: number }> {
    const count = async (table: string) => Number((await s.db.reader.query(`SELECT COUNT(*) AS n FROM ${table} WHERE page_id = ?`, [pageId]))[0].n);
    return { pages: await count('pages'), texts: await count('page_texts'), pending: await count('search_pending') };
  }

  async function postingsOf(baseId: string): Promise<Postings> {
    const rows: { skey: number; chunk: number; bits: Buffer }[] = await s.db.reader.query(
      'SELECT skey, chunk, bits FROM search_postings WHERE base_id = ? ORDER BY skey, chunk', [baseId]);
    return new Map(rows.map((row) => [`${Number(row.skey)}@${Number(row.chunk)}`, decodeChunk(row.bits).map((offset) => Number(row.chunk) * CHUNK_SIZE + offset)]));
  }

  const isPageKey = (name: string) => Number(name.split('@')[0]) < FIRST_WORD_PAIR_KEY;

  /** The keys of page postings (word pairs are over word numbers) that hold the page. */
  const naming = (postings: Postings, pageId: number): string[] =>
    [...postings].filter(([name, ids]) => isPageKey(name) && ids.includes(pageId)).map(([name]) => name);

  /** The postings with the page taken out of every page posting, rows left empty gone. */
  function without(postings: Postings, pageId: number): Postings {
    const out: Postings = new Map();
    for (const [name, ids] of postings) {
      const kept = isPageKey(name) ? ids.filter((id) => id !== pageId) : ids;
      if (kept.length > 0) out.set(name, kept);
    }
    return out;
  }

  const find = (baseId: string, q: string): Promise<SearchResult> => search.search(s.db.reader, baseId, q, {});
  const titles = async (baseId: string, q: string) => (await find(baseId, q)).pages.map((p) => p.title);

  /** What deleting forever must leave as it was: the live outline and its orders, the base's row, other pages' searches. */
  async function liveState(baseId: string) {
    const [base] = await s.db.reader.query('SELECT outline_version, live_pages, page_changes FROM bases WHERE base_id = ?', [baseId]);
    return {
      list: await s.list(baseId),
      base: { version: Number(base.outline_version), live: Number(base.live_pages), changes: Number(base.page_changes) },
      shared: await find(baseId, 'shared'),
      alpha: await find(baseId, 'alpha'),
      words: Number((await s.db.reader.query('SELECT COUNT(*) AS n FROM search_words WHERE base_id = ?', [baseId]))[0].n),
    };
  }

  /** A base of Alpha, Beta (under Alpha), Target and Gamma; every one holds "shared". */
  async function baseWithTarget(): Promise<{ baseId: string; target: string; pageId: number; ids: Record<string, string> }> {
    const baseId = await s.newBase();
    const ids: Record<string, string> = {};
    ids.Alpha = (await s.addPage(baseId, { title: 'Alpha shared', body: 'alpha lorem' })).contentId;
    ids.Beta = (await s.addPage(baseId, { title: 'Beta', body: 'shared beta ipsum' })).contentId;
    await s.setLevel(baseId, ids.Beta, 1);
    const target = (await s.addPage(baseId, TARGET)).contentId;
    ids.Gamma = (await s.addPage(baseId, { title: 'Gamma', body: 'gamma shared dolor' })).contentId;
    return { baseId, target, pageId: await pageIdOf(baseId, target), ids };
  }

  /** Deletes forever and checks what is gone and what stayed, then again after a merge of another page's change. */
  async function purgeAndCheck(baseId: string, target: string, pageId: number, ids: Record<string, string>, extraTerms: string[] = []): Promise<void> {
    const before = { state: await liveState(baseId), postings: await postingsOf(baseId) };
    await purge.deleteForever(baseId, target);

    expect(await rowsOf(pageId)).toEqual({ pages: 0, texts: 0, pending: 0 });
    const after = await postingsOf(baseId);
    expect(naming(after, pageId)).toEqual([]);
    // Nothing else of the postings changed: every other page, the words' pair postings.
    expect(after).toEqual(without(before.postings, pageId));
    // The base's words stay (they name no page), as do the live pages, their orders and searches.
    expect(await liveState(baseId)).toEqual(before.state);
    for (const term of [...TARGET_TERMS, ...extraTerms]) expect(await find(baseId, term)).toEqual({ pages: [], total: 0 });

    // A change of another page, merged: the index goes on as before, nothing of the page comes back.
    await s.pages.update(baseId, ids.Gamma, { body: 'gamma shared zebrafish' });
    await merge(baseId);
    const merged = await postingsOf(baseId);
    expect(naming(merged, pageId)).toEqual([]);
    expect(await rowsOf(pageId)).toEqual({ pages: 0, texts: 0, pending: 0 });
    expect(await titles(baseId, 'zebrafish')).toEqual(['Gamma']);
    expect(await titles(baseId, 'kumquat')).toEqual([]);
    expect((await titles(baseId, 'shared')).sort()).toEqual(['Alpha shared', 'Beta', 'Gamma']);
    expect((await s.list(baseId)).pages.map((p) => [p.title, p.level, p.order])).toEqual([['Alpha shared', 0, 0], ['Beta', 1, 1], ['Gamma', 0, 2]]);
  }

  it('a page merged before its soft delete, the delete merged too: no row, no posting names it', async () => {
    const { baseId, target, pageId, ids } = await baseWithTarget();
    await merge(baseId);
    expect(naming(await postingsOf(baseId), pageId).length).toBeGreaterThan(10);
    expect(await titles(baseId, 'zebrafish')).toEqual(['Target shared']);
    await s.pages.delete(baseId, target);
    await merge(baseId);
    // A merged delete leaves the page's other keys: the delete forever takes them.
    expect(naming(await postingsOf(baseId), pageId).length).toBeGreaterThan(10);
    await purgeAndCheck(baseId, target, pageId, ids);
  });

  it('a page merged before its soft delete, the delete still pending: its pending row and postings go', async () => {
    const { baseId, target, pageId, ids } = await baseWithTarget();
    await merge(baseId);
    await s.pages.delete(baseId, target);
    expect((await rowsOf(pageId)).pending).toBe(1);
    await purgeAndCheck(baseId, target, pageId, ids);
  });

  it('a page never merged (pending since its create) leaves no pending row', async () => {
    const { baseId, target, pageId, ids } = await baseWithTarget();
    await s.pages.delete(baseId, target);
    expect(naming(await postingsOf(baseId), pageId)).toEqual([]);
    await purgeAndCheck(baseId, target, pageId, ids);
  });

  it('a page edited after its merge, then deleted: the keys of the text its postings held go, delete merged or not', async () => {
    for (const mergeDelete of [true, false]) {
      const { baseId, target, pageId, ids } = await baseWithTarget();
      await merge(baseId);
      // The stored texts now differ from the ones the postings hold until a merge.
      await s.pages.update(baseId, target, { title: 'Renamed walrus', body: 'walrus narwhal shared' });
      await s.pages.delete(baseId, target);
      if (mergeDelete) {
        await merge(baseId);
        // The merge took every key of the old text: the stored one is all a delete forever can read.
        expect(naming(await postingsOf(baseId), pageId)).toEqual([]);
      }
      await purgeAndCheck(baseId, target, pageId, ids, ['walrus', 'narwhal', 'renamed']);
    }
  });

  it('two deleted pages deleted forever in turn: each leaves the other\'s postings and the live pages\'', async () => {
    const { baseId, target, pageId, ids } = await baseWithTarget();
    const second = (await s.addPage(baseId, { title: 'Second', body: 'kumquat second shared' })).contentId;
    const secondId = await pageIdOf(baseId, second);
    await merge(baseId);
    await s.pages.delete(baseId, second);
    await s.pages.delete(baseId, target);
    await merge(baseId);
    const before = await postingsOf(baseId);
    await purge.deleteForever(baseId, second);
    expect(await postingsOf(baseId)).toEqual(without(before, secondId));
    // The target's postings are still there until its own delete forever.
    expect(naming(await postingsOf(baseId), pageId).length).toBeGreaterThan(10);
    await purgeAndCheck(baseId, target, pageId, ids);
  });

  it('waits for a merge of the base under way, then takes what the merge left', async () => {
    const { baseId, target, pageId, ids } = await baseWithTarget();
    await merge(baseId);
    await s.pages.update(baseId, target, { body: 'walrus narwhal shared' });
    await s.pages.delete(baseId, target);
    // Gamma gains the page's words in the same merge: chunk rows both write.
    await s.pages.update(baseId, ids.Gamma, { body: 'gamma shared zebrafish kumquat' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let merged!: () => void;
    const mergedUncommitted = new Promise<void>((resolve) => (merged = resolve));
    // A merge folding in the page's delete, its transaction held open: it holds the base's merge lock.
    const merging = s.db.write(async (tx) => {
      await index.merge(tx, baseId);
      merged();
      await gate;
    });
    await mergedUncommitted;
    const purging = purge.deleteForever(baseId, target);
    // On MySQL/MariaDB, the merge commits only once the delete forever waits for a lock; on
    // SQLite, writes of a process run one after another, the merge's first.
    if (backend === 'mysql') await lockWaitIn(h().database.url);
    release();
    await Promise.all([merging, purging]);
    expect(await rowsOf(pageId)).toEqual({ pages: 0, texts: 0, pending: 0 });
    expect(naming(await postingsOf(baseId), pageId)).toEqual([]);
    for (const term of ['target', 'ゾウ', 'walrus', 'narwhal']) expect(await find(baseId, term)).toEqual({ pages: [], total: 0 });
    for (const term of ['zebrafish', 'kumquat', 'zeb']) expect(await titles(baseId, term)).toEqual(['Gamma']);
    expect((await titles(baseId, 'shared')).sort()).toEqual(['Alpha shared', 'Beta', 'Gamma']);
  });

  it('a live page is a 404 and stays as it was', async () => {
    const { baseId, target, pageId } = await baseWithTarget();
    await merge(baseId);
    const before = { state: await liveState(baseId), postings: await postingsOf(baseId), rows: await rowsOf(pageId), detail: await s.pages.detail(baseId, target) };
    await expectDomainError(purge.deleteForever(baseId, target), 'NOT_FOUND');
    expect(await rowsOf(pageId)).toEqual(before.rows);
    expect(await postingsOf(baseId)).toEqual(before.postings);
    expect(await liveState(baseId)).toEqual(before.state);
    expect(await s.pages.detail(baseId, target)).toEqual(before.detail);
    expect(await titles(baseId, 'zebrafish')).toEqual(['Target shared']);
  });

  it('a page never there, and a page already deleted forever, are 404s', async () => {
    const { baseId, target } = await baseWithTarget();
    await expectDomainError(purge.deleteForever(baseId, 'zzzzzz'), 'NOT_FOUND');
    await s.pages.delete(baseId, target);
    await purge.deleteForever(baseId, target);
    await expectDomainError(purge.deleteForever(baseId, target), 'NOT_FOUND');
  });

  it("another base's soft-deleted page is a 404 and stays in its base", async () => {
    const mine = await baseWithTarget();
    const other = await baseWithTarget();
    await merge(other.baseId);
    await s.pages.delete(other.baseId, other.target);
    const before = { rows: await rowsOf(other.pageId), postings: await postingsOf(other.baseId), mine: await postingsOf(mine.baseId) };
    expect(before.rows).toEqual({ pages: 1, texts: 1, pending: 1 });
    // The other base's page named through this base, and this base's named through the other.
    await expectDomainError(purge.deleteForever(mine.baseId, other.target), 'NOT_FOUND');
    await s.pages.delete(mine.baseId, mine.target);
    await expectDomainError(purge.deleteForever(other.baseId, mine.target), 'NOT_FOUND');
    expect(await rowsOf(other.pageId)).toEqual(before.rows);
    expect(await postingsOf(other.baseId)).toEqual(before.postings);
    expect(await postingsOf(mine.baseId)).toEqual(before.mine);
    // Each base's own delete forever still works.
    await purge.deleteForever(other.baseId, other.target);
    expect(await rowsOf(other.pageId)).toEqual({ pages: 0, texts: 0, pending: 0 });
    expect(naming(await postingsOf(other.baseId), other.pageId)).toEqual([]);
    expect((await rowsOf(mine.pageId)).pages).toBe(1);
  });

  it('a base that does not exist is a 404', async () => {
    await expectDomainError(purge.deleteForever('no-such-base', 'abcdef'), 'NOT_FOUND');
  });
});
