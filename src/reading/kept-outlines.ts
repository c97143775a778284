// The live outline of each base the web UI reads (LiveOutline), kept and checked on every use
// against the base's state the request read: its identity, outline version (moved by a create,
// delete, title or level change, a move, a restore) and count of page writes (moved by every page
// write, a PATCH of view or body too). A kept outline behind that state reads the pages written
// since its count (change_no, as the search's kept rank keys do) and is caught up from them when
// they tell the whole change (LiveOutline.caughtUp), else read again; so another process's change
// is seen by the very next request.
//
// What it saves, measured at 100,000 pages of the bench corpus (2 % of them members only, 2 %
// signed-in only) on this two-core machine while other work loaded it (load 7 to 8): reading and
// walking every row of the base on each request. The first read of a base took 280 to 740 ms
// (190 to 220 ms of CPU) on SQLite, 260 to 470 ms on MariaDB; a kept one answers a base home
// (base and 50 roots) in 0.02 to 0.14 ms p50 on SQLite, 0.2 to 1.1 ms on MariaDB, its statements
// included. After a create or a title change the outline is caught up from the pages written
// since (3 to 25 ms, no other row read); after a view change, a delete or a level change the
// visitors' outlines are walked again, no row read either; only what the pages written do not
// tell (a move of pages, a restore, two deletes between reads) reads it all again.
import { Injectable } from '@nestjs/common';
import { BoundedCache } from '../cache/bounded-cache';
import { UnitOfWork } from '../database/unit-of-work';
import { OutlineRowsQuery, type ReadingBaseState } from '../pages/outline-rows.query';
import { LiveOutline, type OutlineStamp } from './live-outline';

/**
 * Pages kept in all (an entry measures its pages): an outline of the bench corpus held 550 bytes a
 * page of heap on SQLite (its row and strings, the outline's arrays, a member's outline), 180 on
 * MariaDB, so this bound holds 165 MB at worst: three bases of 100,000 pages.
 */
const KEPT_PAGES = 300_000;

/** Page writes since the kept outline past which it is read again rather than caught up by reading those pages. */
const CATCH_UP_CHANGES = 2_000;

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
    const behind = kept && kept.stamp.createdAt === stamp.createdAt && kept.stamp.outlineVersion <= stamp.outlineVersion
      && stamp.changes - kept.stamp.changes <= CATCH_UP_CHANGES;
    return behind ? this.catchUp(state.baseId, kept) : this.build(state.baseId, stamp);
  }

  /** The kept outline brought up to date by the pages written since its count (LiveOutline.caughtUp), or read again when they do not tell it. */
  private async catchUp(baseId: string, kept: LiveOutline): Promise<LiveOutline> {
    const read = await this.query.changedSince(this.db.preparedReader, baseId, kept.stamp.changes);
    if (!read) return kept;
    const stamp = stampOf(read.state);
    const caughtUp = kept.caughtUp({ stamp, livePages: read.state.livePages }, read.changed);
    return caughtUp ? this.keep(baseId, caughtUp) : this.build(baseId, stamp);
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
