// The moves of src/outline/moves.ts, checked on every outline of up to 6 pages with levels 0..3
// (exhaustively), and on random larger outlines and runs of moves against a reference model of
// its own: a forest where each page's parent is the nearest earlier page of a lower level, and a
// page's siblings are its parent's children of its own level, the subtrees swapped in the
// parent's list of children and the forest written out again.
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { MAX_LEVEL } from '../../../src/outline/limits';
import { moveDirections, moved, nextSiblingIndex, possibleMoves, previousSiblingIndex, type MoveDirection } from '../../../src/outline/moves';
import { descendantsEnd, parentIndex } from '../../../src/outline/outline';

interface P {
  id: number;
  level: number;
}

const outline = (levels: readonly number[]): P[] => levels.map((level, id) => ({ id, level }));
const ids = (pages: readonly P[]): number[] => pages.map((p) => p.id);

/** Every outline of `n` pages with levels 0..maxLevel. */
function* allOutlines(n: number, maxLevel: number): Generator<P[]> {
  const levels = new Array<number>(n).fill(0);
  for (;;) {
    yield outline(levels);
    let i = n - 1;
    while (i >= 0 && levels[i] === maxLevel) levels[i--] = 0;
    if (i < 0) return;
    levels[i]++;
  }
}

/** Each page's parent, by id (-1 for a root). */
function parentsById(pages: readonly P[]): Map<number, number> {
  return new Map(pages.map((p, i) => [p.id, parentIndex(pages, i) < 0 ? -1 : pages[parentIndex(pages, i)].id]));
}

/** Each page's subtree (itself and its descendants), by id, as ids in display order. */
function subtreesById(pages: readonly P[]): Map<number, number[]> {
  return new Map(pages.map((p, i) => [p.id, ids(pages.slice(i, descendantsEnd(pages, i)))]));
}

/** Whether the ids of `subtree` sit next to each other in `pages`, in that order. */
function contiguous(pages: readonly P[], subtree: readonly number[]): boolean {
  const start = pages.findIndex((p) => p.id === subtree[0]);
  return start >= 0 && subtree.every((id, k) => pages[start + k]?.id === id);
}

// ---- the reference model: a forest, written independently of moves.ts and outline.ts ----

interface Node {
  page: P;
  children: Node[];
}

function toForest(pages: readonly P[]): Node[] {
  const roots: Node[] = [];
  const nodes: Node[] = [];
  pages.forEach((page, i) => {
    const node: Node = { page: { ...page }, children: [] };
    let parent: Node | undefined;
    for (let j = i - 1; j >= 0; j--) {
      if (pages[j].level < page.level) {
        parent = nodes[j];
        break;
      }
    }
    (parent ? parent.children : roots).push(node);
    nodes.push(node);
  });
  return roots;
}

function flatten(nodes: readonly Node[]): P[] {
  return nodes.flatMap((n) => [n.page, ...flatten(n.children)]);
}

/** The list of nodes holding the page `id` (its parent's children, or the roots), and its place there. */
function placeOf(list: Node[], id: number): { list: Node[]; at: number } | null {
  for (let at = 0; at < list.length; at++) {
    if (list[at].page.id === id) return { list, at };
    const deeper = placeOf(list[at].children, id);
    if (deeper) return deeper;
  }
  return null;
}

function refMoved(pages: readonly P[], index: number, direction: MoveDirection): P[] | null {
  const forest = toForest(pages);
  const { list, at } = placeOf(forest, pages[index].id)!;
  const own = list[at];
  if (direction === 'up' || direction === 'down') {
    const other = direction === 'up' ? at - 1 : at + 1;
    if (other < 0 || other >= list.length || list[other].page.level !== own.page.level) return null;
    [list[at], list[other]] = [list[other], list[at]];
    return flatten(forest);
  }
  const subtree = flatten([own]);
  if (direction === 'outdent') {
    if (own.page.level === 0) return null;
  } else {
    if (at === 0 || list[at - 1].page.level !== own.page.level) return null;
    if (Math.max(...subtree.map((p) => p.level)) + 1 > MAX_LEVEL) return null;
  }
  const shift = direction === 'indent' ? 1 : -1;
  const moving = new Set(ids(subtree));
  return pages.map((p) => (moving.has(p.id) ? { ...p, level: p.level + shift } : { ...p }));
}

/**
 * What every move must keep, checked on one outline, page and direction: the moved outline (null
 * when refused) and what it broke, by name (plain comparisons: expect is too slow for 130,000 moves).
 */
function checkMove(pages: readonly P[], index: number, direction: MoveDirection): { after: P[] | null; broken: string[] } {
  const broken: string[] = [];
  const holds = (name: string, ok: boolean) => ok || broken.push(name);
  const after = moved(pages, index, direction);
  holds('possibleMoves agrees with moved', (after !== null) === possibleMoves(pages, index)[direction]);
  holds('the forest model agrees', isDeepStrictEqual(after, refMoved(pages, index, direction)));
  if (after === null) return { after, broken };
  const byId = (a: number, b: number) => a - b;
  holds('the same pages, each once', isDeepStrictEqual(ids(after).sort(byId), ids(pages).sort(byId)));
  holds('levels within 0..MAX_LEVEL', after.every((p) => p.level >= 0 && p.level <= MAX_LEVEL));
  const id = pages[index].id;
  const before = subtreesById(pages);
  holds("the page's subtree stays together, in its order", contiguous(after, before.get(id)!));
  if (direction === 'up' || direction === 'down') {
    holds('no page changes parent', isDeepStrictEqual(parentsById(after), parentsById(pages)));
    holds('no page changes level', isDeepStrictEqual(new Map(after.map((p) => [p.id, p.level])), new Map(pages.map((p) => [p.id, p.level]))));
    // Every subtree holds the same pages (an ancestor's in another order); the two swapped keep their order.
    const sorted = (subtrees: Map<number, number[]>) => new Map([...subtrees].map(([k, v]) => [k, [...v].sort(byId)]));
    holds('every subtree holds the same pages', isDeepStrictEqual(sorted(subtreesById(after)), sorted(before)));
    const sibling = pages[direction === 'up' ? previousSiblingIndex(pages, index) : nextSiblingIndex(pages, index)].id;
    holds("the sibling's subtree stays together, in its order", contiguous(after, before.get(sibling)!));
    const j = after.findIndex((p) => p.id === id);
    const now = direction === 'up' ? nextSiblingIndex(after, j) : previousSiblingIndex(after, j);
    holds('the page and its sibling changed places', now >= 0 && after[now].id === sibling);
    holds('the reverse move undoes it', isDeepStrictEqual(moved(after, j, direction === 'up' ? 'down' : 'up'), pages));
  } else {
    // Only the page's subtree changes level, by one, the same way.
    const moving = new Set(before.get(id));
    const shift = direction === 'indent' ? 1 : -1;
    holds('only the subtree shifts, by one', after.every((p, k) => p.id === pages[k].id && p.level === pages[k].level + (moving.has(p.id) ? shift : 0)));
    // Indent keeps the subtree; outdent may add the page's following siblings to it, as children.
    const grown = subtreesById(after).get(id)!;
    holds('the subtree is kept (indent) or grows at its end (outdent)',
      direction === 'indent' ? isDeepStrictEqual(grown, before.get(id)) : isDeepStrictEqual(grown.slice(0, before.get(id)!.length), before.get(id)));
    if (direction === 'indent') holds('the previous sibling becomes the parent', after[parentIndex(after, index)].id === pages[previousSiblingIndex(pages, index)].id);
    // Indent then outdent is the same outline; outdent then indent too, when the outdent took no
    // following siblings as children and the page can go back under the page it was under.
    const back = moved(after, index, direction === 'indent' ? 'outdent' : 'indent');
    if (direction === 'indent' || (back !== null && grown.length === before.get(id)!.length)) holds('the reverse move undoes it', isDeepStrictEqual(back, pages));
  }
  return { after, broken };
}

describe('outline moves', () => {
  it('every outline of up to 6 pages with levels 0..3: every page, every direction', () => {
    let checked = 0;
    const failures: unknown[] = [];
    for (let n = 1; n <= 6; n++) {
      for (const pages of allOutlines(n, 3)) {
        for (let index = 0; index < n; index++) {
          for (const direction of moveDirections) {
            const { broken } = checkMove(pages, index, direction);
            if (broken.length > 0 && failures.length < 5) failures.push({ levels: pages.map((p) => p.level), index, direction, broken });
            checked++;
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(4 * [1, 2, 3, 4, 5, 6].reduce((sum, n) => sum + n * 4 ** n, 0));
  });

  it('examples', () => {
    // A0 B1 C1 D2 E0: C (with D) goes up past B, B down past C; E has no previous sibling at level 0 but A.
    const pages = outline([0, 1, 1, 2, 0]);
    expect(ids(moved(pages, 2, 'up')!)).toEqual([0, 2, 3, 1, 4]);
    expect(ids(moved(pages, 1, 'down')!)).toEqual([0, 2, 3, 1, 4]);
    expect(ids(moved(pages, 4, 'up')!)).toEqual([4, 0, 1, 2, 3]);
    expect(moved(pages, 1, 'up')).toBeNull();
    expect(moved(pages, 3, 'down')).toBeNull();
    expect(moved(pages, 0, 'outdent')).toBeNull();
    // A level skipped: B2 under A0, then C1, also A's child, but of another level: no siblings.
    const skipped = outline([0, 2, 1]);
    expect(possibleMoves(skipped, 2)).toEqual({ up: false, down: false, indent: false, outdent: true });
    expect(possibleMoves(skipped, 1)).toEqual({ up: false, down: false, indent: false, outdent: true });
    // Indent is refused when the subtree would pass the deepest level.
    const deep = outline([0, 0, MAX_LEVEL]);
    expect(possibleMoves(deep, 1)).toEqual({ up: true, down: false, indent: false, outdent: false });
    expect(moved(deep, 1, 'indent')).toBeNull();
  });

  const levelArb = fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 0, max: 5 }) }, { weight: 1, arbitrary: fc.integer({ min: MAX_LEVEL - 2, max: MAX_LEVEL }) });

  it('random outlines and runs of moves agree with the forest model and keep every invariant', () => {
    fc.assert(
      fc.property(
        fc.array(levelArb, { minLength: 1, maxLength: 40 }),
        fc.array(fc.record({ pick: fc.nat(), direction: fc.constantFrom(...moveDirections) }), { maxLength: 40 }),
        (levels, moves) => {
          let pages = outline(levels);
          for (const { pick, direction } of moves) {
            const { after, broken } = checkMove(pages, pick % pages.length, direction);
            expect({ index: pick % pages.length, direction, broken }).toEqual({ index: pick % pages.length, direction, broken: [] });
            pages = after ?? pages;
          }
        },
      ),
    );
  });
});
