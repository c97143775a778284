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
    // Rows read now are at least as new as `outlineVersion`, so keeping them under it never serves an older tree.
    const json = Buffer.from(treeJson(await this.trees.rows(this.db.reader, baseId, TREE_LEVELS)));
    this.kept.set(baseId, { version: outlineVersion, json });
    if (this.kept.size > KEPT_BASES) this.kept.delete(this.kept.keys().next().value!);
    return json;
  }
}
