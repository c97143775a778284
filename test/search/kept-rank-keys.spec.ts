// Rank keys kept by a process: the first members by rank equal a sort's, whichever way they are
// found, through any writes; and kept keys follow every write made since they were read (creates,
// edits, deletes), on each backend.
import fc from 'fast-check';
import { BaseRankKeys, firstBy } from '../../src/search/base-rank-keys';
import { CHANGE_NO, countPageChange } from '../../src/bases/page-changes.query';
import { PageSet } from '../../src/search/page-set';
import { byRank, SearchPagesQuery, type RankRow } from '../../src/pages/search-pages.query';
import { backends } from '../support/databases';
import { at, openSearch, scanSearch, TestBase, type SearchSetup } from './support';

test('firstBy keeps the first rows of a full sort, however many are needed', () => {
  const rowsArb = fc.uniqueArray(fc.record({ pageId: fc.nat(), updatedAt: fc.integer({ min: 0, max: 5 }).map(at), position: fc.nat({ max: 10_000 }) }), {
    selector: (row) => row.position, maxLength: 300,
  });
  fc.assert(fc.property(rowsArb, fc.nat({ max: 320 }), (rows: RankRow[], need) => {
    const sorted = [...rows].sort(byRank).slice(0, need);
    expect(firstBy([...rows], need, byRank)).toEqual(sorted);
  }), { numRuns: 2000 });
});

test('BaseRankKeys finds a group\'s first members as a sort of the live pages does, looked up or walked, through any writes', () => {
  // Few pages and few instants: writes replace rows often, and instants tie. Ids spread over
  // several chunks of ids (PageSlots, the walk's chunk table).
  const idArb = fc.nat({ max: 40 }).map((n) => n * 701);
  const writeArb = fc.record({ pageId: idArb, live: fc.boolean(), updatedAt: fc.integer({ min: 0, max: 6 }).map(at) });
  const stepArb = fc.record({ writes: fc.array(writeArb, { maxLength: 12 }), group: fc.uniqueArray(idArb), need: fc.nat({ max: 45 }) });
  fc.assert(fc.property(fc.array(stepArb, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 20 }), (steps, unsortedMin) => {
    const kept = new BaseRankKeys('', 0, unsortedMin);
    const live = new Map<number, RankRow>();
    for (const { writes, group, need } of steps) {
      // A page's position is its id: positions never change while a page lives. One read gives a
      // page's last write only.
      const last = new Map(writes.map((w) => [w.pageId, w]));
      const rows = [...last.values()].filter((w) => w.live).map((w) => ({ pageId: w.pageId, updatedAt: w.updatedAt, position: w.pageId }));
      kept.apply({ live: rows, ended: [...last.values()].filter((w) => !w.live).map((w) => w.pageId) });
      for (const w of last.values()) {
        if (w.live) live.set(w.pageId, { pageId: w.pageId, updatedAt: w.updatedAt, position: w.pageId });
        else live.delete(w.pageId);
      }
      const expected = group.flatMap((id) => live.get(id) ?? []).sort(byRank).slice(0, need);
      for (const memberCost of [0, Infinity]) expect(kept.firstRanked(PageSet.of(group), need, memberCost)).toEqual(expected);
    }
  }), { numRuns: 1000 });
});

describe.each(backends)('kept rank keys on %s', (backend) => {
  let setup: SearchSetup;
  beforeAll(async () => {
    setup = await openSearch(backend);
    Object.assign(setup.keptKeys, { keepFrom: 0 });
    setup.ranking.keptMemberCost = 0;
  });
  afterAll(() => setup.close());

  it.each([['in one statement', 10_000], ['in parts of 4 rows', 4]])('follow the creates, edits and deletes made after they were read, read %s', async (_label, perRead) => {
    const before = SearchPagesQuery.rankKeysPerRead;
    SearchPagesQuery.rankKeysPerRead = perRead;
    try {
      const base = await TestBase.create(setup, 100 * perRead);
      for (let i = 0; i < 30; i++) await base.add({ title: `page ${i}`, body: i % 2 ? 'topic' : 'other', updatedAt: at(i) });
      const expectScan = async () => expect(await base.search('topic', { limit: 5 })).toEqual(scanSearch(base.live, ['topic'], { limit: 5 }));
      const keptBefore = setup.keptKeys.kept.size;
      await expectScan();
      expect(setup.keptKeys.kept.size - keptBefore).toBe(30);
      await base.add({ title: 'newest', body: 'topic', updatedAt: at(100) });
      await expectScan();
      await base.edit(base.live[1], { body: 'topic again' }, at(101));
      await expectScan();
      // Seven pages written by one write, which stamps them all with one count (as a bulk write does).
      const touched = base.live.slice(2, 9);
      await setup.db.write(async (tx) => {
        for (const page of touched) await tx.query(`UPDATE pages SET updated_at = ?, change_no = ${CHANGE_NO} WHERE page_id = ?`, [at(102), base.baseId, page.pageId]);
        await countPageChange(tx, base.baseId);
      });
      for (const page of touched) page.updatedAt = at(102);
      await expectScan();
      await base.remove(base.live.find((page) => page.title === 'newest')!, at(103));
      await expectScan();
      expect(setup.keptKeys.kept.size - keptBefore).toBe(30);
    } finally {
      SearchPagesQuery.rankKeysPerRead = before;
    }
  });

  it('keep no more pages than allowed: another base goes to make room', async () => {
    // Bases the tests before kept would otherwise take the room, and go in random order.
    setup.keptKeys.kept.clear();
    setup.keptKeys.kept.bound = 50;
    try {
      const bases: TestBase[] = [];
      for (let b = 0; b < 3; b++) {
        const base = await TestBase.create(setup, 1000 * (b + 1));
        for (let i = 0; i < 20; i++) await base.add({ title: `page ${i}`, body: 'topic', updatedAt: at(i) });
        bases.push(base);
      }
      for (const base of bases) expect(await base.search('topic', { limit: 3 })).toEqual(scanSearch(base.live, ['topic'], { limit: 3 }));
      expect(setup.keptKeys.kept.size).toBeLessThanOrEqual(50);
    } finally {
      setup.keptKeys.kept.bound = Infinity;
    }
  });
});
