// DisplayOrder.slotAt: where a restored page goes among the live positions. Checked on random sets
// of positions (some across a block's end) against what it must give: the page at the order asked
// for (at most the live count), every other page in its order, one position more live.
import fc from 'fast-check';
import { DisplayOrder } from '../../../src/order/display-order.service';
import type { LiveBlocksRepository } from '../../../src/order/live-blocks.repository';
import { blocksOf, LivePositions, POSITION_BLOCK } from '../../../src/outline/positions';

const order = new DisplayOrder({} as LiveBlocksRepository);

function positionsOf(live: readonly number[]): LivePositions {
  return new LivePositions([...blocksOf(live)].sort(([a], [b]) => a - b).map(([start, bits]) => ({ start, bits })));
}

/** The live positions after the restore, with the page's marked: the shifted run up by one, the page at its slot. */
function afterRestore(live: readonly number[], at: number): { positions: number[]; page: number; newlyLive: number } {
  const slot = order.slotAt(positionsOf(live), at);
  const shift = slot.shift;
  const moved = live.map((p) => (shift && p >= shift.from && p < shift.to ? p + 1 : p));
  expect(moved).not.toContain(slot.position);
  return { positions: [...moved, slot.position].sort((a, b) => a - b), page: slot.position, newlyLive: slot.newlyLive };
}

function check(live: number[], at: number): void {
  const { positions, page, newlyLive } = afterRestore(live, at);
  // Each position once; the page at order min(at, live count); one position more, newlyLive.
  expect(new Set(positions).size).toBe(live.length + 1);
  expect(positions.indexOf(page)).toBe(Math.min(at, live.length));
  expect(positions.filter((p) => !live.includes(p))).toEqual([newlyLive]);
  expect(positions.every((p) => p >= 0)).toBe(true);
}

describe('DisplayOrder.slotAt', () => {
  it('takes a free position between the neighbours, else shifts the run after it to the first free one', () => {
    expect(order.slotAt(positionsOf([]), 3)).toEqual({ position: 0, shift: null, newlyLive: 0 });
    expect(order.slotAt(positionsOf([0, 2]), 1)).toEqual({ position: 1, shift: null, newlyLive: 1 });
    expect(order.slotAt(positionsOf([0, 1, 2, 5]), 1)).toEqual({ position: 1, shift: { from: 1, to: 3 }, newlyLive: 3 });
    expect(order.slotAt(positionsOf([0, 1, 2]), 0)).toEqual({ position: 0, shift: { from: 0, to: 3 }, newlyLive: 3 });
    expect(order.slotAt(positionsOf([0, 1, 2]), 7)).toEqual({ position: 3, shift: null, newlyLive: 3 });
    expect(order.slotAt(positionsOf([3, 4]), 0)).toEqual({ position: 0, shift: null, newlyLive: 0 });
    // A run across a block's end.
    const run = Array.from({ length: 40 }, (_, i) => POSITION_BLOCK - 20 + i);
    expect(order.slotAt(positionsOf([0, ...run, POSITION_BLOCK + 40]), 1)).toEqual({ position: 1, shift: null, newlyLive: 1 });
    expect(order.slotAt(positionsOf([...run, POSITION_BLOCK + 40]), 0)).toEqual({ position: 0, shift: null, newlyLive: 0 });
    expect(order.slotAt(positionsOf([POSITION_BLOCK - 21, ...run, POSITION_BLOCK + 40]), 1)).toEqual({ position: POSITION_BLOCK - 20, shift: { from: POSITION_BLOCK - 20, to: POSITION_BLOCK + 20 }, newlyLive: POSITION_BLOCK + 20 });
  });

  it('random live positions and orders', () => {
    const positionArb = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: POSITION_BLOCK - 30, max: POSITION_BLOCK + 30 }), fc.integer({ min: 0, max: 3 * POSITION_BLOCK }));
    fc.assert(fc.property(fc.uniqueArray(positionArb, { maxLength: 80 }), fc.nat({ max: 100 }), (live, at) => {
      check(live.sort((a, b) => a - b), at);
    }));
    // Dense runs, where every restore but one at the end shifts.
    for (let n = 0; n < 40; n++) for (let at = 0; at <= n + 1; at++) check(Array.from({ length: n }, (_, i) => i), at);
  });
});
