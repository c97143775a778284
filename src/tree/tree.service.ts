// The page tree of a base, kept per outline version: every write that changes what the tree shows
// (create, delete, level or title change) moves the base's outline version, which the request's
// access read already carries, so an unchanged tree costs no query and no serialising. A kept tree
// is also kept gzipped for clients that accept it (fetch, browsers, most HTTP libraries): at
// 100,000 pages its 6.4 MB become about 1 MB, which is what sets the answer's time.
import { Injectable, Logger } from '@nestjs/common';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { BoundedCache } from '../cache/bounded-cache';
import { valueAt, type Stamped } from '../cache/stamped';
import { UnitOfWork } from '../database/unit-of-work';
import { TREE_LEVELS } from '../outline/limits';
import { TreeRowsQuery } from '../pages/tree-rows.query';
import { treeJson } from './tree.json';

/** How many bases keep a tree at once; past it bases picked at random go. */
const KEPT_BASES = 64;

/** Answers smaller than this go as they are: gzip would save too little to be worth its framing. */
export const GZIP_MIN_BYTES = 1024;

const gzipBytes = promisify(gzip);

/** A tree answer: its bytes and, when they are gzipped, the Content-Encoding to send with them. */
export interface TreeAnswer {
  bytes: Buffer;
  encoding?: 'gzip';
}

@Injectable()
export class TreeService {
  /** The tree's JSON per base, stamped with its outline version. */
  private readonly kept = new BoundedCache<string, Stamped<Buffer>>({ name: 'trees', bound: KEPT_BASES });
  /**
   * The tree being built per base, and for which version. Requests that come for the same version
   * meanwhile wait for that build instead of each reading and serialising every row again: after
   * a write at 100,000 pages, ten such requests held ten copies at once (about 680 MB).
   */
  private readonly building = new Map<string, { version: number; json: Promise<Buffer> }>();
  /** The gzip of a kept answer; it goes with the answer it was made of. */
  private readonly gzipped = new WeakMap<Buffer, Buffer>();
  /**
   * The answer being gzipped: one at a time in a process, so that writes moving the outline while
   * clients read the tree cost at most one threadpool thread's compressing (about 130 ms at 100,000
   * pages), however many versions are asked for meanwhile; those are answered plain.
   */
  private gzipping = false;
  private readonly logger = new Logger(TreeService.name);

  constructor(
    private readonly db: UnitOfWork,
    private readonly trees: TreeRowsQuery,
  ) {}

  /**
   * The tree answer for a request, gzipped when `acceptsGzip` and the gzip of this very answer is
   * made. A request that finds it not made starts making it, off the event loop, unless another is
   * being made; it gets the plain bytes, as does every request until the gzip is ready: no request
   * waits for compression.
   */
  async treeAnswer(baseId: string, outlineVersion: number, acceptsGzip: boolean): Promise<TreeAnswer> {
    const json = await this.treeJson(baseId, outlineVersion);
    if (!acceptsGzip || json.length < GZIP_MIN_BYTES) return { bytes: json };
    const gzipped = this.gzipped.get(json);
    if (gzipped) return { bytes: gzipped, encoding: 'gzip' };
    if (!this.gzipping) this.startGzip(json);
    return { bytes: json };
  }

  async treeJson(baseId: string, outlineVersion: number): Promise<Buffer> {
    const kept = valueAt(this.kept.get(baseId), outlineVersion);
    if (kept) return kept;
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

  private startGzip(json: Buffer): void {
    this.gzipping = true;
    gzipBytes(json).then(
      (bytes) => this.gzipped.set(json, bytes),
      (error: unknown) => this.logger.warn(`gzip of a tree failed, answering it uncompressed: ${String(error)}`),
    ).finally(() => (this.gzipping = false));
  }

  private async build(baseId: string, outlineVersion: number): Promise<Buffer> {
    // Rows read now are at least as new as `outlineVersion`, so keeping them under it never serves an older tree.
    const json = treeJson(await this.trees.rows(this.db.reader, baseId, TREE_LEVELS));
    this.kept.set(baseId, { stamp: outlineVersion, value: json });
    return json;
  }
}
