// Who may read what of a knowledge base, as pure rules. The base's view
// decides who sees the base; a page's effective view (its own, else the base's) decides who reads
// it and whether it appears anywhere. O: anyone; I: any signed-in user; L: the base's members of any
// role. Instance administrators are not special. A visible page under hidden ones hangs, in the
// visitor's tree, from its nearest visible ancestor. Nothing here knows Nest or the database.
import type { Leveled } from '../outline/outline';
import type { Role, View } from '../vocabulary';

/** The three kinds of visitor the views tell apart. */
export type VisitorClass = 'anonymous' | 'signedIn' | 'member';
export const visitorClasses: readonly VisitorClass[] = ['anonymous', 'signedIn', 'member'];

/** The class of a visitor: anonymous, signed in but not a member of the base, or a member of any role. */
export function visitorClassOf(signedIn: boolean, role: Role | null): VisitorClass {
  if (!signedIn) return 'anonymous';
  return role === null ? 'signedIn' : 'member';
}

/** What decides who reads a page: its own view, else the base's. */
export function effectiveView(own: View | null, baseView: View): View {
  return own ?? baseView;
}

/** Whether a visitor of the class may read what has the view `view`. */
export function mayRead(view: View, visitor: VisitorClass): boolean {
  switch (view) {
    case 'O':
      return true;
    case 'I':
      return visitor !== 'anonymous';
    case 'L':
      return visitor === 'member';
  }
}

/** Whether the visitor may read the page whose own view is `own` in a base of view `baseView`. */
export function mayReadPage(own: View | null, baseView: View, visitor: VisitorClass): boolean {
  return mayRead(effectiveView(own, baseView), visitor);
}

/**
 * The visible pages of a live outline for one visitor: each visible page is a slot, numbered in
 * display order. Arrays rather than objects: at 100,000 pages a visitor's outline is a few typed
 * arrays (about 24 bytes a page), built in one pass.
 */
export class VisibleOutline {
  /** Per outline index, its slot, or -1 when hidden. */
  private readonly slots: Int32Array;
  /** Children slots of each slot, in display order: those of slot s are childList[childStart[s] … childStart[s+1]-1]; the roots are the last range (slot `size`). */
  private readonly childStart: Int32Array;
  private readonly childList: Int32Array;

  constructor(
    /** Per slot, the page's index in the live outline (display order kept). */
    readonly indexes: Int32Array,
    /** Per slot, its depth in the visitor's tree: how many visible ancestors it has. */
    readonly depths: Int32Array,
    /** Per slot, the slot of its nearest visible ancestor, or -1 for a root of the visitor's tree. */
    readonly parents: Int32Array,
    outlineLength: number,
    made?: { slots: Int32Array; childStart: Int32Array; childList: Int32Array },
  ) {
    if (made) {
      ({ slots: this.slots, childStart: this.childStart, childList: this.childList } = made);
      return;
    }
    const size = indexes.length;
    this.slots = new Int32Array(outlineLength).fill(-1);
    for (let s = 0; s < size; s++) this.slots[indexes[s]] = s;
    // Counting sort of the slots by parent (roots under `size`), which keeps display order.
    const start = new Int32Array(size + 2);
    for (let s = 0; s < size; s++) start[(parents[s] < 0 ? size : parents[s]) + 1]++;
    for (let p = 0; p <= size; p++) start[p + 1] += start[p];
    const fill = start.slice(0, size + 1);
    const list = new Int32Array(size);
    for (let s = 0; s < size; s++) list[fill[parents[s] < 0 ? size : parents[s]]++] = s;
    this.childStart = start;
    this.childList = list;
  }

  /**
   * This outline with `count` visible roots without children appended after the outline's last
   * page (creates, which take the base's view): copies of the arrays, no walk of the pages.
   */
  withRootsAppended(count: number): VisibleOutline {
    const size = this.size;
    const outlineLength = this.slots.length;
    const grown = (from: Int32Array, fill: (i: number) => number): Int32Array => {
      const to = new Int32Array(from.length + count);
      to.set(from);
      for (let i = 0; i < count; i++) to[from.length + i] = fill(i);
      return to;
    };
    // The roots' range comes last: the new slots' (empty) ranges open where it starts, and it ends with them.
    const childStart = new Int32Array(size + count + 2);
    childStart.set(this.childStart.subarray(0, size + 1));
    childStart.fill(this.childStart[size], size + 1, size + count + 1);
    childStart[size + count + 1] = this.childStart[size + 1] + count;
    return new VisibleOutline(
      grown(this.indexes, (i) => outlineLength + i), grown(this.depths, () => 0), grown(this.parents, () => -1), outlineLength + count,
      { slots: grown(this.slots, (i) => size + i), childStart, childList: grown(this.childList, (i) => size + i) },
    );
  }

  /** How many pages the visitor sees. */
  get size(): number {
    return this.indexes.length;
  }

  /** The slot of the page at `index` of the live outline, or -1 when the visitor may not see it. */
  slotOf(index: number): number {
    return index >= 0 && index < this.slots.length ? this.slots[index] : -1;
  }

  /** The slots of the visible children of `slot` (of the roots when -1), in display order. */
  children(slot: number): Int32Array {
    const at = slot < 0 ? this.size : slot;
    return this.childList.subarray(this.childStart[at], this.childStart[at + 1]);
  }

  childCount(slot: number): number {
    const at = slot < 0 ? this.size : slot;
    return this.childStart[at + 1] - this.childStart[at];
  }

  /** The slots of the visible ancestors of `slot`, root first. */
  ancestors(slot: number): number[] {
    const found: number[] = [];
    for (let p = this.parents[slot]; p >= 0; p = this.parents[p]) found.push(p);
    return found.reverse();
  }
}

/**
 * The outline a visitor sees: of the live outline `pages` (display order, levels), the pages
 * `readable` admits, in the same order, each hanging from its nearest visible ancestor (the
 * nearest ancestor in the live outline that is readable, however many hidden ones lie between).
 * One pass with a stack of the current page's ancestors, each with its nearest visible self-or-ancestor.
 */
export function visibleOutline<T extends Leveled>(pages: readonly T[], readable: (page: T, index: number) => boolean): VisibleOutline {
  const n = pages.length;
  const indexes = new Int32Array(n);
  const depths = new Int32Array(n);
  const parents = new Int32Array(n);
  // The open ancestors: their levels, and for each the slot of the nearest visible one of it and its ancestors (-1: none).
  const openLevels = new Int32Array(n);
  const openVisible = new Int32Array(n);
  let open = 0;
  let size = 0;
  for (let i = 0; i < n; i++) {
    const page = pages[i];
    const level = page.level;
    while (open > 0 && openLevels[open - 1] >= level) open--;
    const above = open > 0 ? openVisible[open - 1] : -1;
    let nearest = above;
    if (readable(page, i)) {
      indexes[size] = i;
      parents[size] = above;
      depths[size] = above < 0 ? 0 : depths[above] + 1;
      nearest = size++;
    }
    openLevels[open] = level;
    openVisible[open] = nearest;
    open++;
  }
  return new VisibleOutline(indexes.slice(0, size), depths.slice(0, size), parents.slice(0, size), n);
}
