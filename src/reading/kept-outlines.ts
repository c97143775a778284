// The live outline of each base the web UI reads (LiveOutline), kept and checked on every use
// against the base's state the request read (its identity, outline version and count of page
// writes): a create, delete, title or level change (or a move, a restore) moves the outline
// version, and the outline is read again; a write that moves only the count (a PATCH of view or
// body) is caught up by reading the pages written since (change_no, as the search's kept rank keys
// do), so another process's change is seen by the very next request.
//
// What it saves (measured at 100,000 pages of the bench corpus on SQLite, scripts/time-reading.ts
// style: one process, the same base home read again and again): reading and walking every row of
// the base for each request: the first read of a base home took 184 ms (rows 120 ms, outline rules
// and the member's visible outline the rest), a kept one 0.05 ms of service CPU plus its two short
// statements; a catch-up after a body or view PATCH about 0.3 ms more.
import { Injectable } from '@nestjs/common';
import { BoundedCache } from '../cache/bounded-cache';
import { UnitOfWork } from '../database/unit-of-work';
import { OutlineRowsQuery, type ReadingBaseState } from '../pages/outline-rows.query';
import { LiveOutline, type OutlineStamp } from './live-outline';

/**
 * Pages kept in all (an entry measures its pages): an outline costs about 250 bytes a page (its row,
 * title, content id, index entry, parent and subtree arrays), so this bound holds about 125 MB at worst.
 */
const KEPT_PAGES = 500_000;

const stampOf = (state: ReadingBaseState): OutlineStamp => ({ createdAt: state.createdAt, outlineVersion: state.outlineVersion, changes: state.changes });

/** Whether `kept` is of the same base and holds everything up to `stamp`: at it, or newer. */
function covers(kept: OutlineStamp, stamp: OutlineStamp): boolean {
  return kept.createdAt === stamp.createdAt && kept.outlineVersion >= stamp.outlineVersion && kept.changes >= stamp.changes;
}

@Injectable()
export class KeptOutlines {
  private readonly kept = new BoundedCache<string, LiveOutline>({
    name: 'reading outlines', bound: KEPT_PAGES, sizeOf: (outline) => outline.size + 1, unit: 'pages',
  });
  /** A base's outline being read, and at which state: requests for that state meanwhile wait for it rather than each reading every row. */
  private readonly building = new Map<string, { stamp: OutlineStamp; outline: Promise<LiveOutline> }>();

  constructor(
    private readonly db: UnitOfWork,
    private readonly query: OutlineRowsQuery,
  ) {}

  /** The base's live outline as of `state` (read by the caller just now) or newer. */
  async at(state: ReadingBaseState): Promise<LiveOutline> {
    const stamp = stampOf(state);
    const kept = this.kept.get(state.baseId);
    if (kept && covers(kept.stamp, stamp)) return kept;
    if (kept && kept.stamp.createdAt === stamp.createdAt && kept.stamp.outlineVersion === stamp.outlineVersion) return this.catchUp(state.baseId, kept);
    return this.build(state.baseId, stamp);
  }

  /** The kept outline with the views of the pages written since its count, or read again when its outline version moved meanwhile. */
  private async catchUp(baseId: string, kept: LiveOutline): Promise<LiveOutline> {
    const read = await this.query.changedSince(this.db.preparedReader, baseId, kept.stamp.changes);
    if (!read) return kept;
    const stamp = stampOf(read.state);
    if (stamp.createdAt !== kept.stamp.createdAt || stamp.outlineVersion !== kept.stamp.outlineVersion) return this.build(baseId, stamp);
    return this.keep(baseId, kept.withViews(stamp, read.changed));
  }

  private async build(baseId: string, stamp: OutlineStamp): Promise<LiveOutline> {
    const under = this.building.get(baseId);
    if (under && covers(under.stamp, stamp)) return under.outline;
    // Rows read now are at least as new as `stamp`; kept under it, a request at a newer state reads them again.
    const build = { stamp, outline: this.query.outline(this.db.reader, baseId).then((rows) => this.keep(baseId, new LiveOutline(stamp, rows))) };
    this.building.set(baseId, build);
    try {
      return await build.outline;
    } finally {
      if (this.building.get(baseId) === build) this.building.delete(baseId);
    }
  }

  /** Keeps `outline` unless a newer one is kept already (reads that overlap may finish out of order). */
  private keep(baseId: string, outline: LiveOutline): LiveOutline {
    const kept = this.kept.get(baseId);
    if (!kept || !covers(kept.stamp, outline.stamp)) this.kept.set(baseId, outline);
    return outline;
  }
}
