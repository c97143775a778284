// Display order of live pages from their positions: the live positions of a base are kept per
// outline version (every create, delete, title change and level change moves it), so an order costs no query. A caller reads
// the version in the same statement as its pages and asks for the positions of exactly that
// version; positions of another version never answer it. Only reads outside a transaction's own
// writes may ask (a write's uncommitted version must never be kept).
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
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

  /** The live positions as a write transaction sees them, never kept (its version may not commit). */
  async positionsInWrite(tx: EntityManager, baseId: string): Promise<VersionedPositions | null> {
    return this.blocks.load(tx, baseId);
  }
}
