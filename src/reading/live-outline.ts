// A base's live outline as the reading service keeps it: the pages in display order with their
// level, own view and title, what the outline rules need of it computed once (each page's parent
// and the deepest level of its subtree), and, derived from it on first use, what each kind of
// visitor sees (VisibleOutline) and the page ids a visitor may not read (for search). An outline
// whose views change (a PATCH of view moves no outline version) is replaced by a copy sharing all
// that does not depend on views.
import type { OutlineRow } from '../pages/outline-rows.query';
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

/** What depends on the outline's order and levels only, shared by its copies with other views. */
interface Shape {
  /** Content id → index in display order. */
  indexOf: Map<string, number>;
  /** Per index, the index of its parent in the live outline, or -1. */
  parents: Int32Array;
  /** Per index, the deepest level in its subtree (itself included). */
  deepest: Uint8Array;
}

function shapeOf(rows: readonly OutlineRow[]): Shape {
  const n = rows.length;
  const indexOf = new Map<string, number>();
  const parents = new Int32Array(n);
  const deepest = new Uint8Array(n);
  const open: number[] = [];
  const close = () => {
    const done = open.pop()!;
    const parent = open.length > 0 ? open[open.length - 1] : -1;
    if (parent >= 0 && deepest[done] > deepest[parent]) deepest[parent] = deepest[done];
  };
  for (let i = 0; i < n; i++) {
    const level = rows[i].level;
    indexOf.set(rows[i].contentId, i);
    while (open.length > 0 && rows[open[open.length - 1]].level >= level) close();
    parents[i] = open.length > 0 ? open[open.length - 1] : -1;
    deepest[i] = level;
    open.push(i);
  }
  while (open.length > 0) close();
  return { indexOf, parents, deepest };
}

export class LiveOutline {
  private readonly shape: Shape;
  /** Pages with a view of their own: none means every page reads as the base does. */
  private readonly ownViews: number;
  private everyPage?: VisibleOutline;
  private readonly visible = new Map<string, VisibleOutline>();
  private readonly hidden = new Map<string, PageSet | null>();

  constructor(
    readonly stamp: OutlineStamp,
    readonly rows: readonly OutlineRow[],
    shape?: Shape,
  ) {
    this.shape = shape ?? shapeOf(rows);
    let own = 0;
    for (const row of rows) if (row.view !== null) own++;
    this.ownViews = own;
  }

  get size(): number {
    return this.rows.length;
  }

  /** The index of the live page `contentId`, or -1. */
  indexOf(contentId: string): number {
    return this.shape.indexOf.get(contentId) ?? -1;
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

  /**
   * The outline at `stamp`, whose order and levels are this one's, with the views of the pages
   * written since: this one restamped when no view changed, else a copy of the rows with theirs.
   */
  withViews(stamp: OutlineStamp, changed: readonly { contentId: string; view: View | null; live: boolean }[]): LiveOutline {
    let rows: OutlineRow[] | undefined;
    for (const change of changed) {
      const index = change.live ? this.indexOf(change.contentId) : -1;
      if (index < 0 || this.rows[index].view === change.view) continue;
      rows ??= this.rows.slice();
      rows[index] = { ...rows[index], view: change.view };
    }
    if (!rows) {
      const same = new LiveOutline(stamp, this.rows, this.shape);
      same.everyPage = this.everyPage;
      for (const [key, value] of this.visible) same.visible.set(key, value);
      for (const [key, value] of this.hidden) same.hidden.set(key, value);
      return same;
    }
    return new LiveOutline(stamp, rows, this.shape);
  }
}
