// The rank keys (updated_at, position) of the live pages of large bases, kept by this process so
// that a search ranks its results in memory (BaseRankKeys) instead of probing or walking pages in
// the database.
// A search reads its base's count of page writes after its postings (bases/page-changes.query.ts); keys kept at
// an older count first read the pages written since (pages_by_change), so the next search of any
// process sees a write. A page a search matched that the keys lack (written after the count was
// read) is left out, as a page deleted between the match and the probes is.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BaseChanges } from '../bases/base-row.query';
import { BoundedCache } from '../cache/bounded-cache';
import { SearchPagesQuery } from '../pages/search-pages.query';
import { BaseRankKeys } from './base-rank-keys';

/** Bases with fewer live pages are ranked in the database: probing them is cheap, keeping them is not. */
export const DEFAULT_KEEP_FROM = 2_000;
/** The most pages whose keys one process keeps (115 bytes of heap each with their slots, measured at 100,000 pages); past it bases picked at random go. */
export const DEFAULT_MAX_KEPT_PAGES = 400_000;

@Injectable()
export class KeptRankKeys {
  keepFrom = DEFAULT_KEEP_FROM;
  readonly kept = new BoundedCache<string, BaseRankKeys>({
    name: 'rank keys', bound: DEFAULT_MAX_KEPT_PAGES, unit: 'pages', sizeOf: (keys) => keys.size,
  });
  private readonly reading = new Map<string, Promise<BaseRankKeys>>();

  constructor(private readonly pages: SearchPagesQuery) {}

  /** Whether a base of `livePages` (undefined: not known yet) may be kept, so its count is worth reading. */
  mayKeep(livePages: number | undefined): boolean {
    return livePages === undefined || (livePages >= this.keepFrom && livePages <= this.kept.bound);
  }

  /** The base's keys as of its count `base.changes` or later; undefined when the base is not kept. */
  async keysOf(em: EntityManager, baseId: string, base: BaseChanges): Promise<BaseRankKeys | undefined> {
    if (!this.mayKeep(base.livePages)) return undefined;
    for (;;) {
      const kept = this.kept.get(baseId);
      if (kept && kept.createdAt === base.createdAt && kept.seen >= base.changes) return kept;
      // One read at a time per base: an older answer applied after a newer one would undo it.
      const pending = this.reading.get(baseId);
      if (pending) {
        await pending;
        continue;
      }
      const read = this.readChanges(em, baseId, kept?.createdAt === base.createdAt ? kept : undefined, base)
        .finally(() => this.reading.delete(baseId));
      this.reading.set(baseId, read);
      return read;
    }
  }

  /**
   * Reads the pages written since `kept` saw (every live page when nothing is kept). The read starts
   * after `base.changes` was read, so it sees every page written up to that count, and maybe later
   * ones, which the next read reads again.
   */
  private async readChanges(em: EntityManager, baseId: string, kept: BaseRankKeys | undefined, base: BaseChanges): Promise<BaseRankKeys> {
    const target = kept ?? new BaseRankKeys(base.createdAt, -1);
    const changed = await this.pages.changedRankKeys(em, baseId, target.seen);
    target.apply(changed);
    target.seen = Math.max(target.seen, base.changes);
    this.kept.set(baseId, target);
    return target;
  }
}
