// Ranking a group both ways (probing its members, walking pages by recency) gives the scan's
// answer when the group is larger than one query's list of ids and the instants tie across those
// lists: the first members of each list, ties broken by display order, are merged.
import { CHUNK_SIZE } from '../../src/search/page-set';
import { IDS_PER_QUERY, SearchPagesQuery } from '../../src/pages/search-pages.query';
import { DEFAULT_KEPT_MEMBER_COST, DEFAULT_PROBE_COST } from '../../src/search/search-rank';
import { backends } from '../support/databases';
import { at, openSearch, scanSearch, TestBase, type SearchSetup } from './support';

describe.each(backends)('ranking on %s', (backend) => {
  let setup: SearchSetup;
  let base: TestBase;
  beforeAll(async () => {
    setup = await openSearch(backend);
    setup.index.mergeThreshold = 1_000_000;
    const firstId = 3 * CHUNK_SIZE - 300;
    base = await TestBase.create(setup, firstId);
    // Groups of about 730 and 1,090 members: each more ids than one query names.
    expect(IDS_PER_QUERY).toBeLessThan(700);
    for (let i = 0; i < 1200; i++) {
      // Page ids fall as display order rises, so id order cannot stand in for display order, and
      // 50 instants are each shared by pages all over the id range.
      base.nextPageId = firstId + 1200 - i;
      const title = i % 97 === 0 ? 'topic overview' : `page ${i}`;
      await base.add({ title, body: i % 3 ? 'topic notes' : 'other notes', updatedAt: at((i * 7) % 50) });
    }
    for (const page of base.live.filter((_, i) => i % 11 === 0)) await base.remove(page, at(60));
    await setup.db.write((tx) => setup.index.merge(tx, base.baseId));
  }, 120_000);
  afterAll(() => setup.close());

  const pagings = [{ limit: 1 }, { limit: 5 }, { limit: 20, offset: 7 }, { limit: 3, offset: 760 }, {}];

  test.each([['probed', 0], ['walked', Infinity], ['chosen by cost', DEFAULT_PROBE_COST]])('members %s', async (_label, probeCost) => {
    setup.ranking.probeCost = probeCost;
    for (const q of ['topic', 'notes', 'overview']) {
      for (const paging of pagings) expect([q, paging, await base.search(q, paging)]).toEqual([q, paging, scanSearch(base.live, [q], paging)]);
    }
  });

  test.each([['looked up', 0], ['walked', Infinity], ['chosen by cost', DEFAULT_KEPT_MEMBER_COST]])('members %s with kept rank keys', async (_label, keptMemberCost) => {
    setup.keptKeys.keepFrom = 0;
    setup.ranking.keptMemberCost = keptMemberCost;
    const probes = jest.spyOn(SearchPagesQuery.prototype, 'firstRankedRead');
    const walks = jest.spyOn(SearchPagesQuery.prototype, 'newestUpTo');
    try {
      for (const q of ['topic', 'notes', 'overview']) {
        for (const paging of pagings) expect([q, paging, await base.search(q, paging)]).toEqual([q, paging, scanSearch(base.live, [q], paging)]);
      }
      // With kept keys, the ranking reads nothing.
      expect([probes.mock.calls.length, walks.mock.calls.length]).toEqual([0, 0]);
    } finally {
      probes.mockRestore();
      walks.mockRestore();
      setup.keptKeys.keepFrom = Infinity;
    }
  });

  test('on MySQL/MariaDB, results of probed groups only come with their summaries; a walk\'s are read after it', async () => {
    const summaryReads = jest.spyOn(SearchPagesQuery.prototype, 'summaries');
    try {
      // SQLite reads the summaries after the probes all the same: it saves no round trip.
      for (const [probeCost, reads] of [[0, backend === 'mysql' ? 0 : 1], [Infinity, 1]]) {
        setup.ranking.probeCost = probeCost;
        summaryReads.mockClear();
        // 'overview' holds titles only; 'topic' both groups, so this window takes from each.
        for (const [q, paging] of [['overview', { limit: 5 }], ['topic', { limit: 20, offset: 7 }]] as const) {
          expect(await base.search(q, paging)).toEqual(scanSearch(base.live, [q], paging));
        }
        expect([probeCost, summaryReads.mock.calls.length]).toEqual([probeCost, 2 * reads]);
      }
    } finally {
      summaryReads.mockRestore();
    }
  });

  test('a walk through instants that each hold more pages than a step', async () => {
    // 150 pages at one instant, then 150 at another: a step of 64 rows ends inside each of them.
    const crowded = await TestBase.create(setup, 9 * CHUNK_SIZE);
    for (let i = 0; i < 300; i++) {
      await crowded.add({ title: `crowd ${i}`, body: i % 4 === 0 ? 'rare marker' : 'crowd filler', updatedAt: at(i < 150 ? 1 : 2) });
    }
    await setup.db.write((tx) => setup.index.merge(tx, crowded.baseId));
    setup.ranking.probeCost = Infinity;
    // limit 20 at offset 30 needs members from both instants.
    for (const q of ['marker', 'crowd']) {
      for (const paging of [...pagings, { limit: 20, offset: 30 }]) expect([q, paging, await crowded.search(q, paging)]).toEqual([q, paging, scanSearch(crowded.live, [q], paging)]);
    }
  });
});
