// The page tree of a base, kept per outline version: every write that changes what the tree shows
// (create, delete, level or title change) moves the base's outline version, which the request's
// access read already carries, so an unchanged tree costs no query and no serialising.
import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { TREE_LEVELS } from '../outline/limits';
import { treeJson } from './tree.json';
import { TreeRepository } from './tree.repository';

/** How many bases keep a tree at once; the least recently used goes first. */
const KEPT_BASES = 64;

@Injectable()
export class TreeService {
  private readonly kept = new Map<string, { version: number; json: Buffer }>();
  /**
   * The tree being built per base, and for which version. Requests that come for the same version
   * meanwhile wait for that build instead of each reading and serialising every row again: after
   * a write at 100,000 pages, ten such requests held ten copies at once (about 680 MB).
   */
  private readonly building = new Map<string, { version: number; json: Promise<Buffer> }>();

  constructor(
    private readonly db: UnitOfWork,
    private readonly trees: TreeRepository,
  ) {}

  async treeJson(baseId: string, outlineVersion: number): Promise<Buffer> {
    const kept = this.kept.get(baseId);
    this.kept.delete(baseId);
    if (kept && kept.version === outlineVersion) {
      this.kept.set(baseId, kept);
      return kept.json;
    }
    const under = this.building.get(baseId);
    // A build reads its rows after its request's access read, so it is at least as new as that
    // version; joined only for the same version, it never serves a request an older tree.
    if (under && under.version === outlineVersion) return under.json;
    const build = { version: outlineVersion, json: this.build(baseId, outlineVersion) };
    this.building.set(baseId, build);
    try {
      return await build.json;
    } finally {
      if (this.building.get(baseId) === build) this.building.delete(baseId);
    }
  }

  private async build(baseId: string, outlineVersion: number): Promise<Buffer> {
    // Rows read now are at least as new as `outlineVersion`, so keeping them under it never serves an older tree.
    const json = treeJson(await this.trees.rows(this.db.reader, baseId, TREE_LEVELS));
    this.kept.delete(baseId);
    this.kept.set(baseId, { version: outlineVersion, json });
    if (this.kept.size > KEPT_BASES) this.kept.delete(this.kept.keys().next().value!);
    return json;
  }
}
