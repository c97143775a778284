// Display order of live pages from their positions: the live positions of a base are kept per
// outline version (every create, delete, title change and level change moves it), so an order costs no query. A caller reads
// the version in the same statement as its pages and asks for the positions of exactly that
// version; positions of another version never answer it. Only reads outside a transaction's own
// writes may ask (a write's uncommitted version must never be kept). Page writes mark positions
// live or not through it too: the bitmaps are this module's alone.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BoundedCache } from '../cache/bounded-cache';
import type { SqlSource } from '../database/sql-source';
import type { UnitOfWork } from '../database/unit-of-work';
import type { LivePositions } from '../outline/positions';
import { LiveBlocksRepository, type VersionedPositions } from './live-blocks.repository';

/** How many bases keep their positions at once; past it bases picked at random go. */
const KEPT_BASES = 256;

/**
 * How long a write waits to hear whether the write before it committed, before it reads the
 * bitmaps instead (it holds the base's lock meanwhile; the answer is normally under way already).
 */
const LEFT_COMMIT_WAIT_MS = 250;

/** Whether `committed` said yes within `ms`; false when it did not answer in time. */
function heardWithin(committed: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, ms, false)));
  return Promise.race([committed, late]).finally(() => clearTimeout(timer));
}

@Injectable()
export class DisplayOrder {
  private readonly kept = new BoundedCache<string, VersionedPositions>({ name: 'live positions', bound: KEPT_BASES });
  /** Per base, the positions the latest write of this process left, until it has committed or failed. */
  private readonly left = new Map<string, LeftPositions>();

  constructor(private readonly blocks: LiveBlocksRepository) {}

  /**
   * The live positions of the base: the kept ones when they are of `outlineVersion`, else read now
   * (so at least as new as any version the caller read before). Null when the base is gone.
   */
  async positions(em: EntityManager, baseId: string, outlineVersion?: number): Promise<VersionedPositions | null> {
    const kept = this.kept.get(baseId);
    if (kept && kept.outlineVersion === outlineVersion) return kept;
    const loaded = await this.blocks.load(em, baseId);
    if (!loaded) return null;
    this.kept.set(baseId, loaded);
    return loaded;
  }

  /**
   * The live positions as a write transaction sees them, never kept (its version may not commit).
   * A write holding the base's lock that moved the outline version from `movedFrom` may take the
   * positions kept at that version: every write that changes them moves the version, and none can
   * have committed since without the lock. So may it take the positions an earlier write of this
   * process left at that version (`write`): at once when that write ran in the same transaction
   * (SQLite's grouped writes), else once it has committed. On MySQL/MariaDB the lock passes on
   * before the earlier write hears that its COMMIT is done, so its keepAfterWrite comes too late.
   */
  async positionsInWrite(tx: EntityManager, baseId: string, movedFrom?: number): Promise<VersionedPositions | null> {
    if (movedFrom !== undefined) {
      const kept = this.kept.get(baseId);
      if (kept?.outlineVersion === movedFrom) return kept;
      const left = this.left.get(baseId);
      if (left?.outlineVersion === movedFrom && (left.tx === tx || (await heardWithin(left.committed, LEFT_COMMIT_WAIT_MS)))) return left;
    }
    return this.blocks.load(tx, baseId);
  }

  /**
   * Runs an outline write of the base in `db` (UnitOfWork.writeOutline) whose work may leave the
   * positions its outline version has (`leave`), for the base's next writes (positionsInWrite)
   * and, once committed, for reads. They count once the work has succeeded, and only if its
   * transaction commits: a write that fails, or runs again after a deadlock, takes them back.
   */
  async writeOutline<T>(db: UnitOfWork, baseId: string, liveDelta: number, work: (tx: EntityManager, leave: LeavePositions) => Promise<T>): Promise<T> {
    let left: LeftPositions | undefined;
    const settle = (committed: boolean) => {
      if (!left) return;
      left.settle(committed);
      if (this.left.get(baseId) === left) this.left.delete(baseId);
      if (committed) this.keepLeft(baseId, left);
      left = undefined;
    };
    try {
      const value = await db.writeOutline(baseId, liveDelta, async (tx) => {
        settle(false);
        let leaving: VersionedPositions | undefined;
        const result = await work(tx, (outlineVersion, positions) => (leaving = { outlineVersion, positions }));
        if (leaving) {
          let resolve!: (committed: boolean) => void;
          const committed = new Promise<boolean>((done) => (resolve = done));
          left = { ...leaving, tx, committed, settle: resolve };
          this.left.set(baseId, left);
        }
        return result;
      });
      settle(true);
      return value;
    } finally {
      settle(false);
    }
  }

  /** Marks live the position of the page a write has just appended (its row as `p`, picked by `page`): LiveBlocksRepository.markAppended. */
  markAppended(tx: EntityManager, baseId: string, page: SqlSource): Promise<void> {
    return this.blocks.markAppended(tx, baseId, page);
  }

  /** Marks `position` live, in the stored bitmap of its block that `positions` (read in this write) hold (a new block when none does). */
  markLive(tx: EntityManager, baseId: string, position: number, positions: LivePositions): Promise<void> {
    return this.blocks.mark(tx, baseId, { position, bits: positions.blockBits(position) }, true);
  }

  /**
   * Where a page goes back live at display order `order` (at most the live count) among
   * `positions`: a position between those of the pages before and after it, free when they are not
   * next to each other (deleted pages hold none). When they are, the run of consecutive live
   * positions from the next page's on moves up by one into the first free position after it, and
   * the page takes the next page's. Either way one position more is live: `newlyLive`.
   */
  slotAt(positions: LivePositions, order: number): RestoreSlot {
    const total = positions.total;
    const at = Math.max(0, Math.min(order, total));
    const before = at > 0 ? positions.positionAt(at - 1)! : -1;
    const next = at < total ? positions.positionAt(at)! : null;
    if (next === null || next - before > 1) return { position: before + 1, shift: null, newlyLive: before + 1 };
    // The run from `next` is as long as positionAt(at + k) - k stays `next` (never smaller: positions only grow).
    let low = 0;
    let high = total - at - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (positions.positionAt(at + mid)! - mid === next) low = mid;
      else high = mid - 1;
    }
    const free = next + low + 1;
    return { position: next, shift: { from: next, to: free }, newlyLive: free };
  }

  /** Marks `position` no longer live, in the stored bitmap of its block that `positions` (read in this write) hold. */
  markGone(tx: EntityManager, baseId: string, position: number, positions: LivePositions): Promise<void> {
    return this.blocks.mark(tx, baseId, { position, bits: positions.blockBits(position) }, false);
  }

  /**
   * After a write that moved the outline version to `version` has committed: when the positions
   * kept are of the version before, they become those of `version`, changed as the write changed
   * them (a title or level change: not at all). So a run of writes and reads reads no bitmaps.
   */
  keepAfterWrite(baseId: string, version: number, change: (positions: LivePositions) => LivePositions = (same) => same): void {
    const kept = this.kept.get(baseId);
    if (kept?.outlineVersion === version - 1) this.kept.set(baseId, { outlineVersion: version, positions: change(kept.positions) });
  }

  /** Positions a committed write left: kept unless newer ones are (versions only grow as writes commit). */
  private keepLeft(baseId: string, left: VersionedPositions): void {
    const kept = this.kept.get(baseId);
    if (kept && kept.outlineVersion >= left.outlineVersion) return;
    this.kept.set(baseId, { outlineVersion: left.outlineVersion, positions: left.positions });
  }
}

/** Where a restored page goes (DisplayOrder.slotAt). */
export interface RestoreSlot {
  /** The page's position. */
  position: number;
  /** Live positions from `from` (inclusive) to `to` (exclusive) that move up by one first; null: none. */
  shift: { from: number; to: number } | null;
  /** The one position live after the restore that was not before. */
  newlyLive: number;
}

/** Leaves the positions a write's outline version has. */
export type LeavePositions = (outlineVersion: number, positions: LivePositions) => void;

/** Positions a write left, with the transaction that wrote them and whether it committed. */
interface LeftPositions extends VersionedPositions {
  tx: EntityManager;
  committed: Promise<boolean>;
  settle(committed: boolean): void;
}
