// What a process keeps of pages between requests (ancestor paths, bodies), bounded by the memory
// its strings hold (stringBytes): when one more value would pass the bound, values picked at random
// go until it fits. A reader going round a few more pages than fit (an agent reading the same set
// again and again) still finds most of them kept: dropping everything at once, or the least
// recently used, would drop each page just before it is asked for again (measured at 100,000 pages
// on MariaDB: 5,000 pages of 8.02 M characters against a bound of 8 M found none kept).
interface Entry<V> {
  value: V;
  size: number;
  /** Where the key sits in `keys`, the list random picks are made from. */
  slot: number;
}

export class SizeBoundedMap<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keys: string[] = [];
  private held = 0;

  constructor(
    private readonly bound: number,
    private readonly sizeOf: (value: V) => number,
    private readonly random: () => number = Math.random,
  ) {}

  get(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Keeps `value` in place of the key's; a value larger than the whole bound is not kept. */
  set(key: string, value: V): void {
    this.delete(key);
    const size = this.sizeOf(value);
    if (size > this.bound) return;
    while (this.held + size > this.bound) this.delete(this.keys[Math.floor(this.random() * this.keys.length)]);
    this.entries.set(key, { value, size, slot: this.keys.length });
    this.keys.push(key);
    this.held += size;
  }

  delete(key: string): void {
    const kept = this.entries.get(key);
    if (kept === undefined) return;
    this.entries.delete(key);
    const last = this.keys.pop()!;
    if (last !== key) {
      this.keys[kept.slot] = last;
      this.entries.get(last)!.slot = kept.slot;
    }
    this.held -= kept.size;
  }

  /** What the values held now measure, in the unit of sizeOf. */
  get size(): number {
    return this.held;
  }

  /** Values held now. */
  get count(): number {
    return this.keys.length;
  }
}

/** Characters V8 can hold at one byte each (Latin-1); a string with any other is held at two a character. */
const BEYOND_ONE_BYTE = /[^\u0000-\u00ff]/;

/**
 * The bytes a string's characters take in V8's heap: one a character when all of them are Latin-1
 * (English text), else two (Japanese). A bound in characters would hold half the memory it allows
 * in English bodies, or drop pages that fit.
 */
export function stringBytes(text: string): number {
  return BEYOND_ONE_BYTE.test(text) ? 2 * text.length : text.length;
}

/** The key of a page of a base: base ids never hold a newline (the contract's pattern). */
export function pageKey(baseId: string, contentId: string): string {
  return `${baseId}\n${contentId}`;
}
