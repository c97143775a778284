// Property: the block counts answer display orders and locate them exactly as counting a sorted
// list of live positions does, whatever the blocks (empty ones included).
import fc from 'fast-check';
import { BlockCounts, blockStart, POSITION_BLOCK, type BlockCount } from '../../../src/outline/positions';

function countsOf(live: readonly number[]): BlockCounts {
  const blocks = new Map<number, number>();
  for (const position of live) blocks.set(blockStart(position), (blocks.get(blockStart(position)) ?? 0) + 1);
  return new BlockCounts([...blocks.entries()].sort((a, b) => a[0] - b[0]).map(([start, count]): BlockCount => ({ start, live: count })));
}

const livePositions = fc.uniqueArray(fc.integer({ min: 0, max: POSITION_BLOCK * 6 }), { maxLength: 400 }).map((a) => a.sort((x, y) => x - y));

describe('BlockCounts', () => {
  it('blockStart is the first position of its block', () => {
    expect([0, 1, POSITION_BLOCK - 1, POSITION_BLOCK, POSITION_BLOCK * 3 + 7].map(blockStart))
      .toEqual([0, 0, 0, POSITION_BLOCK, POSITION_BLOCK * 3]);
  });

  it('the order of a live position is the number of live positions before it', () => {
    fc.assert(fc.property(livePositions, (live) => {
      const counts = countsOf(live);
      expect(counts.total).toBe(live.length);
      live.forEach((position, order) => {
        const beforeInBlock = live.filter((p) => p < position && p >= blockStart(position)).length;
        expect(counts.orderOf(position, beforeInBlock)).toBe(order);
      });
    }));
  });

  it('locates every order in the block of its position, skipping the live positions before it there', () => {
    fc.assert(fc.property(livePositions, (live) => {
      const counts = countsOf(live);
      live.forEach((position, order) => {
        const start = blockStart(position);
        expect(counts.locate(order)).toEqual({ blockStart: start, skip: live.filter((p) => p >= start && p < position).length });
      });
      expect(counts.locate(live.length)).toBeNull();
      expect(counts.locate(-1)).toBeNull();
    }));
  });

  it('empty blocks, kept after their pages were deleted, change nothing', () => {
    const counts = new BlockCounts([{ start: 0, live: 2 }, { start: 256, live: 0 }, { start: 512, live: 3 }, { start: 768, live: 0 }]);
    expect([0, 1, 2, 4].map((order) => counts.locate(order))).toEqual([
      { blockStart: 0, skip: 0 }, { blockStart: 0, skip: 1 }, { blockStart: 512, skip: 0 }, { blockStart: 512, skip: 2 },
    ]);
    expect(counts.locate(5)).toBeNull();
    expect(counts.liveBefore(768)).toBe(5);
    expect(counts.liveBefore(1024)).toBe(5);
  });
});
