// The pure parts of the index: keys of a text, plans of terms, posting chunks and id sets.
import fc from 'fast-check';
import { CHUNK_BYTES, CHUNK_SIZE, PageSet, decodeChunk, encodeChunk, hasIn, updateChunk } from '../../src/search/page-set';
import { bigramKey, planTerm, textKeys, unigramKey, wordHash } from '../../src/search/search-keys';

const pair = (text: string) => (text.charCodeAt(0) << 16) | text.charCodeAt(1);

describe('textKeys', () => {
  it('gives each character and each adjacent pair once, never across whitespace', () => {
    const { grams } = textKeys('ab ab\u3000b');
    expect(grams.sort()).toEqual([unigramKey(97), unigramKey(98), bigramKey(pair('ab'))].sort());
  });

  it('gives as words the runs of one class: letters and digits, hiragana, katakana, kanji, other', () => {
    expect([...textKeys('api設定のデータベースv2 node.js 𠮷野').words]).toEqual(['api', '設定', 'の', 'データベース', 'v2', 'node', '.', 'js', '𠮷', '野']);
  });

  it('agrees with itself on many texts (scratch space is reset between calls)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
      const units = new Set<number>();
      const pairs = new Set<number>();
      for (let i = 0; i < text.length; i++) {
        if (/\s/u.test(text[i])) continue;
        units.add(unigramKey(text.charCodeAt(i)));
        if (i > 0 && !/\s/u.test(text[i - 1])) pairs.add(bigramKey((text.charCodeAt(i - 1) << 16) | text.charCodeAt(i)));
      }
      expect(new Set(textKeys(text).grams)).toEqual(new Set([...units, ...pairs]));
    }), { numRuns: 100 });
  });
});

describe('planTerm', () => {
  it('answers 1 and 2 characters from one gram, one-class terms from the words, the rest by checking', () => {
    expect(planTerm('の')).toEqual({ kind: 'gram', key: unigramKey('の'.charCodeAt(0)) });
    expect(planTerm('設定')).toEqual({ kind: 'gram', key: bigramKey(pair('設定')) });
    expect(planTerm('𠮷')).toEqual({ kind: 'gram', key: bigramKey(pair('𠮷')) });
    for (const term of ['データ', '情報検索', 'install', '...', '𠮷𠮷']) expect([term, planTerm(term)]).toEqual([term, { kind: 'word' }]);
    expect(planTerm('api設定')).toEqual({ kind: 'check', keys: ['ap', 'pi', 'i設', '設定'].map((p) => bigramKey(pair(p))) });
    expect(planTerm('node.js').kind).toBe('check');
    // NFKC can put a space inside a term: its pairs narrow, the check decides.
    expect(planTerm('a \u0308b')).toEqual({ kind: 'check', keys: [bigramKey(pair('\u0308b'))] });
  });
});

describe('posting chunks', () => {
  const offsets = fc.uniqueArray(fc.integer({ min: 0, max: CHUNK_SIZE - 1 }), { maxLength: 600 }).map((a) => a.sort((x, y) => x - y));

  it('decode(encode(x)) = x, as a list while short and a bitmap beyond', () => {
    fc.assert(fc.property(offsets, (list) => {
      const blob = encodeChunk(list);
      expect(decodeChunk(blob)).toEqual(list);
      if (blob) expect(blob.length === CHUNK_BYTES).toBe(list.length * 2 >= CHUNK_BYTES);
    }));
  });

  it('update adds and removes like a set, and empties to null', () => {
    fc.assert(fc.property(offsets, offsets, offsets, (start, add, remove) => {
      const expected = new Set(start);
      for (const o of remove) expected.delete(o);
      for (const o of add) expected.add(o);
      const blob = updateChunk(encodeChunk(start), add, remove);
      expect(decodeChunk(blob)).toEqual([...expected].sort((a, b) => a - b));
      expect(blob === null).toBe(expected.size === 0);
    }));
  });
});

describe('PageSet', () => {
  const ids = fc.uniqueArray(fc.integer({ min: 0, max: 5 * CHUNK_SIZE }), { maxLength: 300 });

  it('and, or, andNot, count, toArray, forEach and the chunk table behave like sets', () => {
    fc.assert(fc.property(ids, ids, (a, b) => {
      const [sa, sb] = [new Set(a), new Set(b)];
      const sorted = (s: Iterable<number>) => [...s].sort((x, y) => x - y);
      expect(PageSet.of(a).and(PageSet.of(b)).toArray()).toEqual(sorted(a.filter((x) => sb.has(x))));
      expect(PageSet.of(a).or(PageSet.of(b)).toArray()).toEqual(sorted(new Set([...a, ...b])));
      expect(PageSet.of(a).andNot(PageSet.of(b)).toArray()).toEqual(sorted(a.filter((x) => !sb.has(x))));
      expect(PageSet.of(a).count()).toBe(sa.size);
      expect(PageSet.of(a).isEmpty()).toBe(sa.size === 0);
      const visited: number[] = [];
      PageSet.of(a).forEach((x) => visited.push(x));
      expect(sorted(visited)).toEqual(sorted(sa));
      const table = PageSet.of(a).chunkTable();
      for (const x of [...a, ...b]) {
        expect(PageSet.of(a).has(x)).toBe(sa.has(x));
        expect(hasIn(table, x)).toBe(sa.has(x));
      }
    }));
  });

  it('intersection and unionWithin make new sets and change none they read', () => {
    fc.assert(fc.property(ids, ids, ids, (a, b, c) => {
      const [sa, sb, sc] = [new Set(a), new Set(b), new Set(c)];
      const sorted = (s: Iterable<number>) => [...s].sort((x, y) => x - y);
      const [pa, pb, pc] = [PageSet.of(a), PageSet.of(b), PageSet.of(c)];
      const both = PageSet.intersection(pa, pb);
      expect(both.toArray()).toEqual(sorted(a.filter((x) => sb.has(x))));
      // Only chunks holding a common id take memory.
      expect(both.chunks.size).toBe(new Set(both.toArray().map((x) => Math.floor(x / CHUNK_SIZE))).size);
      expect(PageSet.unionWithin([pb, pc], pa).toArray()).toEqual(sorted(a.filter((x) => sb.has(x) || sc.has(x))));
      both.add(5 * CHUNK_SIZE);
      expect([pa.toArray(), pb.toArray(), pc.toArray()]).toEqual([sorted(sa), sorted(sb), sorted(sc)]);
    }));
  });

  it('reads stored chunks of both forms', () => {
    const set = new PageSet();
    set.orBlob(2, encodeChunk([1, 7])!);
    set.orBlob(3, encodeChunk(Array.from({ length: 300 }, (_, i) => i * 3))!);
    expect(set.count()).toBe(302);
    expect(set.has(2 * CHUNK_SIZE + 7) && set.has(3 * CHUNK_SIZE + 897) && !set.has(3 * CHUNK_SIZE + 898)).toBe(true);
  });
});

describe('wordHash', () => {
  it('is a stable 52-bit integer that tells words apart', () => {
    const words = Array.from({ length: 20000 }, (_, i) => `w${i}`);
    const hashes = new Set(words.map(wordHash));
    expect(hashes.size).toBe(words.length);
    expect(wordHash('データ')).toBe(wordHash('データ'));
    for (const h of [...hashes].slice(0, 100)) expect(Number.isSafeInteger(h) && h >= 0 && h < 2 ** 52).toBe(true);
  });
});
