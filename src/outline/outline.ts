// The outline rules. The pages of a base form one list in display order, each with a level.
// The parent of a page is the nearest page before it whose level is lower; its descendants are
// the pages right after it whose level is higher than its own. Everything here is pure.
import { MAX_LEVEL } from './limits';
import { OutlineError } from './outline-error';

export interface Leveled {
  level: number;
}

/** Index of the parent of the page at `index`, or -1 for a root. */
export function parentIndex(pages: readonly Leveled[], index: number): number {
  const own = pages[index].level;
  for (let i = index - 1; i >= 0; i--) if (pages[i].level < own) return i;
  return -1;
}

/** Indexes of the ancestors of the page at `index`, root first. */
export function ancestorIndexes(pages: readonly Leveled[], index: number): number[] {
  const found: number[] = [];
  for (let i = parentIndex(pages, index); i >= 0; i = parentIndex(pages, i)) found.push(i);
  return found.reverse();
}

/** End (exclusive) of the descendants of the page at `index`: they are `index + 1 .. end - 1`. */
export function descendantsEnd(pages: readonly Leveled[], index: number): number {
  const own = pages[index].level;
  let end = index + 1;
  while (end < pages.length && pages[end].level > own) end++;
  return end;
}

/** Whether moving a page to `newLevel` keeps its descendants, the deepest at `deepestDescendantLevel`, within MAX_LEVEL. */
export function shiftFits(ownLevel: number, deepestDescendantLevel: number, newLevel: number): boolean {
  return Math.max(ownLevel, deepestDescendantLevel) + newLevel - ownLevel <= MAX_LEVEL;
}

/**
 * The level shift that moves a page to `newLevel`, applied to the page and each descendant.
 * Refuses (OutlineError) a shift that would push a descendant past MAX_LEVEL, so nothing changes then.
 */
export function levelShift(ownLevel: number, deepestDescendantLevel: number, newLevel: number): number {
  const shift = newLevel - ownLevel;
  const deepest = Math.max(ownLevel, deepestDescendantLevel) + shift;
  if (!shiftFits(ownLevel, deepestDescendantLevel, newLevel)) {
    throw new OutlineError(
      `level ${newLevel} would put a descendant of this page at level ${deepest}; the deepest level is ${MAX_LEVEL}.`,
    );
  }
  return shift;
}

/** The outline after the page at `index` moves to `newLevel`, its descendants with it. */
export function changeLevel<T extends Leveled>(pages: readonly T[], index: number, newLevel: number): T[] {
  const end = descendantsEnd(pages, index);
  const deepest = Math.max(...pages.slice(index, end).map((p) => p.level));
  const shift = levelShift(pages[index].level, deepest, newLevel);
  return pages.map((p, i) => (i >= index && i < end ? { ...p, level: p.level + shift } : p));
}

/** The outline after the page at `index` leaves it: its descendants move up one level. */
export function removePage<T extends Leveled>(pages: readonly T[], index: number): T[] {
  const end = descendantsEnd(pages, index);
  return pages.flatMap((p, i) => {
    if (i === index) return [];
    return i > index && i < end ? [{ ...p, level: p.level - 1 }] : [p];
  });
}

/** The outline after a new page is appended: at the end, level 0. */
export function appendPage<T extends Leveled>(pages: readonly T[], page: Omit<T, 'level'>): T[] {
  return [...pages, { ...page, level: 0 } as T];
}

/**
 * Ancestors of a page at level L, given for each level l < L the nearest page of level l
 * before it (or null). A page of level l is an ancestor exactly when no page of a lower
 * level lies between it and the page, so the ancestors are the nearest pages that are later
 * than every nearest page of a lower level.
 */
export function ancestorsFromNearest<T extends { position: number }>(nearestByLevel: readonly (T | null)[]): T[] {
  const found: T[] = [];
  let latest = -Infinity;
  for (const candidate of nearestByLevel) {
    if (candidate && candidate.position > latest) {
      found.push(candidate);
      latest = candidate.position;
    }
  }
  return found;
}

export type Tree<T> = T & { children: Tree<T>[] };

export interface TreeVisitor<T> {
  /** A node starts; its children follow before its leave. */
  enter(page: T): void;
  leave(page: T): void;
}

/**
 * Walks the tree of pages whose level is below `levels`, in display order, without building it.
 * Deeper pages are left out; a page with no lower-level page before it is a root.
 */
export function walkTree<T extends Leveled>(pages: readonly T[], levels: number, visitor: TreeVisitor<T>): void {
  const open: T[] = [];
  for (const page of pages) {
    if (page.level >= levels) continue;
    while (open.length > 0 && open[open.length - 1].level >= page.level) visitor.leave(open.pop()!);
    visitor.enter(page);
    open.push(page);
  }
  while (open.length > 0) visitor.leave(open.pop()!);
}

/** The nested tree of pages whose level is below `levels` (see walkTree). */
export function buildTree<T extends Leveled>(pages: readonly T[], levels: number): Tree<T>[] {
  const roots: Tree<T>[] = [];
  const open: Tree<T>[][] = [roots];
  walkTree(pages, levels, {
    enter(page) {
      const node = { ...page, children: [] } as Tree<T>;
      open[open.length - 1].push(node);
      open.push(node.children);
    },
    leave() {
      open.pop();
    },
  });
  return roots;
}
