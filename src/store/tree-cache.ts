// The tree rows of a base, kept between requests, for both stores. Every write that changes what
// the tree shows (a page added or deleted, a level or a title changed) bumps the base's
// outline_version in its own transaction, so a kept copy is used only while the database still
// holds that version, whatever process wrote last. Re-reading the rows is most of the tree's cost
// at 100,000 pages.
import type { TreeRow } from './store.ts';

/** Bases whose rows are kept; the least recently used goes first. */
const KEPT_BASES = 4;

interface Kept {
  version: number;
  levels: number;
  rows: readonly TreeRow[];
}

export class TreeCache {
  private readonly kept = new Map<string, Kept>();

  /** The rows kept for the base at this outline version, or undefined. */
  get(baseId: string, version: number, levels: number): readonly TreeRow[] | undefined {
    const entry = this.kept.get(baseId);
    if (!entry || entry.version !== version || entry.levels !== levels) return undefined;
    this.kept.delete(baseId);
    this.kept.set(baseId, entry);
    return entry.rows;
  }

  /**
   * Keeps rows read at this outline version (or later: rows newer than their version only cost one
   * more read when the version is next compared) and returns them frozen. Frozen and shared:
   * callers may keep what they derive from them for as long as they live.
   */
  keep(baseId: string, version: number, levels: number, rows: TreeRow[]): readonly TreeRow[] {
    const frozen = Object.freeze(rows.map((row) => Object.freeze(row)));
    this.kept.delete(baseId);
    this.kept.set(baseId, { version, levels, rows: frozen });
    if (this.kept.size > KEPT_BASES) this.kept.delete(this.kept.keys().next().value!);
    return frozen;
  }

  /** The rows of the base at this outline version, from `load` when not kept. */
  rows(baseId: string, version: number, levels: number, load: () => TreeRow[]): readonly TreeRow[] {
    return this.get(baseId, version, levels) ?? this.keep(baseId, version, levels, load());
  }
}
