// Seeded generators for tests that draw at random, so a failing run can be repeated as it was.
export { seededRandom } from '../../bench/corpus';

/** Whole numbers below `n`, from a linear congruential generator seeded with `seed`. */
export function seededPicks(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}
