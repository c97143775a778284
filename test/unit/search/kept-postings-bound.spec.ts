// KeptPostings' bound, on sets made in memory: what is kept at one stamp stays while it fits.
import { KeptPostings } from '../../../src/search/kept-postings';
import { CHUNK_SIZE, PageSet } from '../../../src/search/page-set';

/** A set of `chunks` chunks: chunks + 1 units. */
const setOf = (chunks: number): PageSet => PageSet.of(Array.from({ length: chunks }, (_, i) => i * CHUNK_SIZE));

describe('KeptPostings', () => {
  it('keeps the sets of one stamp together while they fit, counting a key kept already once', () => {
    const postings = new KeptPostings();
    postings.kept.bound = 10;
    postings.keep('b', 1, new Map([[1, setOf(3)], [2, setOf(3)]]));
    // Key 1 again (another search kept it meanwhile) and a small new key: 4 + 4 + 2 units fit.
    postings.keep('b', 1, new Map([[1, setOf(3)], [3, setOf(1)]]));
    expect([...postings.find('b', 1, [1, 2, 3]).keys()]).toEqual([1, 2, 3]);
    expect(postings.kept.size).toBe(10);
  });

  it('starts the base afresh when the new sets would not fit beside the kept ones, or the stamp moved', () => {
    const postings = new KeptPostings();
    postings.kept.bound = 10;
    postings.keep('b', 1, new Map([[1, setOf(3)], [2, setOf(3)]]));
    postings.keep('b', 1, new Map([[3, setOf(3)]]));
    expect([...postings.find('b', 1, [1, 2, 3]).keys()]).toEqual([3]);
    postings.keep('b', 2, new Map([[4, setOf(1)]]));
    expect(postings.find('b', 1, [3, 4]).size).toBe(0);
    expect([...postings.find('b', 2, [3, 4]).keys()]).toEqual([4]);
  });

  it('answers the latest sets of a base with the stamp they were kept at, and none for a base without', () => {
    const postings = new KeptPostings();
    expect(postings.latest('b', [1])).toEqual({ stamp: null, sets: new Map() });
    postings.keep('b', 7, new Map([[1, setOf(1)]]));
    const latest = postings.latest('b', [1, 2]);
    expect(latest.stamp).toBe(7);
    expect([...latest.sets.keys()]).toEqual([1]);
    postings.keep('b', 8, new Map([[2, setOf(1)]]));
    expect([...postings.latest('b', [1, 2]).sets.keys()]).toEqual([2]);
  });
});
