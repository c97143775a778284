// Property tests: random command sequences run against outline.ts and against a naive reference
// model written straight from the rules in design/decisions.md, "The outline (order and level)".
// A failing expect inside a property makes fast-check shrink and print the command sequence.
import fc from 'fast-check';
import {
  ancestorIndexes,
  ancestorsFromNearest,
  appendPage,
  buildTree,
  changeLevel,
  descendantsEnd,
  parentIndex,
  removePage,
} from '../../../src/outline/outline';
import { OutlineError } from '../../../src/outline/outline-error';
import { MAX_LEVEL, TREE_LEVELS } from '../../../src/outline/limits';

interface P {
  id: number;
  level: number;
}

// ---------------------------------------------------------------------------------------------
// The reference model. Deliberately brute force; it shares no code with outline.ts.
// ---------------------------------------------------------------------------------------------

/**
 * j is an ancestor of i when j comes before i, has a lower level, and every page strictly
 * between them is deeper than j (nothing at j's level or above separates them).
 */
function refIsAncestor(pages: readonly P[], j: number, i: number): boolean {
  if (!(j < i)) return false;
  if (!(pages[j].level < pages[i].level)) return false;
  for (let k = j + 1; k < i; k++) {
    if (!(pages[k].level > pages[j].level)) return false;
  }
  return true;
}

/** All ancestors of i, in display order (root first). */
function refAncestors(pages: readonly P[], i: number): number[] {
  const out: number[] = [];
  for (let j = 0; j < pages.length; j++) if (refIsAncestor(pages, j, i)) out.push(j);
  return out;
}

/** The parent: the nearest earlier page with a lower level, found by a plain backwards scan. */
function refParent(pages: readonly P[], i: number): number {
  let parent = -1;
  for (let j = 0; j < i; j++) if (pages[j].level < pages[i].level) parent = j;
  return parent;
}

/** The descendants of i: every page that has i among its ancestors. */
function refDescendants(pages: readonly P[], i: number): number[] {
  const out: number[] = [];
  for (let j = 0; j < pages.length; j++) if (refIsAncestor(pages, i, j)) out.push(j);
  return out;
}

function refAppend(pages: readonly P[], id: number): P[] {
  const copy = pages.map((p) => ({ ...p }));
  copy.push({ id, level: 0 });
  return copy;
}

/** Returns null when the change must be refused (some page would go past MAX_LEVEL). */
function refChangeLevel(pages: readonly P[], i: number, newLevel: number): P[] | null {
  const d = newLevel - pages[i].level;
  const moving = [i, ...refDescendants(pages, i)];
  const copy = pages.map((p) => ({ ...p }));
  for (const k of moving) {
    copy[k].level += d;
    if (copy[k].level > MAX_LEVEL) return null;
  }
  return copy;
}

function refRemove(pages: readonly P[], i: number): P[] {
  const descendants = refDescendants(pages, i);
  const copy: P[] = [];
  for (let k = 0; k < pages.length; k++) {
    if (k === i) continue;
    const level = descendants.includes(k) ? pages[k].level - 1 : pages[k].level;
    copy.push({ id: pages[k].id, level });
  }
  return copy;
}

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

type Command =
  | { kind: 'append' }
  | { kind: 'level'; pick: number; level: number }
  | { kind: 'remove'; pick: number };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Command>({ kind: 'append' }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('level' as const),
      pick: fc.nat(),
      level: fc.integer({ min: 0, max: 6 }),
    }),
  },
  {
    // now and then a level near the limit, so that refusals happen
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('level' as const),
      pick: fc.nat(),
      level: fc.integer({ min: MAX_LEVEL - 6, max: MAX_LEVEL + 1 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
);

// size 'max': lengths spread over 0..60, so outlines of 20+ pages and refusals near MAX_LEVEL occur
const commandsArb = fc.array(commandArb, { maxLength: 60, size: 'max' });

/** Runs the commands on both sides, checking after each step; returns the final outline. */
function run(commands: readonly Command[], check: (pages: readonly P[]) => void): P[] {
  let real: P[] = [];
  let ref: P[] = [];
  let nextId = 1;
  for (const c of commands) {
    if (c.kind === 'append') {
      real = appendPage<P>(real, { id: nextId });
      ref = refAppend(ref, nextId);
      nextId++;
    } else if (ref.length === 0) {
      continue;
    } else if (c.kind === 'level') {
      const i = c.pick % ref.length;
      const expected = refChangeLevel(ref, i, c.level);
      if (expected === null) {
        // level c.level at i is refused, and nothing changes
        const before = structuredClone(real);
        expect(() => changeLevel(real, i, c.level)).toThrow(OutlineError);
        expect(real).toEqual(before);
      } else {
        real = changeLevel(real, i, c.level);
        ref = expected;
      }
    } else {
      const i = c.pick % ref.length;
      real = removePage(real, i);
      ref = refRemove(ref, i);
    }
    expect({ after: c, outline: real }).toEqual({ after: c, outline: ref });
    check(real);
  }
  return real;
}

/** The dense display position of each id, as the service reports it in `order`. */
function orderOf(pages: readonly P[]): Map<number, number> {
  return new Map(pages.map((p, i) => [p.id, i]));
}

interface Node {
  id: number;
  level: number;
  children: Node[];
}

const NUM_RUNS = 400;

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

describe('outline properties', () => {
  it('outline.ts matches the reference model: same ids, same order, same levels after every command', () => {
    fc.assert(
      fc.property(commandsArb, (commands) => {
        run(commands, () => {});
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('ids keep their relative order and positions stay dense 0..n-1 and unique', () => {
    fc.assert(
      fc.property(commandsArb, (commands) => {
        let previous: P[] = [];
        run(commands, (pages) => {
          const order = orderOf(pages);
          // unique ids, one position each
          expect(order.size).toBe(pages.length);
          expect([...order.values()].sort((a, b) => a - b)).toEqual(pages.map((_, i) => i));
          // the pages present before and after a command keep their relative order
          const kept = previous.filter((p) => order.has(p.id)).map((p) => p.id);
          const now = pages.filter((p) => previous.some((q) => q.id === p.id)).map((p) => p.id);
          expect(now).toEqual(kept);
          // ids are handed out increasingly and only appended, so the list is sorted by id
          expect(pages.map((p) => p.id)).toEqual(pages.map((p) => p.id).sort((a, b) => a - b));
          for (const p of pages) expect(p.level >= 0 && p.level <= MAX_LEVEL && Number.isInteger(p.level)).toBe(true);
          previous = [...pages];
        });
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('parentIndex, ancestorIndexes and descendantsEnd agree with the brute-force definitions', () => {
    fc.assert(
      fc.property(commandsArb, (commands) => {
        run(commands, (pages) => {
          for (let i = 0; i < pages.length; i++) {
            const end = descendantsEnd(pages, i);
            expect({
              index: i,
              parent: parentIndex(pages, i),
              ancestors: ancestorIndexes(pages, i),
              descendants: Array.from({ length: end - i - 1 }, (_, k) => i + 1 + k),
            }).toEqual({
              index: i,
              parent: refParent(pages, i),
              ancestors: refAncestors(pages, i),
              descendants: refDescendants(pages, i),
            });
          }
        });
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('ancestorsFromNearest, fed the nearest earlier page of each lower level, gives the ancestors', () => {
    fc.assert(
      fc.property(commandsArb, fc.integer({ min: 1, max: 5 }), (commands, spacing) => {
        run(commands, (pages) => {
          for (let i = 0; i < pages.length; i++) {
            const nearest: ({ position: number; index: number } | null)[] = [];
            for (let l = 0; l < pages[i].level; l++) {
              let found: { position: number; index: number } | null = null;
              for (let j = 0; j < i; j++) {
                // position: any increasing key will do (a `seq` with gaps), not just the index
                if (pages[j].level === l) found = { position: j * spacing, index: j };
              }
              nearest.push(found);
            }
            expect({ index: i, ancestors: ancestorsFromNearest(nearest).map((c) => c.index) }).toEqual({
              index: i,
              ancestors: ancestorIndexes(pages, i),
            });
          }
        });
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('buildTree: preorder is the list filtered to the tree levels; each child hangs under its parent', () => {
    fc.assert(
      fc.property(commandsArb, (commands) => {
        run(commands, (pages) => {
          const tree = buildTree(pages, TREE_LEVELS) as Node[];
          const order = orderOf(pages);
          const flat: number[] = [];
          const walk = (nodes: readonly Node[], parent: Node | null) => {
            for (const n of nodes) {
              flat.push(n.id);
              const i = order.get(n.id)!;
              expect(n.level).toBe(pages[i].level);
              const p = parentIndex(pages, i);
              expect({ node: n.id, parent: parent === null ? -1 : order.get(parent.id) }).toEqual({ node: n.id, parent: p });
              walk(n.children, n);
            }
          };
          walk(tree, null);
          expect(flat).toEqual(pages.filter((p) => p.level < TREE_LEVELS).map((p) => p.id));
        });
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
