// A base's live outline as the reading service keeps it: the pages in display order with their
// level, own view and title, what the outline rules need of it computed once (each page's parent
// and the deepest level of its subtree), and, derived from it on first use, what each kind of
// visitor sees (VisibleOutline) and the page ids a visitor may not read (for search). An outline
// whose views change (a PATCH of view moves no outline version) is replaced by a copy sharing all
// that does not depend on views.
import type { ChangedPage, OutlineRow } from '../pages/outline-rows.query';
import { possibleMoves, type PossibleMoves } from '../outline/moves';
import { PageSet } from '../search/page-set';
import type { View } from '../vocabulary';
import { mayRead, mayReadPage, visibleOutline, type VisibleOutline, type VisitorClass } from './visibility';

/** What a kept outline is as of: the base's identity, outline version and count of page writes. */
export interface OutlineStamp {
  createdAt: string;
  outlineVersion: number;
  changes: number;
}

export const NO_MOVES: PossibleMoves = Object.freeze({ up: false, down: false, indent: false, outdent: false });

/** What depends on the outline's order and levels only, shared by its copies with other titles or views. */
interface Shape {
  /** Per index, the page's position key (ascending: display order). */
  positions: Float64Array;
  /** Per index, the index of its parent in the live outline, or -1. */
  parents: Int32Array;
  /** Per index, the deepest level in its subtree (itself included). */
  deepest: Uint8Array;
}

/**
 * One pass with a stack of the open pages. No map of content ids: a page is found by its position
 * (binary search), which the statement that names it reads (a map of 100,000 ids cost 15 to 50 ms
 * of CPU to build, the rest of this pass about 3).
 */
function shapeOf(rows: readonly OutlineRow[]): Shape {
  const n = rows.length;
  const positions = new Float64Array(n);
  const parents = new Int32Array(n);
  const deepest = new Uint8Array(n);
  const open = new Int32Array(n);
  let top = 0;
  for (let i = 0; i < n; i++) {
    const level = rows[i].level;
    while (top > 0 && rows[open[top - 1]].level >= level) {
      const done = open[--top];
      if (top > 0 && deepest[done] > deepest[open[top - 1]]) deepest[open[top - 1]] = deepest[done];
    }
    positions[i] = Number(rows[i].pos);
    parents[i] = top > 0 ? open[top - 1] : -1;
    deepest[i] = level;
    open[top++] = i;
  }
  while (top > 0) {
    const done = open[--top];
    if (top > 0 && deepest[done] > deepest[open[top - 1]]) deepest[open[top - 1]] = deepest[done];
  }
  return { positions, parents, deepest };
}

/** The shape with root pages without children appended (creates: level 0, at the end). */
function withRootsAppended(shape: Shape, appended: readonly OutlineRow[]): Shape {
  const n = shape.positions.length;
  const grow = <A extends Float64Array | Int32Array | Uint8Array>(from: A, make: (length: number) => A, fill: (i: number) => number): A => {
    const to = make(n + appended.length);
    to.set(from);
    for (let i = 0; i < appended.length; i++) to[n + i] = fill(i);
    return to;
  };
  return {
    positions: grow(shape.positions, (l) => new Float64Array(l), (i) => Number(appended[i].pos)),
    parents: grow(shape.parents, (l) => new Int32Array(l), () => -1),
    deepest: grow(shape.deepest, (l) => new Uint8Array(l), () => 0),
  };
}

/** What a catch-up needs of the base's state read with the changes. */
export interface CaughtUpState {
  stamp: OutlineStamp;
  livePages: number;
}

export class LiveOutline {
  private readonly shape: Shape;
  /** Pages with a view of their own: none means every page reads as the base does. */
  private readonly ownViews: number;
  private everyPage?: VisibleOutline;
  private visible = new Map<string, VisibleOutline>();
  private hidden = new Map<string, PageSet | null>();

  constructor(
    readonly stamp: OutlineStamp,
    readonly rows: readonly OutlineRow[],
    shape?: Shape,
    ownViews?: number,
  ) {
    this.shape = shape ?? shapeOf(rows);
    if (ownViews === undefined) {
      ownViews = 0;
      for (const row of rows) if (row.view !== null) ownViews++;
    }
    this.ownViews = ownViews;
  }

  get size(): number {
    return this.rows.length;
  }

  /** The index of the page at position `pos`, or -1. */
  indexAt(pos: number): number {
    const positions = this.shape.positions;
    let lo = 0;
    let hi = positions.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (positions[mid] < pos) lo = mid + 1;
      else if (positions[mid] > pos) hi = mid - 1;
      else return mid;
    }
    return -1;
  }

  /** The index of the live page `contentId`, looked up at `pos` where it was read to be, else (it moved since) searched for. */
  indexOf(contentId: string, pos: number | null = null): number {
    const at = pos === null ? -1 : this.indexAt(pos);
    if (at >= 0 && this.rows[at].contentId === contentId) return at;
    return this.rows.findIndex((row) => row.contentId === contentId);
  }

  /** The moves of the page at `index` in the real outline (moves.ts). */
  movesOf(index: number): PossibleMoves {
    return possibleMoves(this.rows, index, this.shape.deepest[index]);
  }

  /** Indexes of the real ancestors of the page at `index`, root first. */
  ancestorsOf(index: number): number[] {
    const found: number[] = [];
    for (let p = this.shape.parents[index]; p >= 0; p = this.shape.parents[p]) found.push(p);
    return found.reverse();
  }

  /** What a visitor of the class sees of the outline in a base of view `baseView` (built once per outline). */
  visibleFor(visitor: VisitorClass, baseView: View): VisibleOutline {
    if (visitor === 'member' || (this.ownViews === 0 && mayRead(baseView, visitor))) {
      return (this.everyPage ??= visibleOutline(this.rows, () => true));
    }
    const key = `${visitor} ${baseView}`;
    let found = this.visible.get(key);
    if (!found) this.visible.set(key, (found = visibleOutline(this.rows, (row) => mayReadPage(row.view, baseView, visitor))));
    return found;
  }

  /** The ids of the pages the visitor may not read, or null when they may read every one. */
  hiddenFor(visitor: VisitorClass, baseView: View): PageSet | null {
    if (visitor === 'member' || (this.ownViews === 0 && mayRead(baseView, visitor))) return null;
    const key = `${visitor} ${baseView}`;
    if (!this.hidden.has(key)) {
      const ids: number[] = [];
      for (const row of this.rows) if (!mayReadPage(row.view, baseView, visitor)) ids.push(Number(row.pageId));
      this.hidden.set(key, ids.length === 0 ? null : PageSet.of(ids));
    }
    return this.hidden.get(key)!;
  }

  /** The end (exclusive) of the subtree of the page at `index`: its descendants are the pages up to it. */
  private subtreeEnd(index: number): number {
    const own = this.rows[index].level;
    let end = index + 1;
    while (end < this.rows.length && this.rows[end].level > own) end++;
    return end;
  }

  /**
   * The outline at `state`, from this one and the pages written since its count, as they are now;
   * null when they do not tell it, and the outline must be read again. Every move of the outline
   * version since must be explained by a page written: a create (a new live page after every
   * position, at level 0), a title change (a page at its position), and at most one change that
   * moves pages no write stamps, the pages.service's own: a delete (its descendants one level up)
   * or a level change (its subtree with it); the live page count must agree. Anything else (a move
   * of pages, a restore, two deletes, a version move no page explains) is read again. Views and
   * bodies change no outline version; their pages keep their place.
   */
  caughtUp(state: CaughtUpState, changed: readonly ChangedPage[]): LiveOutline | null {
    const versionMoves = state.stamp.outlineVersion - this.stamp.outlineVersion;
    if (versionMoves < 0 || state.stamp.createdAt !== this.stamp.createdAt) return null;
    const last = this.size === 0 ? -Infinity : this.shape.positions[this.size - 1];
    const rowOf = (page: ChangedPage): OutlineRow =>
      ({ pageId: page.pageId, contentId: page.contentId, title: page.title, level: page.level, view: page.view, pos: page.pos! });
    const appended: OutlineRow[] = [];
    const stamped: { index: number; page: ChangedPage }[] = [];
    let removed = -1;
    let explained = 0;
    let views = false;
    for (const page of changed) {
      if (!page.live || page.pos === null) {
        // A page long gone (in the trash) written while the outline stood still changes nothing.
        if (versionMoves === 0) continue;
        // A delete since: one, of a page this outline holds.
        const index = removed >= 0 ? -1 : this.indexOf(page.contentId);
        if (index < 0) return null;
        removed = index;
        explained++;
        continue;
      }
      if (page.pos > last) {
        if (page.level !== 0) return null;
        if (page.view !== null) views = true;
        appended.push(rowOf(page));
        explained++;
        continue;
      }
      const index = this.indexAt(page.pos);
      if (index < 0 || this.rows[index].contentId !== page.contentId) return null;
      stamped.push({ index, page });
    }
    // The subtree that moved with no stamp: the deleted page's descendants, or that of the first
    // page (in display order) whose level is not the one expected; every other page written must
    // be at the level expected after it.
    let shift: { from: number; to: number; by: number } | null = removed < 0 ? null : { from: removed + 1, to: this.subtreeEnd(removed), by: -1 };
    let leveled = -1;
    const expected = (index: number) => this.rows[index].level + (shift && index >= shift.from && index < shift.to ? shift.by : 0);
    stamped.sort((a, b) => a.index - b.index);
    for (const { index, page } of stamped) {
      if (page.level === expected(index)) continue;
      if (shift !== null) return null;
      leveled = index;
      shift = { from: index, to: this.subtreeEnd(index), by: page.level - this.rows[index].level };
    }
    let rows: OutlineRow[] | undefined;
    if (shift) {
      rows = this.rows.slice();
      for (let i = shift.from; i < shift.to; i++) rows[i] = { ...rows[i], level: rows[i].level + shift.by };
    }
    for (const { index, page } of stamped) {
      const kept = this.rows[index];
      if (index === leveled || kept.title !== page.title) explained++;
      if (kept.view !== page.view) views = true;
      if (index === leveled || kept.title !== page.title || kept.view !== page.view) (rows ??= this.rows.slice())[index] = rowOf(page);
    }
    if (explained !== versionMoves || state.livePages !== this.size + appended.length - (removed >= 0 ? 1 : 0)) return null;
    appended.sort((a, b) => a.pos - b.pos);
    if (shift) {
      // Parents and subtrees changed: walked again (a few ms at 100,000 pages, no rows read), and each visitor's outline when asked for.
      if (removed >= 0) rows!.splice(removed, 1);
      return new LiveOutline(state.stamp, rows!.concat(appended));
    }
    if (appended.length === 0 && !views) {
      // Titles (or nothing) changed: what each visitor sees stays, by index.
      const same = new LiveOutline(state.stamp, rows ?? this.rows, this.shape, this.ownViews);
      same.everyPage = this.everyPage;
      same.visible = this.visible;
      same.hidden = this.hidden;
      return same;
    }
    const next = new LiveOutline(
      state.stamp, (rows ?? this.rows).concat(appended), appended.length === 0 ? this.shape : withRootsAppended(this.shape, appended),
      views ? undefined : this.ownViews,
    );
    // New pages take the base's view, which admits every visitor who sees the base: each visitor's
    // outline gains them as roots, and the hidden pages stay those.
    if (!views) {
      next.everyPage = this.everyPage?.withRootsAppended(appended.length);
      for (const [key, value] of this.visible) next.visible.set(key, value.withRootsAppended(appended.length));
      next.hidden = this.hidden;
    }
    return next;
  }
}
