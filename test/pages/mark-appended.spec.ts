// A create marks its page's position live in its block's bitmap: on MySQL/MariaDB the database sets
// the bit (binary strings byte by byte), on SQLite the service. Every offset of a block, and blocks
// begun by a page in their middle, must leave exactly the bitmaps that the positions give (blocksOf).
import { bulkInsertPages, preparePage, seedContentId } from '../../bench/seed';
import { LiveBlocksRepository } from '../../src/order/live-blocks.repository';
import { blocksOf, POSITION_BLOCK } from '../../src/outline/positions';
import { pageByContentId } from '../../src/pages/page-joins.query';
import { describeEachBackend } from '../support/e2e';

const PAGES = POSITION_BLOCK + 40;

describeEachBackend('marking an appended page live', (h) => {
  it('sets the bit of every position of a block, and starts the next block', async () => {
    const { db, app } = h();
    const base = await h().fresh();
    const rows = Array.from({ length: PAGES }, (_, i) => preparePage({ title: `P${i}`, body: '', type: 'T', lang: 'en', level: 0 }, seedContentId(i), new Date(i).toISOString()));
    await bulkInsertPages(db, base.baseId, rows);
    const blocks = app.get(LiveBlocksRepository);
    const bitmaps = async () => {
      const stored: { block_start: number; bits: Uint8Array }[] = await db.reader.query(
        'SELECT block_start, bits FROM live_blocks WHERE base_id = ? ORDER BY block_start', [base.baseId]);
      return stored.map((row) => [Number(row.block_start), Buffer.from(row.bits).toString('hex')]);
    };
    const expected = (positions: number[]) => [...blocksOf(positions)].sort(([a], [b]) => a - b).map(([start, bits]) => [start, Buffer.from(bits).toString('hex')]);

    // Every position marked in an order that is not theirs; each block begun by a page in its middle.
    await db.write((tx) => tx.query('DELETE FROM live_blocks WHERE base_id = ?', [base.baseId]));
    const order = Array.from({ length: PAGES }, (_, i) => (POSITION_BLOCK + 7 + i * 389) % PAGES);
    const marked: number[] = [];
    for (const [n, position] of order.entries()) {
      await db.write((tx) => blocks.markAppended(tx, base.baseId, pageByContentId(base.baseId, rows[position].contentId)));
      marked.push(position);
      if (n < 3 || n % 97 === 0) expect(await bitmaps()).toEqual(expected(marked));
    }
    expect(await bitmaps()).toEqual(expected(marked));

    // A page that is not there (its base gone, say) marks nothing.
    await db.write((tx) => blocks.markAppended(tx, base.baseId, pageByContentId(base.baseId, 'absent')));
    expect(await bitmaps()).toEqual(expected(marked));
  });
});
