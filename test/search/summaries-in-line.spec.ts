// Result summaries whose outline version keeps moving between their two reads (each read is
// answered by live positions of another version) are read once more in line with the writes, with
// the base locked, and still carry the display orders of the scan.
import { DisplayOrder } from '../../src/order/display-order.service';
import { backends } from '../support/databases';
import { at, openSearch, scanSearch, TestBase, type SearchSetup } from './support';

describe.each(backends)('search summaries under moving versions on %s', (backend) => {
  let setup: SearchSetup;
  let base: TestBase;
  beforeAll(async () => {
    setup = await openSearch(backend);
    base = await TestBase.create(setup, 1);
    for (let i = 0; i < 12; i++) await base.add({ title: `note ${i}`, body: i % 2 ? 'odd' : 'even', updatedAt: at(i % 4) });
    for (const page of base.live.filter((_, i) => i % 5 === 1)) await base.remove(page, at(9));
  });
  afterAll(() => setup.close());

  it('answers the orders of the scan through the writes\' queue', async () => {
    const real = DisplayOrder.prototype.positions;
    const reads = jest.spyOn(DisplayOrder.prototype, 'positions').mockImplementation(async function (this: DisplayOrder, ...args) {
      const found = await real.apply(this, args);
      return found && { ...found, outlineVersion: found.outlineVersion + 1 };
    });
    const inLine = jest.spyOn(setup.db, 'write');
    try {
      expect(await base.search('note', { limit: 20 })).toEqual(scanSearch(base.live, ['note'], { limit: 20 }));
      expect(reads).toHaveBeenCalledTimes(3);
      expect(inLine).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
      inLine.mockRestore();
    }
  });
});
