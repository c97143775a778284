// Changes to posting chunks gathered in memory, then written chunk by chunk: each touched chunk
// is read once, updated and written back in multi-row statements (or deleted when emptied).
// A change is one number, key * CHUNK_SIZE + offset (below 2^48): sorting a chunk's changes
// groups them by key with ascending offsets, far cheaper than maps of keys at this volume.
import type { EntityManager } from 'typeorm';
import type { SearchTexts } from '../pages/search-index.port';
import { ALL_KEY, inTitle, textKeys, wordKey, type TextKeys } from './search-keys';
import { CHUNK_SIZE, chunkOf, encodeChunk, offsetIn, updateChunk } from './page-set';
import type { PostingRow, SearchRepository } from './search.repository';

/** Word number of a word, or undefined to leave the word out. */
export type WordNumbers = (word: string) => number | undefined;

/** Words shorter than this get no key: a term they could hold has 1 or 2 characters, a gram. */
export const MIN_WORD_LENGTH = 3;

/** The keys of a page's title and body, each worked out once. */
export interface PageTextKeys {
  title: TextKeys;
  body: TextKeys;
}

export const keysOfTexts = (texts: SearchTexts): PageTextKeys => ({ title: textKeys(texts.searchTitle), body: textKeys(texts.searchBody) });

/** Every key a page's texts give, ascending and distinct: grams and words of title and body, and the title's again as title keys. */
export function pageKeys(texts: PageTextKeys, wordNo: WordNumbers): Float64Array {
  const keys: number[] = [ALL_KEY];
  for (const gram of texts.title.grams) keys.push(gram, inTitle(gram));
  for (const gram of texts.body.grams) keys.push(gram);
  const words = (list: Set<string>, titleToo: boolean) => {
    for (const word of list) {
      const no = word.length >= MIN_WORD_LENGTH ? wordNo(word) : undefined;
      if (no !== undefined) keys.push(wordKey(no), ...(titleToo ? [inTitle(wordKey(no))] : []));
    }
  };
  words(texts.title.words, true);
  words(texts.body.words, false);
  const sorted = Float64Array.from(keys).sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[n++] = sorted[i];
  return sorted.subarray(0, n);
}

/**
 * The words whose keys are the same before and after: in both texts, and in both titles or in
 * neither. Leaving them out of both key sets leaves the change the same, and spares their lookup.
 */
export function unchangedWords(before: PageTextKeys, after: PageTextKeys): Set<string> {
  const unchanged = new Set<string>();
  const inBefore = (word: string) => before.title.words.has(word) || before.body.words.has(word);
  for (const list of [after.title.words, after.body.words]) {
    for (const word of list) {
      if (inBefore(word) && before.title.words.has(word) === after.title.words.has(word)) unchanged.add(word);
    }
  }
  return unchanged;
}

/** A growable list of numbers. */
class Numbers {
  values = new Float64Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  sorted(): Float64Array {
    const values = this.values.subarray(0, this.length);
    return values.length < RADIX_FROM ? values.sort() : radixSort(values);
  }
}

/** From this many values on, a radix sort beats TypedArray#sort (about 300 ns a value on Node 26). */
const RADIX_FROM = 20_000;
const DIGIT = 65536;

/** The 16-bit digit `pass` of an integer below 2^48 (>>> takes the low 32 bits of a double exactly). */
const digit = (value: number, pass: number): number =>
  pass === 0 ? value & 0xffff : pass === 1 ? (value >>> 16) & 0xffff : (value / 4294967296) | 0;

/** Sorts integers below 2^48 by three stable passes over 16-bit digits. */
function radixSort(values: Float64Array): Float64Array {
  let from: Float64Array = values;
  let to: Float64Array = new Float64Array(values.length);
  const counts = new Uint32Array(DIGIT);
  for (let pass = 0; pass < 3; pass++) {
    counts.fill(0);
    for (let i = 0; i < from.length; i++) counts[digit(from[i], pass)]++;
    let sum = 0;
    for (let d = 0; d < DIGIT; d++) {
      const count = counts[d];
      counts[d] = sum;
      sum += count;
    }
    for (let i = 0; i < from.length; i++) to[counts[digit(from[i], pass)]++] = from[i];
    [from, to] = [to, from];
  }
  return from;
}

interface KeyChange {
  key: number;
  add: number[];
  remove: number[];
}

/** The changes of one chunk by key, ascending; offsets ascending and distinct. */
function byKey(add: Float64Array, remove: Float64Array): KeyChange[] {
  const out: KeyChange[] = [];
  let i = 0;
  let j = 0;
  while (i < add.length || j < remove.length) {
    const key = Math.floor(Math.min(i < add.length ? add[i] : Infinity, j < remove.length ? remove[j] : Infinity) / CHUNK_SIZE);
    const change: KeyChange = { key, add: [], remove: [] };
    const end = (key + 1) * CHUNK_SIZE;
    for (; i < add.length && add[i] < end; i++) if (i === 0 || add[i] !== add[i - 1]) change.add.push(add[i] - key * CHUNK_SIZE);
    for (; j < remove.length && remove[j] < end; j++) if (j === 0 || remove[j] !== remove[j - 1]) change.remove.push(remove[j] - key * CHUNK_SIZE);
    out.push(change);
  }
  return out;
}

export class PostingChanges {
  private readonly chunks = new Map<number, { add: Numbers; remove: Numbers }>();

  private lists(id: number): { add: Numbers; remove: Numbers } {
    let lists = this.chunks.get(chunkOf(id));
    if (!lists) this.chunks.set(chunkOf(id), (lists = { add: new Numbers(), remove: new Numbers() }));
    return lists;
  }

  /** Adds id to each key's postings. */
  add(id: number, keys: ArrayLike<number>): void {
    const { add } = this.lists(id);
    const offset = offsetIn(id);
    for (let i = 0; i < keys.length; i++) add.push(keys[i] * CHUNK_SIZE + offset);
  }

  /** Records the move of page `id` from the keys `before` to the keys `after` (both ascending, distinct). */
  replace(id: number, before: Float64Array, after: Float64Array): void {
    const { add, remove } = this.lists(id);
    const offset = offsetIn(id);
    let i = 0;
    let j = 0;
    while (i < before.length || j < after.length) {
      if (j >= after.length || (i < before.length && before[i] < after[j])) remove.push(before[i++] * CHUNK_SIZE + offset);
      else if (i >= before.length || after[j] < before[i]) add.push(after[j++] * CHUNK_SIZE + offset);
      else {
        i++;
        j++;
      }
    }
  }

  /** Writes the changes. `fresh`: nothing is stored yet for these chunks (a rebuild), so they are written unread. */
  async write(repo: SearchRepository, tx: EntityManager, baseId: string, fresh = false): Promise<void> {
    for (const chunk of [...this.chunks.keys()].sort((a, b) => a - b)) {
      const lists = this.chunks.get(chunk)!;
      const changes = byKey(lists.add.sorted(), lists.remove.sorted());
      const stored = fresh ? new Map<number, Buffer>() : await repo.chunkPostings(tx, baseId, chunk, changes.map((c) => c.key));
      const rows: PostingRow[] = [];
      const emptied: number[] = [];
      for (const { key, add, remove } of changes) {
        const bits = fresh ? encodeChunk(add) : updateChunk(stored.get(key), add, remove);
        if (bits) rows.push({ skey: key, chunk, bits });
        else if (stored.has(key)) emptied.push(key);
      }
      await repo.writePostings(tx, baseId, rows);
      if (emptied.length > 0) await repo.deletePostings(tx, baseId, chunk, emptied);
    }
    this.chunks.clear();
  }
}
