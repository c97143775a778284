// The tree rows of a base, kept between requests. Every write that changes what the tree shows
// (a page added or deleted, a level or a title changed) bumps bases.outline_version in its own
// transaction, so a kept copy is used only while the database still holds that version, whatever
// process wrote last. Re-reading the rows is most of the tree's cost at 100,000 pages.
import type { TreeRow } from '../store.ts';

/** Bases whose rows are kept; the least recently used goes first. */
const KEPT_BASES = 4;

interface Kept {
  version: number;
  levels: number;
  rows: readonly TreeRow[];
}

export class TreeCache {
  private readonly kept = new Map<string, Kept>();

  /** The rows of the base at this outline version, from `load` when not kept. */
  rows(baseId: string, version: number, levels: number, load: () => TreeRow[]): readonly TreeRow[] {
    let entry = this.kept.get(baseId);
    if (!entry || entry.version !== version || entry.levels !== levels) {
      entry = { version, levels, rows: Object.freeze(load().map((row) => Object.freeze(row))) };
    }
    this.kept.delete(baseId);
    this.kept.set(baseId, entry);
    if (this.kept.size > KEPT_BASES) this.kept.delete(this.kept.keys().next().value!);
    // Frozen and shared: callers may keep what they derive from it for as long as it lives.
    return entry.rows;
  }
}
