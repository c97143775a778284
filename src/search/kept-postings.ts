// The pages of search keys (their postings, as sets), kept by this process while nothing commits to
// the database: as long as its change stamp stays (UnitOfWork.changeStamp; SQLite only), every
// posting, pending page and word stays too, so a search of kept keys reads none of their postings.
// Whether the stamp stayed is checked after the search's last read (SearchMatcher), so a set it
// uses is what the read would have answered.
import { Injectable } from '@nestjs/common';
import type { PageSet } from './page-set';

/** What is kept in all, counted in chunks (512 bytes each: 4 MiB) plus one per key; past it the least recently used keys go. */
export const DEFAULT_MAX_KEPT_UNITS = 8_192;

const keyOf = (baseId: string, skey: number): string => `${skey} ${baseId}`;
const unitsOf = (set: PageSet): number => set.chunks.size + 1;

@Injectable()
export class KeptPostings {
  maxUnits = DEFAULT_MAX_KEPT_UNITS;
  private stamp: number | null = null;
  /** In order of use, least recent first. */
  private readonly sets = new Map<string, PageSet>();
  private units = 0;

  /** Those of `keys` kept at `stamp`, now the most recently used. */
  find(baseId: string, stamp: number | null, keys: readonly number[]): Map<number, PageSet> {
    const found = new Map<number, PageSet>();
    if (stamp === null || stamp !== this.stamp) return found;
    for (const skey of keys) {
      const key = keyOf(baseId, skey);
      const set = this.sets.get(key);
      if (!set) continue;
      this.sets.delete(key);
      this.sets.set(key, set);
      found.set(skey, set);
    }
    return found;
  }

  /** Keeps sets read while the stamp was `stamp`; those of another stamp go. The sets must never change after. */
  keep(baseId: string, stamp: number | null, read: ReadonlyMap<number, PageSet>): void {
    if (stamp === null) return;
    if (stamp !== this.stamp) this.clear(stamp);
    for (const [skey, set] of read) {
      const key = keyOf(baseId, skey);
      const old = this.sets.get(key);
      if (old) this.units -= unitsOf(old);
      this.sets.delete(key);
      this.sets.set(key, set);
      this.units += unitsOf(set);
    }
    for (const [key, set] of this.sets) {
      if (this.units <= this.maxUnits) return;
      this.sets.delete(key);
      this.units -= unitsOf(set);
    }
  }

  /** Units kept in all. */
  size(): number {
    return this.units;
  }

  private clear(stamp: number): void {
    this.sets.clear();
    this.units = 0;
    this.stamp = stamp;
  }
}
