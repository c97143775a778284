// Pending pages' texts kept by a process: a search reads only the texts of pending pages it does not
// keep at their current change_no, and answers as a plain scan does, on each backend.
import { SearchRepository, type PendingText } from '../../src/search/search.repository';
import { backends } from '../support/databases';
import { at, openSearch, scanSearch, TestBase, type SearchSetup } from './support';

describe.each(backends)('kept pending texts on %s', (backend) => {
  let setup: SearchSetup;
  beforeAll(async () => {
    setup = await openSearch(backend);
    setup.index.mergeThreshold = 1_000_000;
  });
  afterAll(() => setup.close());

  it('reads again only the texts of pages written since', async () => {
    const base = await TestBase.create(setup, 1);
    for (let i = 0; i < 5; i++) await base.add({ title: `page ${i}`, body: i % 2 ? 'topic' : 'other', updatedAt: at(i) });
    const textsRead: number[] = [];
    const original = SearchRepository.prototype.pendingTextsRead;
    const reads = jest.spyOn(SearchRepository.prototype, 'pendingTextsRead').mockImplementation(function (this: SearchRepository, ...args) {
      const read = original.apply(this, args);
      return { ...read, answer: (rows) => {
        const pages: PendingText[] = read.answer(rows);
        textsRead.push(pages.filter((page) => page.title !== null).length);
        return pages;
      } };
    });
    try {
      const expectScan = async (q: string) => expect(await base.search(q)).toEqual(scanSearch(base.live, [q], {}));
      await expectScan('topic');
      await expectScan('other');
      await base.edit(base.live[0], { body: 'topic now' }, at(10));
      await expectScan('topic');
      await base.remove(base.live[1], at(11));
      await expectScan('topic');
      expect(textsRead).toEqual([5, 0, 1, 0]);
    } finally {
      reads.mockRestore();
    }
  });
});
