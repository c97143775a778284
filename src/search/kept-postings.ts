// The pages of search keys (their postings, as sets), kept by this process per base at a stamp, so
// a search of kept keys reads none of their postings (SearchMatcher checks the stamp):
// - on SQLite, the change stamp (UnitOfWork.changeStamp), which every commit moves: a set is used
//   while it stays, checked after the search's last read;
// - on MySQL/MariaDB, the base's postings version (search_merges), which every commit changing its
//   postings moves: read in the search's round trip after its pending pages, it tells whether the
//   kept sets are the postings a read there would have answered.
import { Injectable } from '@nestjs/common';
import { BoundedCache } from '../cache/bounded-cache';
import type { PageSet } from './page-set';

/** What is kept in all, counted in chunks (512 bytes each: 4 MiB) plus one per key; past it bases picked at random go. */
export const DEFAULT_MAX_KEPT_UNITS = 8_192;

interface BasePostings {
  stamp: number;
  sets: Map<number, PageSet>;
  units: number;
}

const unitsOf = (set: PageSet): number => set.chunks.size + 1;

@Injectable()
export class KeptPostings {
  readonly kept = new BoundedCache<string, BasePostings>({
    name: 'posting sets', bound: DEFAULT_MAX_KEPT_UNITS, unit: 'chunks and keys', sizeOf: (base) => base.units,
  });

  /** Those of `keys` kept for the base at `stamp`. */
  find(baseId: string, stamp: number | null, keys: readonly number[]): Map<number, PageSet> {
    const kept = stamp === null ? undefined : this.kept.get(baseId);
    if (kept?.stamp !== stamp) return new Map();
    return new Map(keys.flatMap((key) => (kept.sets.has(key) ? [[key, kept.sets.get(key)!]] : [])));
  }

  /** Those of `keys` kept for the base, at whichever stamp they were kept (null: none kept). */
  latest(baseId: string, keys: readonly number[]): { stamp: number | null; sets: Map<number, PageSet> } {
    const stamp = this.kept.get(baseId)?.stamp ?? null;
    return { stamp, sets: this.find(baseId, stamp, keys) };
  }

  /**
   * Keeps sets read while the stamp was `stamp`, beside those kept at it; those of another stamp go,
   * and so do the base's others when all would not fit. The sets must never change after.
   */
  keep(baseId: string, stamp: number | null, read: ReadonlyMap<number, PageSet>): void {
    if (stamp === null) return;
    const kept = this.kept.get(baseId);
    const current = kept?.stamp === stamp ? kept : undefined;
    // Sets of keys kept already (another search kept them meanwhile) add nothing.
    let added = 0;
    for (const [key, set] of read) if (!current?.sets.has(key)) added += unitsOf(set);
    const now = current && current.units + added <= this.kept.bound ? current : { stamp, sets: new Map(), units: 0 };
    for (const [key, set] of read) {
      if (now.sets.has(key)) continue;
      now.sets.set(key, set);
      now.units += unitsOf(set);
    }
    this.kept.set(baseId, now);
  }
}
