// The words containing a search's longer terms, kept by a process: a repeated search reads no words,
// a word that a merge brings is seen by the next search, a rebuild keeps the words' numbers, and
// no more is kept than allowed, on each backend.
import { SearchRepository } from '../../src/search/search.repository';
import { backends } from '../support/databases';
import { at, callsDuring, openSearch, scanSearch, TestBase, type SearchSetup } from './support';

/** How many reads of candidate words `run` made. */
const wordReadsDuring = (run: () => Promise<void>) => callsDuring(SearchRepository.prototype, 'wordsByNoRead', run);

describe.each(backends)('kept words on %s', (backend) => {
  let setup: SearchSetup;
  beforeAll(async () => {
    setup = await openSearch(backend);
  });
  afterAll(() => setup.close());

  /** A base whose pages are all merged into the postings: a word is found only through them. */
  async function mergedBase(firstPageId: number, bodies: readonly string[]): Promise<TestBase> {
    const base = await TestBase.create(setup, firstPageId);
    for (const [i, body] of bodies.entries()) await base.add({ title: `page ${i}`, body, updatedAt: at(i) });
    await setup.db.write((tx) => setup.index.merge(tx, base.baseId));
    return base;
  }

  const expectScan = async (base: TestBase, q: string) => expect(await base.search(q)).toEqual(scanSearch(base.live, q.split(' '), {}));

  it('answer a repeated search without reading words, and see a word that a merge brings', async () => {
    setup.index.mergeThreshold = 1_000_000;
    const base = await mergedBase(1, ['a server', 'two servers', 'no match', 'server farm']);
    expect(await wordReadsDuring(async () => {
      await expectScan(base, 'erver');
      await expectScan(base, 'erver');
    })).toBe(1);
    await base.add({ title: 'late', body: 'an observer', updatedAt: at(10) });
    await setup.db.write((tx) => setup.index.merge(tx, base.baseId));
    expect(await wordReadsDuring(async () => {
      await expectScan(base, 'erver');
      await expectScan(base, 'erver');
    })).toBe(1);
    expect((await base.search('erver')).total).toBe(4);
  });

  it('still hold after a rebuild, which keeps the words\' numbers', async () => {
    // Merged one by one, the later page's words are numbered first; a rebuild goes in page order.
    const base = await TestBase.create(setup, 1010);
    await base.add({ title: 'page 0', body: 'zeta words', updatedAt: at(0) });
    await setup.db.write((tx) => setup.index.merge(tx, base.baseId));
    base.nextPageId = 1000;
    await base.add({ title: 'page 1', body: 'alpha words', updatedAt: at(1) });
    await setup.db.write((tx) => setup.index.merge(tx, base.baseId));
    await expectScan(base, 'alph');
    await setup.index.rebuild(setup.db, base.baseId);
    expect(await wordReadsDuring(() => expectScan(base, 'alph'))).toBe(0);
    await base.remove(base.live[1], at(20));
    await setup.index.rebuild(setup.db, base.baseId);
    await expectScan(base, 'alph');
    await expectScan(base, 'zeta');
  });

  it('keep no more than allowed: another base goes to make room', async () => {
    // Bases the tests before kept would otherwise take the room, and go in random order.
    setup.keptWords.kept.clear();
    setup.keptWords.kept.bound = 6;
    try {
      const [one, two] = [await mergedBase(2000, ['gamma ray', 'gammas']), await mergedBase(3000, ['gamma ray', 'gammas'])];
      for (const base of [one, two, one, two]) await expectScan(base, 'gamma');
      expect(setup.keptWords.kept.size).toBeLessThanOrEqual(6);
      expect(await wordReadsDuring(() => expectScan(two, 'gamma'))).toBe(0);
      expect(await wordReadsDuring(() => expectScan(one, 'gamma'))).toBe(1);
    } finally {
      setup.keptWords.kept.bound = Infinity;
    }
  });
});
