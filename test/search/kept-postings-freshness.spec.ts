// The postings of search keys, kept by a process at a stamp: SQLite's change stamp, which every
// commit moves, or on MySQL/MariaDB the base's postings version, which every merge and rebuild
// moves. A repeated search reads none; a merge or rebuild through another connection (as another
// process makes) is seen by the next search, even one that commits while a search reads; on
// MySQL/MariaDB a page write that changes no postings leaves them kept; and no more is kept than
// allowed, on each backend.
import { SearchRepository } from '../../src/search/search.repository';
import { backends } from '../support/databases';
import { at, connectSearch, openSearch, scanSearch, TestBase, type SearchSetup } from './support';

describe.each(backends)('kept postings on %s', (backend) => {
  let setup: SearchSetup;
  /** The service as another process on the same database runs it. */
  let other: SearchSetup;
  beforeAll(async () => {
    setup = await openSearch(backend);
    setup.index.mergeThreshold = 1_000_000;
    other = await connectSearch(setup.url);
  });
  afterAll(async () => {
    await other.close();
    await setup.close();
  });
  afterEach(() => jest.restoreAllMocks());

  /** How many reads of postings `run` made (a read of no keys is none). */
  async function postingReadsDuring(run: () => Promise<void>): Promise<number> {
    const reads = jest.spyOn(SearchRepository.prototype, 'postingsRead');
    await run();
    const count = reads.mock.calls.filter(([, , keys]) => keys.length > 0).length;
    reads.mockRestore();
    return count;
  }

  /** A base whose pages hold 猫 (a one-character term: its own key) and are merged into the postings. */
  async function mergedBase(firstPageId: number): Promise<TestBase> {
    const base = await TestBase.create(setup, firstPageId);
    for (let i = 0; i < 3; i++) await base.add({ title: `page ${i}`, body: `猫 ${i}`, lang: 'ja', updatedAt: at(i) });
    await base.merge();
    return base;
  }

  const expectScan = async (base: TestBase, q: string) => expect(await base.search(q)).toEqual(scanSearch(base.live, q.split(' '), {}));

  it('answer a repeated search without reading postings while nothing commits', async () => {
    const base = await mergedBase(1);
    await expectScan(base, '猫');
    expect(await postingReadsDuring(() => expectScan(base, '猫'))).toBe(0);
  });

  it('keep the postings on MySQL/MariaDB through a page write of another connection that changes none (SQLite reads them again)', async () => {
    const base = await mergedBase(50);
    await expectScan(base, '猫');
    base.writesThrough = other;
    // Pending: found through its text, not the postings.
    await base.add({ title: 'pending', body: '猫 pending', lang: 'ja', updatedAt: at(10) });
    expect(await postingReadsDuring(() => expectScan(base, '猫'))).toBe(backend === 'sqlite' ? 1 : 0);
    expect((await base.search('猫')).total).toBe(4);
  });

  it('see a rebuild through another connection at the next search', async () => {
    const base = await mergedBase(150);
    await expectScan(base, '猫');
    base.writesThrough = other;
    await base.add({ title: 'rebuilt', body: '猫 rebuilt', lang: 'ja', updatedAt: at(10) });
    await base.remove(base.live[0], at(20));
    // No longer pending: only postings the rebuild wrote find the new page and leave out the deleted one.
    await other.index.rebuild(other.db, base.baseId);
    await expectScan(base, '猫');
    expect((await base.search('猫')).total).toBe(3);
  });

  it('see a page written and merged through another connection at the next search', async () => {
    const base = await mergedBase(100);
    await expectScan(base, '猫');
    base.writesThrough = other;
    await base.add({ title: 'late', body: '猫 late', lang: 'ja', updatedAt: at(10) });
    await base.merge();
    await expectScan(base, '猫');
    await base.remove(base.live[0], at(20));
    await base.merge();
    await expectScan(base, '猫');
    expect((await base.search('猫')).total).toBe(3);
  });

  it('read the postings again when another connection commits while a search reads', async () => {
    const base = await mergedBase(200);
    base.writesThrough = other;
    // Pending, so found through its text until a merge folds it into the postings.
    await base.add({ title: 'pending', body: '猫 pending', lang: 'ja', updatedAt: at(10) });
    await expectScan(base, '猫');
    const reader = setup.db.reader;
    const query = reader.query.bind(reader);
    let merged = false;
    jest.spyOn(reader, 'query').mockImplementation(async (...args: Parameters<typeof query>) => {
      // The merge commits after the search read the stamp, before it reads the pending pages.
      if (!merged && args[0].includes('search_pending')) {
        merged = true;
        await base.merge();
      }
      return query(...args);
    });
    await expectScan(base, '猫');
    expect(merged).toBe(true);
    expect((await base.search('猫')).total).toBe(4);
  });

  it('keep no more than allowed: another base goes to make room', async () => {
    const allowed = setup.keptPostings.kept.bound;
    // One search of 猫 keeps 5 units: ALL_KEY and 猫 (a chunk each, plus one a key), 猫 in titles (none).
    // Bases the tests before kept would otherwise take the room, and go in random order.
    setup.keptPostings.kept.clear();
    setup.keptPostings.kept.bound = 10;
    try {
      const [one, two] = [await mergedBase(300), await mergedBase(400)];
      for (const base of [one, two, one, two]) await expectScan(base, '猫');
      expect(await postingReadsDuring(() => expectScan(two, '猫'))).toBe(0);
      await expectScan(one, '犬');
      expect(setup.keptPostings.kept.size).toBeLessThanOrEqual(10);
      expect(await postingReadsDuring(() => expectScan(one, '猫'))).toBe(0);
      expect(await postingReadsDuring(() => expectScan(two, '猫'))).toBe(1);
    } finally {
      setup.keptPostings.kept.bound = allowed;
    }
  });
});
