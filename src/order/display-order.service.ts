// Display order of live pages from their positions: the live positions of a base are kept per
// outline version (every create, delete, title change and level change moves it), so an order costs no query. A caller reads
// the version in the same statement as its pages and asks for the positions of exactly that
// version; positions of another version never answer it. Only reads outside a transaction's own
// writes may ask (a write's uncommitted version must never be kept).
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { LivePositions } from '../outline/positions';
import { LiveBlocksRepository, type VersionedPositions } from './live-blocks.repository';

/** How many bases keep their positions at once; the least recently used goes first. */
const KEPT_BASES = 256;

@Injectable()
export class DisplayOrder {
  private readonly kept = new Map<string, VersionedPositions>();

  constructor(private readonly blocks: LiveBlocksRepository) {}

  /**
   * The live positions of the base: the kept ones when they are of `outlineVersion`, else read now
   * (so at least as new as any version the caller read before). Null when the base is gone.
   */
  async positions(em: EntityManager, baseId: string, outlineVersion?: number): Promise<VersionedPositions | null> {
    const kept = this.kept.get(baseId);
    if (kept && kept.outlineVersion === outlineVersion) {
      this.kept.delete(baseId);
      this.kept.set(baseId, kept);
      return kept;
    }
    const loaded = await this.blocks.load(em, baseId);
    if (!loaded) return null;
    this.kept.delete(baseId);
    this.kept.set(baseId, loaded);
    if (this.kept.size > KEPT_BASES) this.kept.delete(this.kept.keys().next().value!);
    return loaded;
  }

  /**
   * The live positions as a write transaction sees them, never kept (its version may not commit).
   * A write holding the base's lock that moved the outline version from `movedFrom` may take the
   * positions kept at that version: every write that changes them moves the version, and none can
   * have committed since without the lock.
   */
  async positionsInWrite(tx: EntityManager, baseId: string, movedFrom?: number): Promise<VersionedPositions | null> {
    const kept = this.kept.get(baseId);
    if (kept && movedFrom !== undefined && kept.outlineVersion === movedFrom) return kept;
    return this.blocks.load(tx, baseId);
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
}
