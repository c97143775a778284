// What a process keeps per base for search (rank keys, summaries, words, pending texts): the least recently
// used bases go first once the units they hold in all pass the bound.

export class KeptPerBase<V> {
  /** In order of use, least recent first. */
  private readonly bases = new Map<string, { value: V; units: number }>();
  private units = 0;
  /** The base used or kept last: when it is still kept it is the last in order, and using it again changes none. */
  private latest: string | undefined;

  constructor(public maxUnits: number) {}

  /** The base's value, now the most recently used. */
  use(baseId: string): V | undefined {
    const kept = this.bases.get(baseId);
    // Moved to the end only when it is not there already: a search uses its base's values several
    // times, and a Map fills with the holes its deletes leave until it is rebuilt.
    if (kept && baseId !== this.latest) {
      this.bases.delete(baseId);
      this.bases.set(baseId, kept);
      this.latest = baseId;
    }
    return kept?.value;
  }

  /** Keeps the base's value (which holds `units`) as the most recently used; others go until all fit. */
  set(baseId: string, value: V, units: number): void {
    this.delete(baseId);
    this.bases.set(baseId, { value, units });
    this.latest = baseId;
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
