// Posting upserts go in parts whose sizes are powers of two (powerOfTwoBatches): every row once, in
// order, and only a few distinct sizes, so a few statement texts.
import fc from 'fast-check';
import { powerOfTwoBatches } from '../../src/search/search.repository';

describe('posting upsert batches', () => {
  it('hold every row once, in order, in parts of 256 or fewer whose sizes are powers of two, largest first', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2000 }), (count) => {
      const rows = Array.from({ length: count }, (_, i) => i);
      const parts = powerOfTwoBatches(rows);
      expect(parts.flat()).toEqual(rows);
      const sizes = parts.map((part) => part.length);
      for (const size of sizes) expect([1, 2, 4, 8, 16, 32, 64, 128, 256]).toContain(size);
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
      // Below 256, each size at most once: the binary digits of what is left.
      expect(new Set(sizes.filter((size) => size < 256)).size).toBe(sizes.filter((size) => size < 256).length);
    }));
  });

  it('530 rows: 256, 256, 16, 2', () => {
    expect(powerOfTwoBatches(Array.from({ length: 530 }, (_, i) => i)).map((part) => part.length)).toEqual([256, 256, 16, 2]);
  });
});
