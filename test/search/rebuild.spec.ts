// The bulk path (SearchIndexService.rebuild) gives exactly the index the incremental path gives:
// the same posting chunks (word keys compared by their words) and the same answers, which equal
// the plain scan; on a base of several hundred pages over three chunks of page ids, with ties in
// updated_at, deep offsets and whole-list answers, so the ranking walks in several steps.
import { splitSearchTerms } from '../../src/content/search-text';
import { CHUNK_SIZE } from '../../src/search/page-set';
import { backends } from '../support/databases';
import { at, openSearch, postingsOf, scanSearch, TestBase, type SearchSetup } from './support';
import { seededRandom } from '../support/seeded-random';

const words = [
  'system', 'database', 'install', 'guide', 'node', 'search', 'index', 'api', 'server', 'client', 'cache', 'rare',
  'システム', 'データベース', 'サーバー', '検索', '設定', '情報検索', '東京', '日本語', 'について', 'です', 'の', 'は', 'が',
  'ﾃﾞｰﾀ', 'ＡＰＩ', '𠮷', 'e\u0301', '100%', 'node.js', 'api設定', '鬱',
];

describe.each(backends)('rebuild on %s', (backend) => {
  let setup: SearchSetup;
  beforeAll(async () => {
    setup = await openSearch(backend);
  });
  afterAll(() => setup.close());

  test('gives the postings and answers of the incremental path, which equal the scan', async () => {
    const next = seededRandom(42);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
    const text = (n: number) => Array.from({ length: n }, () => pick(words)).join(next() < 0.5 ? ' ' : '');
    setup.index.mergeThreshold = 40;
    const base = await TestBase.create(setup, 2 * CHUNK_SIZE - 150);
    for (let i = 0; i < 450; i++) {
      if (i === 300) base.nextPageId += CHUNK_SIZE; // skip a whole chunk
      // Common words in most pages, `rare` in few; updated_at values tie in groups of about five.
      await base.add({ title: text(1 + Math.floor(next() * 3)), body: text(5 + Math.floor(next() * 30)), updatedAt: at(Math.floor(i / 5)) });
    }
    for (let i = 0; i < 60; i++) {
      const page = pick(base.live);
      if (i % 3 === 0) await base.remove(page, at(100 + i));
      else await base.edit(page, i % 2 ? { body: text(10) } : { title: text(2) }, at(100 + Math.floor(i / 4)));
    }
    await setup.db.write((tx) => setup.index.merge(tx, base.baseId));

    const queries = ['system', 'rare', 'e', 'の', '検索', 'システム', 'データベース', 'ﾃﾞｰﾀ', 'node.js', 'api設定', '𠮷', '鬱',
      'system 検索', 'ステ', 'atab', 'zzz', '100%', 'é', 'ース', 'について', 'guide index'];
    const pagings = [{}, { limit: 20 }, { limit: 7, offset: 150 }, { limit: 1000, offset: 3 }, { offset: 300 }];
    const answers = async () => {
      const out = [];
      for (const q of queries) for (const paging of pagings) out.push([q, paging, await base.search(q, paging)]);
      return out;
    };
    const expected = queries.flatMap((q) => pagings.map((paging) => [q, paging, scanSearch(base.live, splitSearchTerms(q), paging)]));
    expect(await answers()).toEqual(expected);
    const incremental = await postingsOf(setup.db.reader, base.baseId);

    await setup.index.rebuild(setup.db, base.baseId);
    expect(await postingsOf(setup.db.reader, base.baseId)).toEqual(incremental);
    expect(await answers()).toEqual(expected);
    expect(incremental.length).toBeGreaterThan(500);
  });

  test('pages updated at one instant rank by display order, however far the recency walk must read', async () => {
    setup.index.mergeThreshold = 25;
    const base = await TestBase.create(setup, 10 * CHUNK_SIZE);
    for (let i = 0; i < 200; i++) {
      // Page ids rise with display order, so a walk newest first meets the instant's pages last first.
      await base.add({ title: `page ${i}`, body: i % 2 ? 'odd topic' : 'even topic', updatedAt: at(7) });
    }
    for (const [q, paging] of [['topic', { limit: 5 }], ['odd', { limit: 3, offset: 40 }], ['page', { limit: 2, offset: 198 }]] as const) {
      expect(await base.search(q, paging)).toEqual(scanSearch(base.live, [q], paging));
    }
  });
});
