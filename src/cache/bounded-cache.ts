// The one cache of the service: entries by key, bounded by what they measure in all (entries, or
// bytes through the caller's size function). When one more entry would pass the bound, entries
// picked at random go until it fits. A reader going round slightly more keys than fit (an agent
// reading the same pages again and again) still finds most of them kept, where dropping the least
// recently used would drop each key just before it is asked for again. And a get moves nothing, so
// it costs one Map lookup.
import { registerCache, type CacheReport } from './cache-registry';

export interface BoundedCacheOptions<V> {
  /** Names the cache in size reports (cacheReports). */
  name: string;
  /** The most that all entries may measure together, in the unit of sizeOf. */
  bound: number;
  /** What one entry measures; each counts 1 (an entry) when not given. */
  sizeOf?: (value: V) => number;
  /** What sizeOf counts, for reports: 'entries' when not given. */
  unit?: string;
  /** Picks the entries that go; Math.random unless a test needs them repeatable. */
  random?: () => number;
}

const ONE_ENTRY = (): number => 1;

interface Entry<V> {
  value: V;
  size: number;
  /** Where the key sits in `keys`, the list random picks are made from. */
  slot: number;
}

export class BoundedCache<K, V> {
  readonly name: string;
  readonly unit: string;
  /** Mutable for tests; a lower bound takes effect at the next set. */
  bound: number;
  private readonly sizeOf: (value: V) => number;
  private readonly random: () => number;
  private readonly entries = new Map<K, Entry<V>>();
  private readonly keys: K[] = [];
  private held = 0;
  private hits = 0;
  private misses = 0;

  constructor(options: BoundedCacheOptions<V>) {
    this.name = options.name;
    this.unit = options.unit ?? 'entries';
    this.bound = options.bound;
    this.sizeOf = options.sizeOf ?? ONE_ENTRY;
    this.random = options.random ?? Math.random;
    registerCache(this);
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    return entry.value;
  }

  /** Keeps `value` in place of the key's; a value larger than the whole bound is not kept. */
  set(key: K, value: V): void {
    this.delete(key);
    const size = this.sizeOf(value);
    if (size > this.bound) return;
    while (this.held + size > this.bound) this.delete(this.keys[Math.floor(this.random() * this.keys.length)]);
    this.entries.set(key, { value, size, slot: this.keys.length });
    this.keys.push(key);
    this.held += size;
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.held -= entry.size;
    // The last key fills the hole, so the list stays dense for random picks.
    const last = this.keys.pop()!;
    if (last !== key) {
      this.keys[entry.slot] = last;
      this.entries.get(last)!.slot = entry.slot;
    }
  }

  /** Drops every entry. */
  clear(): void {
    this.entries.clear();
    this.keys.length = 0;
    this.held = 0;
  }

  /** What the entries held now measure together, in the unit of sizeOf. */
  get size(): number {
    return this.held;
  }

  /** Entries held now. */
  get count(): number {
    return this.keys.length;
  }

  report(): CacheReport {
    return { name: this.name, unit: this.unit, entries: this.count, size: this.held, bound: this.bound, hits: this.hits, misses: this.misses };
  }
}
