// BoundedCache: counts what it holds exactly through replacements, deletes and evictions, never
// holds more than its bound, answers every key it holds with the value last set, and, dropping
// entries at random, still keeps most of a set a little larger than the bound that is read round
// and round.
import fc from 'fast-check';
import { seededRandom as seeded } from '../../../bench/corpus';
import { BoundedCache } from '../../../src/cache/bounded-cache';
import { cacheReports } from '../../../src/cache/cache-registry';

const cache = (bound = 10, random?: () => number, name = 'test') =>
  new BoundedCache<string, string>({ name, bound, sizeOf: (value) => value.length, unit: 'characters', random });

describe('BoundedCache', () => {
  it('counts a replaced or deleted value out of its size', () => {
    const kept = cache();
    kept.set('a', 'xxx');
    kept.set('b', 'yy');
    kept.set('a', 'z');
    expect([kept.size, kept.get('a'), kept.get('b')]).toEqual([3, 'z', 'yy']);
    kept.delete('b');
    kept.delete('missing');
    expect([kept.size, kept.count, kept.get('b')]).toEqual([1, 1, undefined]);
  });

  it('counts each entry as one when given no size function', () => {
    const kept = new BoundedCache<number, object>({ name: 'entries', bound: 3 });
    for (let key = 0; key < 10; key++) kept.set(key, {});
    expect([kept.size, kept.count, kept.get(9)]).toEqual([3, 3, {}]);
  });

  it('drops every entry on clear', () => {
    const kept = cache();
    kept.set('a', 'xy');
    kept.set('b', 'z');
    kept.clear();
    kept.set('c', 'x');
    expect([kept.size, kept.count, kept.get('a'), kept.get('c')]).toEqual([1, 1, undefined, 'x']);
  });

  it('drops values until one more fits, and keeps the new one', () => {
    const kept = cache();
    kept.set('a', 'xxxx');
    kept.set('b', 'xxxxxx');
    expect(kept.size).toBe(10);
    kept.set('c', 'x');
    expect(kept.get('c')).toBe('x');
    expect(kept.size).toBeLessThanOrEqual(10);
    expect([kept.get('a'), kept.get('b')].filter((value) => value !== undefined)).toHaveLength(1);
  });

  it('keeps no value larger than the bound, and forgets the one it replaced', () => {
    const kept = cache();
    kept.set('a', 'old');
    kept.set('a', 'x'.repeat(11));
    expect([kept.size, kept.count, kept.get('a')]).toEqual([0, 0, undefined]);
  });

  it('read round and round, a set 2% larger than the bound stays mostly kept', () => {
    // 100 values of size 10 against a bound of 980: dropping everything, or the least
    // recently used, would find none kept on every round after the first.
    const kept = cache(980, seeded(7));
    let found = 0;
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 100; i++) {
        const key = `page ${i}`;
        if (kept.get(key) !== undefined) found++;
        else kept.set(key, 'x'.repeat(10));
      }
    }
    expect(found / (19 * 100)).toBeGreaterThan(0.8);
  });

  it('after any sets and deletes: holds at most the bound, counts exactly, answers the last value set or nothing', () => {
    const operation = fc.oneof(
      fc.record({ set: fc.integer({ min: 0, max: 15 }), length: fc.integer({ min: 0, max: 14 }) }),
      fc.record({ delete: fc.integer({ min: 0, max: 15 }) }),
    );
    fc.assert(fc.property(fc.array(operation, { maxLength: 200 }), fc.integer(), (operations, seed) => {
      const kept = cache(12, seeded(seed));
      const last = new Map<string, string>();
      operations.forEach((op, n) => {
        if ('set' in op) {
          const value = `${n}:`.padEnd(op.length, '.').slice(0, op.length);
          kept.set(`k${op.set}`, value);
          last.set(`k${op.set}`, value);
        } else {
          kept.delete(`k${op.delete}`);
          last.delete(`k${op.delete}`);
        }
        let size = 0;
        let count = 0;
        for (let key = 0; key < 16; key++) {
          const value = kept.get(`k${key}`);
          if (value === undefined) continue;
          expect(value).toBe(last.get(`k${key}`));
          size += value.length;
          count++;
        }
        expect([kept.size, kept.count]).toEqual([size, count]);
        expect(kept.size).toBeLessThanOrEqual(12);
      });
      // The value just set is kept whenever it fits the bound on its own.
      const final = operations.at(-1);
      if (final && 'set' in final && final.length <= 12) expect(kept.get(`k${final.set}`)).toBeDefined();
    }), { numRuns: 300 });
  });

  it('reports its size, bound and hits by name, summed over the caches of that name', () => {
    const [one, two] = [cache(10, undefined, 'reported'), cache(10, undefined, 'reported')];
    one.set('a', 'xyz');
    two.set('b', 'xy');
    one.get('a');
    one.get('b');
    two.get('b');
    expect(cacheReports().find((report) => report.name === 'reported')).toEqual({
      name: 'reported', unit: 'characters', entries: 2, size: 5, bound: 20, hits: 2, misses: 1, instances: 2,
    });
  });
});
