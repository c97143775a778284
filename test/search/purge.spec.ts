// Delete forever (PagePurgeService, SearchIndex.pagePurged) against the index as a whole: random
// pages over three chunks of page ids, edited and deleted with merges after every few writes, the
// deleted pages deleted forever at every stage (pending or merged, edited before their delete or
// not). Then no posting names any of them, searches equal the scan, and the postings are exactly
// those the bulk path gives for the live pages (so nothing of a live page was taken either).
import { splitSearchTerms } from '../../src/content/search-text';
import { PagePurgeService } from '../../src/pages/page-purge.service';
import { CHUNK_SIZE, decodeChunk } from '../../src/search/page-set';
import { FIRST_WORD_PAIR_KEY } from '../../src/search/search-keys';
import { backends } from '../support/databases';
import { at, openSearch, scanSearch, TestBase, type ModelPage, type SearchSetup } from './support';
import { seededRandom } from '../support/seeded-random';

const words = [
  'system', 'database', 'install', 'guide', 'node', 'search', 'index', 'api', 'server', 'rare', 'walrus',
  'システム', 'データベース', '検索', '設定', '東京', '日本語', 'について', 'の', 'は', 'ﾃﾞｰﾀ', '𠮷', 'api設定',
];

/** Every posting row of the base, `skey@chunk` → ids; and the page ids its page postings name. */
async function postingsOf(setup: SearchSetup, baseId: string): Promise<{ rows: Map<string, number[]>; pageIds: Set<number> }> {
  const rows: { skey: number; chunk: number; bits: Buffer }[] = await setup.db.reader.query(
    'SELECT skey, chunk, bits FROM search_postings WHERE base_id = ? ORDER BY skey, chunk', [baseId]);
  const out = new Map<string, number[]>();
  const pageIds = new Set<number>();
  for (const row of rows) {
    const ids = decodeChunk(row.bits).map((offset) => Number(row.chunk) * CHUNK_SIZE + offset);
    out.set(`${Number(row.skey)}@${Number(row.chunk)}`, ids);
    if (Number(row.skey) < FIRST_WORD_PAIR_KEY) for (const id of ids) pageIds.add(id);
  }
  return { rows: out, pageIds };
}

describe.each(backends)('delete forever on %s', (backend) => {
  let setup: SearchSetup;
  let purge: PagePurgeService;
  beforeAll(async () => {
    setup = await openSearch(backend);
    purge = setup.module.get(PagePurgeService);
  });
  afterAll(() => setup.close());

  test('leaves no posting naming the pages and exactly the postings the bulk path gives', async () => {
    const next = seededRandom(7);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
    const text = (n: number) => Array.from({ length: n }, () => pick(words)).join(next() < 0.5 ? ' ' : '');
    setup.index.mergeThreshold = 7;
    const base = await TestBase.create(setup, 2 * CHUNK_SIZE - 60);
    for (let i = 0; i < 150; i++) {
      if (i === 100) base.nextPageId += CHUNK_SIZE;
      await base.add({ title: text(1 + Math.floor(next() * 3)), body: text(3 + Math.floor(next() * 15)), updatedAt: at(i) });
    }
    const deleted: ModelPage[] = [];
    const purged: ModelPage[] = [];
    const purgeOne = async () => {
      const page = deleted.splice(Math.floor(next() * deleted.length), 1)[0];
      await purge.deleteForever(base.baseId, page.contentId);
      purged.push(page);
    };
    for (let i = 0; i < 120; i++) {
      const page = pick(base.live);
      const roll = next();
      if (roll < 0.35) {
        // Sometimes edited first: its stored texts then differ from those its postings hold.
        if (next() < 0.5) await base.edit(page, { body: text(4) }, at(200 + i));
        await base.remove(page, at(200 + i));
        deleted.push(page);
      } else {
        await base.edit(page, next() < 0.5 ? { body: text(6) } : { title: text(2) }, at(200 + i));
      }
      if (deleted.length > 0 && next() < 0.3) await purgeOne();
    }
    while (deleted.length > 3) await purgeOne();
    await base.merge();
    while (deleted.length > 0) await purgeOne();
    expect(purged.length).toBeGreaterThan(30);

    const ids = purged.map((page) => page.pageId);
    const rows = await setup.db.reader.query(
      `SELECT (SELECT COUNT(*) FROM pages WHERE base_id = ? AND status <> 'A') AS pages,
              (SELECT COUNT(*) FROM search_pending WHERE base_id = ?) AS pending`, [base.baseId, base.baseId]);
    expect(rows.map((row: Record<string, unknown>) => [Number(row.pages), Number(row.pending)])).toEqual([[0, 0]]);
    const texts = await setup.db.reader.query(`SELECT COUNT(*) AS n FROM page_texts WHERE page_id IN (${ids.map(() => '?').join(', ')})`, ids);
    expect(Number(texts[0].n)).toBe(0);
    const after = await postingsOf(setup, base.baseId);
    expect(ids.filter((id) => after.pageIds.has(id))).toEqual([]);
    expect([...after.pageIds].sort((a, b) => a - b)).toEqual(base.live.map((page) => page.pageId).sort((a, b) => a - b));

    const queries = ['system', 'rare', 'walrus', 'の', '検索', 'システム', 'ﾃﾞｰﾀ', 'api設定', '𠮷', 'ステ', 'atab', 'system 検索', 'guide index'];
    for (const q of queries) expect(await base.search(q)).toEqual(scanSearch(base.live, splitSearchTerms(q), {}));

    // The bulk path keeps the base's words and their numbers: its postings are comparable row by row.
    await setup.index.rebuild(setup.db, base.baseId);
    expect((await postingsOf(setup, base.baseId)).rows).toEqual(after.rows);
    for (const q of queries) expect(await base.search(q)).toEqual(scanSearch(base.live, splitSearchTerms(q), {}));
  });
});
