// Rank keys kept by a process: the first members by rank equal a sort's, and kept keys follow every
// write made since they were read (creates, edits, deletes), on each backend.
import fc from 'fast-check';
import { firstByRank } from '../../src/search/kept-rank-keys';
import { byRank, type RankRow } from '../../src/search/search-pages.repository';
import { backends } from '../support/databases';
import { at, openSearch, scanSearch, TestBase, type SearchSetup } from './support';

test('firstByRank keeps the first rows of a full sort, however many are needed', () => {
  const rowsArb = fc.uniqueArray(fc.record({ pageId: fc.nat(), updatedAt: fc.integer({ min: 0, max: 5 }).map(at), position: fc.nat({ max: 10_000 }) }), {
    selector: (row) => row.position, maxLength: 300,
  });
  fc.assert(fc.property(rowsArb, fc.nat({ max: 320 }), (rows: RankRow[], need) => {
    const sorted = [...rows].sort(byRank).slice(0, need);
    expect(firstByRank([...rows], need)).toEqual(sorted);
  }), { numRuns: 2000 });
});

describe.each(backends)('kept rank keys on %s', (backend) => {
  let setup: SearchSetup;
  beforeAll(async () => {
    setup = await openSearch(backend);
    Object.assign(setup.keptKeys, { keepFrom: 0 });
    setup.ranking.keptMemberCost = 0;
  });
  afterAll(() => setup.close());

  it('follow the creates, edits and deletes made after they were read', async () => {
    const base = await TestBase.create(setup, 1);
    for (let i = 0; i < 30; i++) await base.add({ title: `page ${i}`, body: i % 2 ? 'topic' : 'other', updatedAt: at(i) });
    const expectScan = async () => expect(await base.search('topic', { limit: 5 })).toEqual(scanSearch(base.live, ['topic'], { limit: 5 }));
    await expectScan();
    expect(setup.keptKeys.keptPages()).toBe(30);
    await base.add({ title: 'newest', body: 'topic', updatedAt: at(100) });
    await expectScan();
    await base.edit(base.live[1], { body: 'topic again' }, at(101));
    await expectScan();
    await base.remove(base.live.find((page) => page.title === 'newest')!, at(102));
    await expectScan();
    expect(setup.keptKeys.keptPages()).toBe(30);
  });

  it('keep no more pages than allowed: the least recently searched base goes first', async () => {
    setup.keptKeys.maxPages = 50;
    try {
      const bases: TestBase[] = [];
      for (let b = 0; b < 3; b++) {
        const base = await TestBase.create(setup, 1000 * (b + 1));
        for (let i = 0; i < 20; i++) await base.add({ title: `page ${i}`, body: 'topic', updatedAt: at(i) });
        bases.push(base);
      }
      for (const base of bases) expect(await base.search('topic', { limit: 3 })).toEqual(scanSearch(base.live, ['topic'], { limit: 3 }));
      expect(setup.keptKeys.keptPages()).toBeLessThanOrEqual(50);
    } finally {
      setup.keptKeys.maxPages = Infinity;
    }
  });
});
