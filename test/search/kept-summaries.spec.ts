// Results' summaries kept by a process: a search whose results are all kept at the base's state reads
// none, and every write that changes a summary (an edit, a level shift that moves only the outline
// version, a delete) is seen by the next search, on each backend.
import { SearchPagesQuery } from '../../src/pages/search-pages.query';
import { backends } from '../support/databases';
import { at, callsDuring, openSearch, scanSearch, TestBase, type SearchSetup } from './support';

/** How many summary reads `run` made. */
const summaryReadsDuring = (run: () => Promise<void>) => callsDuring(SearchPagesQuery.prototype, 'summaries', run);

describe.each(backends)('kept summaries on %s', (backend) => {
  let setup: SearchSetup;
  beforeAll(async () => {
    setup = await openSearch(backend);
    Object.assign(setup.keptKeys, { keepFrom: 0 });
  });
  afterAll(() => setup.close());

  async function topicBase(firstPageId: number): Promise<TestBase> {
    const base = await TestBase.create(setup, firstPageId);
    for (let i = 0; i < 12; i++) await base.add({ title: `page ${i}`, body: i % 3 ? 'topic' : 'other', updatedAt: at(i) });
    return base;
  }

  const expectScan = async (base: TestBase, q = 'topic') => expect(await base.search(q, { limit: 5 })).toEqual(scanSearch(base.live, [q], { limit: 5 }));

  it('answer a repeated search without reading summaries, and read them again after each write', async () => {
    const base = await topicBase(1);
    const [edited, shifted, removed] = [base.live[1], base.live[11], base.live[10]];
    const reads: number[] = [];
    const twice = async () => reads.push(await summaryReadsDuring(async () => {
      await expectScan(base);
      await expectScan(base);
    }));
    await twice();
    await base.edit(edited, { title: 'page one, edited' }, at(20));
    await twice();
    // A descendant's level shifts with its ancestor's move: only the outline version moves for it.
    await setup.db.writeOutline(base.baseId, 0, (tx) => tx.query('UPDATE pages SET level = level + 1 WHERE page_id = ?', [shifted.pageId]));
    shifted.level += 1;
    await twice();
    await base.remove(removed, at(12));
    await twice();
    expect(reads).toEqual([1, 1, 1, 1]);
  });

  it('keep no more summaries than allowed: another base goes to make room', async () => {
    // Bases the tests before kept would otherwise take the room, and go in random order.
    setup.keptSummaries.kept.clear();
    setup.keptSummaries.kept.bound = 8;
    try {
      const [one, two] = [await topicBase(1000), await topicBase(2000)];
      expect(await summaryReadsDuring(async () => {
        for (const base of [one, two, one, two]) await expectScan(base);
      })).toBe(4);
      expect(setup.keptSummaries.kept.size).toBeLessThanOrEqual(8);
      expect(await summaryReadsDuring(() => expectScan(two))).toBe(0);
    } finally {
      setup.keptSummaries.kept.bound = Infinity;
    }
  });
});
