// Table tests for the outline rules (design/decisions.md, "The outline (order and level)").
import {
  ancestorIndexes,
  ancestorsFromNearest,
  appendPage,
  buildTree,
  changeLevel,
  descendantsEnd,
  levelShift,
  parentIndex,
  removePage,
  walkTree,
} from '../../../src/outline/outline';
import { OutlineError } from '../../../src/outline/outline-error';
import { MAX_LEVEL, TREE_LEVELS } from '../../../src/outline/limits';

interface P {
  id: string;
  level: number;
}

/** Pages from a compact spec: 'A0 B1 C2' is A at level 0, B at level 1, C at level 2. */
function outline(spec: string): P[] {
  return spec
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => ({ id: token.replace(/\d+$/, ''), level: Number(token.match(/\d+$/)![0]) }));
}

/** The compact spec of pages, the inverse of `outline`. */
function spec(pages: readonly P[]): string {
  return pages.map((p) => `${p.id}${p.level}`).join(' ');
}

const idx = (pages: readonly P[], id: string) => pages.findIndex((p) => p.id === id);

interface Node {
  id: string;
  level: number;
  children: Node[];
}

/** The tree as 'A(B C(D)) E': each node's id, its children in parentheses. */
function shape(nodes: readonly Node[]): string {
  return nodes.map((n) => (n.children.length ? `${n.id}(${shape(n.children)})` : n.id)).join(' ');
}

describe('parentIndex', () => {
  it.each<[string, string, string | null]>([
    ['A0 B1', 'B', 'A'],
    ['A0 B1 C2', 'C', 'B'],
    ['A0 B1 C1', 'C', 'A'], // a same-level page before is a sibling, not the parent
    ['A0 B1 C2 D1', 'D', 'A'],
    ['A0 B2 C1', 'C', 'A'], // B is deeper than C, so it is skipped
    ['A0 B1 C3 D2', 'D', 'B'],
    ['A0 B3', 'B', 'A'], // a level jump still has the nearest lower page as parent
    ['A1 B0 C2', 'C', 'B'],
    ['A0 B1 C0 D1', 'D', 'C'],
  ])('parent is the nearest earlier page with a lower level: %s, parent of %s is %s', (s, id, parent) => {
    const pages = outline(s);
    expect(parentIndex(pages, idx(pages, id))).toBe(parent === null ? -1 : idx(pages, parent));
  });

  it.each<[string, string]>([
    ['A0', 'A'],
    ['A0 B0', 'B'],
    ['A1', 'A'], // level 1 at the very start
    ['A2 B1', 'B'], // only a deeper page before it
    ['A1 B1', 'B'],
    ['A0 B1 C0', 'C'],
  ])('a page with no lower-level page before it is a root: %s, %s', (s, id) => {
    const pages = outline(s);
    expect(parentIndex(pages, idx(pages, id))).toBe(-1);
    expect(ancestorIndexes(pages, idx(pages, id))).toEqual([]);
  });
});

describe('descendantsEnd', () => {
  it.each<[string, string, string[]]>([
    ['A0', 'A', []],
    ['A0 B1 C2 D1 E0', 'A', ['B', 'C', 'D']],
    ['A0 B1 C2 D1 E0', 'B', ['C']],
    ['A0 B1 C2 D1 E0', 'C', []],
    ['A0 B1 C2 D1 E0', 'E', []],
    ['A1 B2 C0 D2', 'A', ['B']], // stops at the lower C, D is not A's even though deeper
    ['A1 B3 C2 D1', 'A', ['B', 'C']],
    ['A0 B0 C1', 'A', []], // a same-level page ends the range at once
    ['A0 B5 C9 D1', 'A', ['B', 'C', 'D']],
  ])(
    'descendants are the contiguous following pages with a higher level, up to the first with level <= own: %s, %s',
    (s, id, descendants) => {
      const pages = outline(s);
      const i = idx(pages, id);
      const end = descendantsEnd(pages, i);
      expect(pages.slice(i + 1, end).map((p) => p.id)).toEqual(descendants);
    },
  );
});

describe('ancestorIndexes', () => {
  it.each<[string, string, string[]]>([
    ['A0 B1 C2 D3', 'D', ['A', 'B', 'C']],
    ['A0 B1 C2 D1 E2', 'E', ['A', 'D']],
    ['A0 B2 C1 D3', 'D', ['A', 'C']],
    ['A0 B1 C0 D2 E1 F3', 'F', ['C', 'E']],
    ['A1 B0 C3', 'C', ['B']],
    ['A0 B4 C2 D3', 'D', ['A', 'C']],
  ])('ancestors (the path) are listed root first: %s, %s', (s, id, ancestors) => {
    const pages = outline(s);
    expect(ancestorIndexes(pages, idx(pages, id)).map((i) => pages[i].id)).toEqual(ancestors);
  });
});

describe('changeLevel', () => {
  it.each<[string, string, number, string]>([
    // self 0→1, its children 1→2
    ['A0 B0 C1 D1 E0', 'B', 1, 'A0 B1 C2 D2 E0'],
    ['A0 B1 C2 D3 E1', 'B', 2, 'A0 B2 C3 D4 E1'],
    // the jumps inside the subtree are kept
    ['A0 B1 C3 D2', 'B', 4, 'A0 B4 C6 D5'],
    // no descendants: only the page moves
    ['A0 B1 C1', 'C', 3, 'A0 B1 C3'],
    // same level: nothing changes
    ['A0 B1 C2', 'B', 1, 'A0 B1 C2'],
  ])('shifts the page and all its descendants by the same difference: %s, %s → %i', (s, id, level, expected) => {
    const pages = outline(s);
    expect(spec(changeLevel(pages, idx(pages, id), level))).toBe(expected);
  });

  it.each<[string, string, number, string]>([
    ['A0 B1 C2 D3 E4 F2', 'C', 0, 'A0 B1 C0 D1 E2 F2'],
    ['A0 B2 C3 D1', 'B', 0, 'A0 B0 C1 D1'],
    ['A0 B1 C2 D3 E1', 'C', 1, 'A0 B1 C1 D2 E1'],
  ])('moving up shifts the descendants up as well (2→0): %s, %s → %i', (s, id, level, expected) => {
    const pages = outline(s);
    expect(spec(changeLevel(pages, idx(pages, id), level))).toBe(expected);
  });

  it('keeps the other fields and does not mutate its input', () => {
    const pages = [
      { id: 'A', level: 0, title: 'a' },
      { id: 'B', level: 1, title: 'b' },
    ];
    const before = structuredClone(pages);
    const after = changeLevel(pages, 0, 2);
    expect(pages).toEqual(before);
    expect(after).toEqual([
      { id: 'A', level: 2, title: 'a' },
      { id: 'B', level: 3, title: 'b' },
    ]);
  });

  it.each<[string, string, number]>([
    ['A0', 'A', MAX_LEVEL + 1],
    ['A0 B1', 'A', MAX_LEVEL], // B would be at MAX_LEVEL + 1
    ['A0 B1 C3 D1', 'A', MAX_LEVEL - 2], // the deepest descendant C would be at MAX_LEVEL + 1
    ['A0 B1 C2', 'B', MAX_LEVEL],
  ])(`that would push the page or a descendant past ${MAX_LEVEL} throws OutlineError: %s, %s → %i`, (s, id, level) => {
    const pages = outline(s);
    expect(() => changeLevel(pages, idx(pages, id), level)).toThrow(OutlineError);
  });

  it.each<[string, string, number, string]>([
    ['A0', 'A', MAX_LEVEL, `A${MAX_LEVEL}`],
    ['A0 B1', 'A', MAX_LEVEL - 1, `A${MAX_LEVEL - 1} B${MAX_LEVEL}`],
    ['A0 B1 C3 D1', 'A', MAX_LEVEL - 3, `A${MAX_LEVEL - 3} B${MAX_LEVEL - 2} C${MAX_LEVEL} D${MAX_LEVEL - 2}`],
    // a page after the subtree (C) does not count, however deep
    [`A0 B1 C0 D${MAX_LEVEL}`, 'B', MAX_LEVEL, `A0 B${MAX_LEVEL} C0 D${MAX_LEVEL}`],
  ])(`up to ${MAX_LEVEL} is accepted: %s, %s → %i`, (s, id, level, expected) => {
    const pages = outline(s);
    expect(spec(changeLevel(pages, idx(pages, id), level))).toBe(expected);
  });
});

describe('levelShift', () => {
  it('returns the difference, and refuses when the deepest would pass the limit', () => {
    expect(levelShift(0, 1, 1)).toBe(1);
    expect(levelShift(2, 4, 0)).toBe(-2);
    expect(levelShift(3, 3, 3)).toBe(0);
    expect(levelShift(0, 5, MAX_LEVEL - 5)).toBe(MAX_LEVEL - 5);
    expect(() => levelShift(0, 5, MAX_LEVEL - 4)).toThrow(OutlineError);
    expect(() => levelShift(0, 0, MAX_LEVEL + 1)).toThrow(OutlineError);
  });

  it('says which level is refused and why', () => {
    let caught: unknown;
    try {
      levelShift(0, 5, 96);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(OutlineError);
    expect(caught).toBeInstanceOf(Error);
    expect((caught as OutlineError).name).toBe('OutlineError');
    expect((caught as OutlineError).message).toBe(
      'level 96 would put a descendant of this page at level 101; the deepest level is 100.',
    );
  });
});

describe('removePage', () => {
  it.each<[string, string, string]>([
    ['A0 B1 C2 D1 E0', 'B', 'A0 C1 D1 E0'],
    ['A0 B1 C2 D3 E1', 'B', 'A0 C1 D2 E1'],
    ['A0 B1 C2 D1 E0', 'A', 'B0 C1 D0 E0'],
    ['A0 B1 C1', 'C', 'A0 B1'], // last page, no descendants
    ['A0 B1 C0 D1', 'A', 'B0 C0 D1'], // C's subtree is not A's
    ['A0 B3 C1', 'A', 'B2 C0'], // every descendant goes up by exactly one
    ['A0', 'A', ''],
  ])('lifts the descendants one level and keeps the rest: %s, remove %s', (s, id, expected) => {
    const pages = outline(s);
    expect(spec(removePage(pages, idx(pages, id)))).toBe(expected);
  });
});

describe('appendPage', () => {
  it.each<[string, string]>([
    ['', 'X0'],
    ['A0', 'A0 X0'],
    ['A0 B1 C2', 'A0 B1 C2 X0'],
  ])("puts the new page at the end, at level 0: append to '%s'", (s, expected) => {
    const pages = outline(s);
    expect(spec(appendPage<P>(pages, { id: 'X' }))).toBe(expected);
    expect(spec(pages)).toBe(spec(outline(s))); // input unchanged
  });
});

describe('buildTree', () => {
  it.each<[string, string]>([
    ['', ''],
    ['A0 B1 C2 D1 E0', 'A(B(C) D) E'],
    ['A0 B0 C0', 'A B C'],
    ['A0 B1 C1 D1', 'A(B C D)'],
    ['A0 B2 C1', 'A(B C)'], // level jump: B is a child of A, C a sibling of B
  ])(`nests levels 0..${TREE_LEVELS - 1} only, in display order: '%s'`, (s, expected) => {
    expect(shape(buildTree(outline(s), TREE_LEVELS))).toBe(expected);
  });

  it.each<[string, string]>([
    ['A0 B1 C2 D3 E4', 'A(B(C))'],
    ['A3 B0', 'B'],
    ['A0 B3 C5', 'A'],
  ])('leaves deeper pages out: %s', (s, expected) => {
    expect(shape(buildTree(outline(s), TREE_LEVELS))).toBe(expected);
  });

  it.each<[string, string]>([
    ['A1 B0 C1', 'A B(C)'],
    ['A1 B2 C0', 'A(B) C'],
    ['A2 B1 C0', 'A B C'],
    ['A1 B1', 'A B'],
  ])('a level-1 page at the very start is a root: %s', (s, expected) => {
    expect(shape(buildTree(outline(s), TREE_LEVELS))).toBe(expected);
  });

  it.each<[string, string]>([
    ['A0 B1 C3 D1', 'A(B D)'],
    ['A0 B1 C3 D2', 'A(B(D))'],
    ['A0 B2 C3 D4 E2 F1', 'A(B E F)'],
    ['A0 B1 C5 D0 E1', 'A(B) D(E)'],
  ])('siblings after a deeper excluded page attach to the right parent: %s', (s, expected) => {
    expect(shape(buildTree(outline(s), TREE_LEVELS))).toBe(expected);
  });

  it('keeps the other fields on the nodes', () => {
    const tree = buildTree([{ id: 'A', level: 0, title: 'a' }], TREE_LEVELS);
    expect(tree).toEqual([{ id: 'A', level: 0, title: 'a', children: [] }]);
  });
});

describe('ancestorsFromNearest', () => {
  const at = (position: number | null) => (position === null ? null : { position });

  it.each<[(number | null)[], number[]]>([
    [[], []],
    [[1], [1]],
    [[1, 2, 3], [1, 2, 3]],
    // L2 at 3 lies before L1 at 5, so a level-1 page sits between it and the page: not an ancestor
    [[1, 5, 3], [1, 5]],
    [[7, 5, 3], [7]], // the nearest root is after every deeper candidate
    [[1, 5, 3, 6], [1, 5, 6]],
    [[null, 4], [4]], // no root before: a level-1 page is the top ancestor
    [[2, null, 3], [2, 3]], // a level with no page is skipped
    [[null, null], []],
    [[0, 9, 4, 8, 10], [0, 9, 10]],
  ])(
    'keeps the nearest pages that are later than every nearest page of a lower level: %j',
    (nearest, ancestors) => {
      expect(ancestorsFromNearest(nearest.map(at)).map((p) => p.position)).toEqual(ancestors);
    },
  );

  it('agrees with ancestorIndexes on a concrete outline', () => {
    // positions:      0  1  2  3  4  5  6
    const pages = outline('A0 B1 C2 D1 E3 F2 G4');
    for (let i = 0; i < pages.length; i++) {
      const nearest = Array.from({ length: pages[i].level }, (_, l) => {
        for (let j = i - 1; j >= 0; j--) if (pages[j].level === l) return { position: j };
        return null;
      });
      expect({ page: pages[i].id, ancestors: ancestorsFromNearest(nearest).map((p) => p.position) }).toEqual({
        page: pages[i].id,
        ancestors: ancestorIndexes(pages, i),
      });
    }
  });
});

describe('walkTree', () => {
  it('enters and leaves nodes in nesting order and skips pages of level 3 and deeper', () => {
    const pages = [
      { id: 'a', level: 0 }, { id: 'b', level: 1 }, { id: 'c', level: 3 }, { id: 'd', level: 2 }, { id: 'e', level: 0 },
    ];
    const events: string[] = [];
    walkTree(pages, 3, { enter: (p) => events.push(`+${p.id}`), leave: (p) => events.push(`-${p.id}`) });
    expect(events).toEqual(['+a', '+b', '+d', '-d', '-b', '-a', '+e', '-e']);
  });
});
