// The web UI's moves of a page in the outline: past its previous or next sibling, each with its
// subtree, or one level deeper or shallower (a level change, the subtree following). A sibling
// here is a page of the same parent and the same level, so a move never changes who is whose
// parent: a page whose neighbour sits deeper (an outline with a level skipped) keeps its place.
import { MAX_LEVEL } from './limits';
import { descendantsEnd, type Leveled } from './outline';

export const moveDirections = ['up', 'down', 'indent', 'outdent'] as const;
export type MoveDirection = (typeof moveDirections)[number];

export type PossibleMoves = Record<MoveDirection, boolean>;

/** Index of the previous sibling of the page at `index` (same parent, same level), or -1. */
export function previousSiblingIndex(pages: readonly Leveled[], index: number): number {
  const own = pages[index].level;
  for (let i = index - 1; i >= 0; i--) {
    if (pages[i].level < own) return -1;
    if (pages[i].level === own) return i;
  }
  return -1;
}

/** Index of the next sibling of the page at `index` (same parent, same level), or -1. */
export function nextSiblingIndex(pages: readonly Leveled[], index: number): number {
  const end = descendantsEnd(pages, index);
  return end < pages.length && pages[end].level === pages[index].level ? end : -1;
}

/** Which moves the page at `index` can make; `deepest` is the deepest level in its subtree. */
export function possibleMoves(pages: readonly Leveled[], index: number, deepest = deepestOfSubtree(pages, index)): PossibleMoves {
  const hasPrevious = previousSiblingIndex(pages, index) >= 0;
  return {
    up: hasPrevious,
    down: nextSiblingIndex(pages, index) >= 0,
    indent: hasPrevious && deepest < MAX_LEVEL,
    outdent: pages[index].level > 0,
  };
}

function deepestOfSubtree(pages: readonly Leveled[], index: number): number {
  let deepest = pages[index].level;
  for (let i = index + 1, end = descendantsEnd(pages, index); i < end; i++) deepest = Math.max(deepest, pages[i].level);
  return deepest;
}

/**
 * The outline after the move, or null when the page cannot make it. Up and down swap the page's
 * subtree with its sibling's; indent and outdent shift the page and its subtree by one level.
 */
export function moved<T extends Leveled>(pages: readonly T[], index: number, direction: MoveDirection): T[] | null {
  if (!possibleMoves(pages, index)[direction]) return null;
  const end = descendantsEnd(pages, index);
  if (direction === 'up' || direction === 'down') {
    const [first, middle, last] =
      direction === 'up' ? [previousSiblingIndex(pages, index), index, end] : [index, end, descendantsEnd(pages, end)];
    return [...pages.slice(0, first), ...pages.slice(middle, last), ...pages.slice(first, middle), ...pages.slice(last)];
  }
  const shift = direction === 'indent' ? 1 : -1;
  return pages.map((p, i) => (i >= index && i < end ? { ...p, level: p.level + shift } : p));
}
