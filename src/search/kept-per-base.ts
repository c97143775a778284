// What a process keeps per base for search (rank keys, summaries, words, pending texts): the least recently
// used bases go first once the units they hold in all pass the bound.

export class KeptPerBase<V> {
  /** In order of use, least recent first. */
  private readonly bases = new Map<string, { value: V; units: number }>();
  private units = 0;

  constructor(public maxUnits: number) {}

  /** The base's value, now the most recently used. */
  use(baseId: string): V | undefined {
    const kept = this.bases.get(baseId);
    if (kept) {
      this.bases.delete(baseId);
      this.bases.set(baseId, kept);
    }
    return kept?.value;
  }

  /** Keeps the base's value (which holds `units`) as the most recently used; others go until all fit. */
  set(baseId: string, value: V, units: number): void {
    this.delete(baseId);
    this.bases.set(baseId, { value, units });
    this.units += units;
    for (const id of this.bases.keys()) {
      if (this.units <= this.maxUnits) return;
      this.delete(id);
    }
  }

  delete(baseId: string): void {
    this.units -= this.bases.get(baseId)?.units ?? 0;
    this.bases.delete(baseId);
  }

  /** Units held in all. */
  size(): number {
    return this.units;
  }
}
