// Display order of live pages from their positions: the block counts of a base are kept per outline
// version (every create and delete moves it), so an order costs one count inside one block. A
// caller reads the version in the same statement as its pages and asks for the counts of exactly
// that version; counts of another version never answer it.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { LiveBlocksRepository, type VersionedCounts } from './live-blocks.repository';

/** How many bases keep their counts at once; the least recently used goes first. */
const KEPT_BASES = 256;

@Injectable()
export class DisplayOrder {
  private readonly kept = new Map<string, VersionedCounts>();

  constructor(private readonly blocks: LiveBlocksRepository) {}

  /**
   * The block counts of the base: the kept ones when they are of `outlineVersion`, else read now
   * (so at least as new as any version the caller read before). Null when the base is gone.
   */
  async counts(em: EntityManager, baseId: string, outlineVersion?: number): Promise<VersionedCounts | null> {
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
}
