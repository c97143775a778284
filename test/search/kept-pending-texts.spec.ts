// Pending pages' texts kept by a process: a search reads only the texts of pending pages it does not
// keep at their current change_no, keeps no more characters than allowed, and answers as a plain
// scan does, on each backend.
import { SearchRepository, type PendingText } from '../../src/search/search.repository';
import { backends } from '../support/databases';
import { at, openSearch, scanSearch, TestBase, type SearchSetup } from './support';

/** Counts the texts each pending read sends, while `run` runs. */
async function textsReadDuring(run: () => Promise<void>): Promise<number[]> {
  const textsRead: number[] = [];
  const original = SearchRepository.prototype.pendingTextsRead;
  const reads = jest.spyOn(SearchRepository.prototype, 'pendingTextsRead').mockImplementation(function (this: SearchRepository, ...args) {
    const read = original.apply(this, args);
    return {
      ...read,
      answer: (rows) => {
        const pages: PendingText[] = read.answer(rows);
        textsRead.push(pages.filter((page) => page.title !== null).length);
        return pages;
      },
    };
  });
  try {
    await run();
    return textsRead;
  } finally {
    reads.mockRestore();
  }
}

describe.each(backends)('kept pending texts on %s', (backend) => {
  let setup: SearchSetup;
  beforeAll(async () => {
    setup = await openSearch(backend);
    setup.index.mergeThreshold = 1_000_000;
  });
  afterAll(() => setup.close());

  async function pendingBase(firstPageId: number): Promise<TestBase> {
    const base = await TestBase.create(setup, firstPageId);
    for (let i = 0; i < 5; i++) await base.add({ title: `page ${i}`, body: i % 2 ? 'topic' : 'other', updatedAt: at(i) });
    return base;
  }

  const expectScan = async (base: TestBase, q: string) => expect(await base.search(q)).toEqual(scanSearch(base.live, [q], {}));

  it('reads again only the texts of pages written since', async () => {
    const base = await pendingBase(1);
    expect(await textsReadDuring(async () => {
      await expectScan(base, 'topic');
      await expectScan(base, 'other');
      await base.edit(base.live[0], { body: 'topic now' }, at(10));
      await expectScan(base, 'topic');
      await base.remove(base.live[1], at(11));
      await expectScan(base, 'topic');
    })).toEqual([5, 0, 1, 0]);
  });

  it('keeps no more characters than allowed: another base goes to make room', async () => {
    const [one, two] = [await pendingBase(1000), await pendingBase(2000)];
    // Bases the tests before kept would otherwise take the room, and go in random order.
    setup.pendingTexts.kept.clear();
    // Each base's five texts hold 55 characters: room for one base only.
    setup.pendingTexts.kept.bound = 60;
    try {
      expect(await textsReadDuring(async () => {
        for (const base of [one, two, two, one]) await expectScan(base, 'topic');
      })).toEqual([5, 5, 0, 5]);
    } finally {
      setup.pendingTexts.kept.bound = Infinity;
    }
  });
});
