// Property: the live positions answer display orders and the position at an order exactly as
// counting a sorted list of live positions does, whatever the blocks (emptied ones included).
import fc from 'fast-check';
import { blocksOf, blockStart, LivePositions, POSITION_BLOCK, withPosition } from '../../../src/outline/positions';

function positionsOf(live: readonly number[], emptied: readonly number[] = []): LivePositions {
  const blocks = blocksOf(live);
  // A block whose pages were all deleted keeps its (empty) bitmap.
  for (const position of emptied) if (!blocks.has(blockStart(position))) blocks.set(blockStart(position), withPosition(null, position, false));
  return new LivePositions([...blocks.entries()].sort((a, b) => a[0] - b[0]).map(([start, bits]) => ({ start, bits })));
}

const positions = fc.uniqueArray(fc.integer({ min: 0, max: POSITION_BLOCK * 5 }), { maxLength: 300 }).map((a) => a.sort((x, y) => x - y));

describe('LivePositions', () => {
  it('blockStart is the first position of its block', () => {
    expect([0, 1, POSITION_BLOCK - 1, POSITION_BLOCK, POSITION_BLOCK * 3 + 7].map(blockStart))
      .toEqual([0, 0, 0, POSITION_BLOCK, POSITION_BLOCK * 3]);
  });

  it('the order of a live position is the number of live positions before it, and the position at that order is it', () => {
    fc.assert(fc.property(positions, positions, (live, emptied) => {
      const set = positionsOf(live, emptied.filter((p) => !live.includes(p)));
      expect(set.total).toBe(live.length);
      live.forEach((position, order) => {
        expect(set.orderOf(position)).toBe(order);
        expect(set.positionAt(order)).toBe(position);
      });
      expect(set.positionAt(live.length)).toBeNull();
      expect(set.positionAt(-1)).toBeNull();
    }));
  });

  it('withPosition sets and clears one bit of its block and leaves the others', () => {
    // A block past the first, so that positions are absolute, not offsets inside the block.
    const start = POSITION_BLOCK * 3;
    const inBlock = fc.uniqueArray(fc.integer({ min: start, max: start + POSITION_BLOCK - 1 }), { maxLength: 200 }).map((a) => a.sort((x, y) => x - y));
    fc.assert(fc.property(inBlock, fc.integer({ min: start, max: start + POSITION_BLOCK - 1 }), (live, position) => {
      const bits = blocksOf(live).get(start) ?? null;
      const added = new LivePositions([{ start, bits: withPosition(bits, position, true) }]);
      const removed = new LivePositions([{ start, bits: withPosition(bits, position, false) }]);
      const others = live.filter((p) => p !== position);
      expect(others.map((p) => removed.orderOf(p))).toEqual(others.map((_, order) => order));
      expect(others.map((_, order) => removed.positionAt(order))).toEqual(others);
      const withIt = [...others, position].sort((a, b) => a - b);
      expect(added.orderOf(position)).toBe(withIt.indexOf(position));
      expect(withIt.map((_, order) => added.positionAt(order))).toEqual(withIt);
    }));
  });

  it('withLive gives the positions that the changed list of live positions gives, and leaves its own as they were', () => {
    fc.assert(fc.property(positions, fc.integer({ min: 0, max: POSITION_BLOCK * 6 }), fc.boolean(), (live, position, makeLive) => {
      const before = positionsOf(live);
      const after = before.withLive(position, makeLive);
      const expected = makeLive ? [...new Set([...live, position])].sort((a, b) => a - b) : live.filter((p) => p !== position);
      expect(after.total).toBe(expected.length);
      expected.forEach((p, order) => {
        expect(after.orderOf(p)).toBe(order);
        expect(after.positionAt(order)).toBe(p);
      });
      expect(before.total).toBe(live.length);
      live.forEach((p, order) => expect(before.positionAt(order)).toBe(p));
    }));
  });

  it('an emptied block between two live ones changes no order', () => {
    const set = positionsOf([1, 2, POSITION_BLOCK * 2 + 5], [POSITION_BLOCK + 3]);
    expect([0, 1, 2].map((order) => set.positionAt(order))).toEqual([1, 2, POSITION_BLOCK * 2 + 5]);
    expect(set.orderOf(POSITION_BLOCK * 2 + 5)).toBe(2);
  });
});
