// The live outline of each base the web UI reads (LiveOutline), kept and checked on every use
// against the base's state the request read: its identity, outline version (moved by a create,
// delete, title or level change, a move, a restore) and count of page writes (moved by every page
// write, a PATCH of view or body too). A kept outline behind that state reads the pages written
// since its count (change_no, as the search's kept rank keys do) and is caught up from them when
// they tell the whole change (LiveOutline.caughtUp), else read again; so another process's change
// is seen by the very next request.
//
// What it saves, measured at 100,000 pages of the bench corpus (2 % of them members only, 2 %
// signed-in only) on this two-core machine while other work loaded it (load 7 to 9): reading and
// walking every row of the base on each request. The first read of a base took 240 to 380 ms
// (260 ms of CPU) on SQLite, 230 to 470 ms on MariaDB; with the outline kept, a base home (base
// and 50 roots), a node's children, a page and a search page of 20 hits answer in 0.01 to 0.2 ms
// p50 on SQLite and 0.1 to 1.2 ms on MariaDB, statements included. After a write the outline is
// caught up from the pages written since, no other row read: a create 3 to 4 ms, a title change
// 0.4 to 2, a delete 11 to 20, a level or view change 11 to 44 (parents or visitors' outlines
// walked again; a move up or down too); only what those pages do not tell (a restore, two deletes
// or moves between reads) reads it all again (220 to 240 ms).
import { Injectable } from '@nestjs/common';
import { BoundedCache } from '../cache/bounded-cache';
import { UnitOfWork } from '../database/unit-of-work';
import { OutlineRowsQuery, type ReadingBaseState } from '../pages/outline-rows.query';
import { LiveOutline, type OutlineStamp } from './live-outline';

/**
 * Pages kept in all (an entry measures its pages): an outline of the bench corpus held 155 bytes a
 * page of heap on SQLite and 180 on MariaDB (its rows and strings, the outline's arrays, a member's
 * outline), each other kind of visitor's outline 24 more, so this bound holds about 90 MB: four
 * bases of 100,000 pages.
 */
const KEPT_PAGES = 400_000;

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
  /**
   * A base's outline being brought up to date (caught up or read again). Requests meanwhile wait
   * for it rather than each doing the same, and use it when it covers the state they read: after a
   * write at 100,000 pages, each would otherwise read every row, or walk every visitor's outline.
   */
  private readonly refreshing = new Map<string, Promise<LiveOutline>>();

  constructor(
    private readonly db: UnitOfWork,
    private readonly query: OutlineRowsQuery,
  ) {}

  /** The base's live outline as of `state` (read by the caller just now) or newer. */
  async at(state: ReadingBaseState): Promise<LiveOutline> {
    const stamp = stampOf(state);
    const kept = this.kept.get(state.baseId);
    if (kept && covers(kept.stamp, stamp)) return kept;
    const under = this.refreshing.get(state.baseId);
    if (under) {
      const outline = await under.catch(() => undefined);
      if (outline && covers(outline.stamp, stamp)) return outline;
    }
    return this.refresh(state.baseId, stamp);
  }

  private refresh(baseId: string, stamp: OutlineStamp): Promise<LiveOutline> {
    const kept = this.kept.get(baseId);
    const behind = kept && kept.stamp.createdAt === stamp.createdAt && kept.stamp.outlineVersion <= stamp.outlineVersion
      && stamp.changes - kept.stamp.changes <= CATCH_UP_CHANGES;
    const work = behind ? this.catchUp(baseId, kept) : this.build(baseId, stamp);
    this.refreshing.set(baseId, work);
    const done = () => {
      if (this.refreshing.get(baseId) === work) this.refreshing.delete(baseId);
    };
    work.then(done, done);
    return work;
  }

  /** The kept outline brought up to date by the pages written since its count (LiveOutline.caughtUp), or read again when they do not tell it. */
  private async catchUp(baseId: string, kept: LiveOutline): Promise<LiveOutline> {
    const read = await this.query.changedSince(this.db.preparedReader, baseId, kept.stamp.changes);
    if (!read) return kept;
    const stamp = stampOf(read.state);
    const caughtUp = kept.caughtUp({ stamp, livePages: read.state.livePages }, read.changed);
    return caughtUp ? this.keep(baseId, caughtUp) : this.build(baseId, stamp);
  }

  /** Every row read now, at least as new as `stamp`; kept under it, a request at a newer state catches up from there. */
  private async build(baseId: string, stamp: OutlineStamp): Promise<LiveOutline> {
    return this.keep(baseId, new LiveOutline(stamp, await this.query.outline(this.db.reader, baseId)));
  }

  /** Keeps `outline` unless a newer one is kept already (reads that overlap may finish out of order). */
  private keep(baseId: string, outline: LiveOutline): LiveOutline {
    const kept = this.kept.get(baseId);
    if (!kept || !covers(kept.stamp, outline.stamp)) this.kept.set(baseId, outline);
    return outline;
  }
}
