// SizeBoundedMap: counts what it holds exactly through replacements, deletes and evictions,
// never holds more than its bound, answers every key it holds with the value last set, and, made
// to drop values at random, still keeps most of a set a little larger than the bound that is read
// round and round.
import fc from 'fast-check';
import { seededRandom as seeded } from '../../../bench/corpus';
import { SizeBoundedMap, stringBytes } from '../../../src/pages/size-bounded-map';

const map = (bound = 10, random?: () => number) => new SizeBoundedMap<string>(bound, (value) => value.length, random);

describe('SizeBoundedMap', () => {
  it('counts a replaced or deleted value out of its size', () => {
    const kept = map();
    kept.set('a', 'xxx');
    kept.set('b', 'yy');
    kept.set('a', 'z');
    expect([kept.size, kept.get('a'), kept.get('b')]).toEqual([3, 'z', 'yy']);
    kept.delete('b');
    kept.delete('missing');
    expect([kept.size, kept.count, kept.get('b')]).toEqual([1, 1, undefined]);
  });

  it('drops values until one more fits, and keeps the new one', () => {
    const kept = map();
    kept.set('a', 'xxxx');
    kept.set('b', 'xxxxxx');
    expect(kept.size).toBe(10);
    kept.set('c', 'x');
    expect(kept.get('c')).toBe('x');
    expect(kept.size).toBeLessThanOrEqual(10);
    expect([kept.get('a'), kept.get('b')].filter((value) => value !== undefined)).toHaveLength(1);
  });

  it('keeps no value larger than the bound, and forgets the one it replaced', () => {
    const kept = map();
    kept.set('a', 'old');
    kept.set('a', 'x'.repeat(11));
    expect([kept.size, kept.count, kept.get('a')]).toEqual([0, 0, undefined]);
  });

  it('read round and round, a set 2% larger than the bound stays mostly kept', () => {
    // 100 values of size 10 against a bound of 980: dropping everything, or the least
    // recently used, would find none kept on every round after the first.
    const kept = map(980, seeded(7));
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
      const kept = map(12, seeded(seed));
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
});

describe('stringBytes', () => {
  it('counts a byte a character of Latin-1 text and two of any other', () => {
    expect(stringBytes('')).toBe(0);
    expect(stringBytes('server config')).toBe(13);
    expect(stringBytes('café ÿ')).toBe(6);
    expect(stringBytes('設定')).toBe(4);
    expect(stringBytes('server 設定')).toBe(18);
    expect(stringBytes('Ā')).toBe(2);
  });
});
