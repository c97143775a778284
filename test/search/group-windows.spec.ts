// The window of results each group gives, planned before any group is ranked: the same members as
// cutting the groups' members, one group after another, by offset and limit; and no group ranks
// more members than the window keeps of it.
import fc from 'fast-check';
import { groupWindows, type Paging } from '../../src/search/search-rank';

/** [group, rank inside the group] of every result the paging keeps, cutting the joined groups. */
function cut(sizes: readonly number[], paging: Paging): [number, number][] {
  const all = sizes.flatMap((size, group) => Array.from({ length: size }, (_, rank): [number, number] => [group, rank]));
  const from = paging.offset ?? 0;
  return all.slice(from, paging.limit === undefined ? undefined : from + paging.limit);
}

describe('groupWindows', () => {
  it('keeps what cutting the joined groups keeps, ranking no more than that', () => {
    fc.assert(fc.property(
      fc.array(fc.nat(30), { maxLength: 4 }),
      fc.record({ limit: fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }), offset: fc.option(fc.nat(80), { nil: undefined }) }),
      (sizes, paging) => {
        const windows = groupWindows(sizes, paging);
        const kept = windows.flatMap((w) => {
          const end = w.take === undefined ? w.need : Math.min(w.need, w.skip + w.take);
          return Array.from({ length: end - w.skip }, (_, i): [number, number] => [w.group, w.skip + i]);
        });
        expect(kept).toEqual(cut(sizes, paging));
        for (const w of windows) {
          expect(w.size).toBe(sizes[w.group]);
          expect(w.need).toBeLessThanOrEqual(w.size);
          // Every member ranked is one kept or one skipped before it.
          expect(kept.filter(([group]) => group === w.group)).toHaveLength(w.need - w.skip);
        }
      },
    ), { numRuns: 2000 });
  });

  it('draws on no group when the offset passes every result', () => {
    expect(groupWindows([3, 4], { offset: 7, limit: 5 })).toEqual([]);
    expect(groupWindows([], {})).toEqual([]);
  });

  it('plans a window across two groups', () => {
    expect(groupWindows([3, 10], { offset: 2, limit: 5 })).toEqual([
      { group: 0, size: 3, need: 3, skip: 2, take: 5 },
      { group: 1, size: 10, need: 4, skip: 0, take: 4 },
    ]);
  });
});
