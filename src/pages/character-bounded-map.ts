// What a process keeps of pages between requests (ancestor paths, bodies), bounded by the
// characters it holds: when one more value would pass the bound, everything kept goes and the map
// starts again empty. Simpler than an LRU, and a reader that misses only reads the database.
export class CharacterBoundedMap<V> {
  private entries = new Map<string, V>();
  private characters = 0;

  constructor(
    private readonly bound: number,
    private readonly charactersOf: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** Keeps `value` in place of the key's; a value larger than the whole bound is not kept. */
  set(key: string, value: V): void {
    this.delete(key);
    const size = this.charactersOf(value);
    if (size > this.bound) return;
    if (this.characters + size > this.bound) {
      this.entries = new Map();
      this.characters = 0;
    }
    this.entries.set(key, value);
    this.characters += size;
  }

  delete(key: string): void {
    const kept = this.entries.get(key);
    if (kept === undefined) return;
    this.entries.delete(key);
    this.characters -= this.charactersOf(kept);
  }

  /** Characters held now. */
  get size(): number {
    return this.characters;
  }
}

/** The key of a page of a base: base ids never hold a newline (the contract's pattern). */
export function pageKey(baseId: string, contentId: string): string {
  return `${baseId}\n${contentId}`;
}
