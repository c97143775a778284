// The visibility rules (src/reading/visibility.ts): who reads what by view, and the outline a
// visitor sees, checked against a brute-force model written from the visibility rules the README states: every
// outline of up to 6 pages with every view on each page, then random larger ones (fast-check).
import fc from 'fast-check';
import { ancestorIndexes, parentIndex } from '../../../src/outline/outline';
import {
  effectiveView, mayRead, mayReadPage, visibleOutline, visitorClassOf, visitorClasses, type VisibleOutline, type VisitorClass,
} from '../../../src/reading/visibility';
import { views, type View } from '../../../src/vocabulary';

interface P {
  level: number;
  view: View | null;
}

const ownViews: (View | null)[] = [null, ...views];

/** The model: a visible page's visitor parent is its nearest ancestor (outline.ts) that is visible. */
function model(pages: readonly P[], readable: (i: number) => boolean) {
  const shown = pages.map((_, i) => i).filter(readable);
  return shown.map((i) => {
    const visibleAncestors = ancestorIndexes(pages, i).filter(readable);
    return { index: i, parent: visibleAncestors.length === 0 ? -1 : visibleAncestors[visibleAncestors.length - 1], depth: visibleAncestors.length };
  });
}

/** What the module answers, in the model's terms (outline indexes, not slots). */
function answered(visible: VisibleOutline) {
  return Array.from(visible.indexes, (index, slot) => ({
    index, parent: visible.parents[slot] < 0 ? -1 : visible.indexes[visible.parents[slot]], depth: visible.depths[slot],
  }));
}

/** Everything the module answers for one outline and readability, next to what the model says it must be. */
function answersAndModel(pages: readonly P[], readable: (i: number) => boolean) {
  const visible = visibleOutline(pages, (_, i) => readable(i));
  const expected = model(pages, readable);
  const childrenOf = (slot: number) => Array.from(visible.children(slot));
  const slots = [-1, ...expected.keys()];
  // Children lists: each visible page once, under its visible parent, in display order.
  const expectedChildren = slots.map((slot) => [...expected.keys()].filter((child) => (expected[child].parent < 0 ? -1 : expected.findIndex((e) => e.index === expected[child].parent)) === slot));
  return {
    answered: {
      pages: answered(visible), size: visible.size, slots: pages.map((_, i) => visible.slotOf(i)),
      children: slots.map(childrenOf), counts: slots.map((slot) => visible.childCount(slot)),
      ancestors: [...expected.keys()].map((slot) => visible.ancestors(slot).map((s) => visible.indexes[s])),
    },
    model: {
      pages: expected, size: expected.length, slots: pages.map((_, i) => expected.findIndex((e) => e.index === i)),
      children: expectedChildren, counts: expectedChildren.map((c) => c.length),
      ancestors: expected.map((e) => ancestorIndexes(pages, e.index).filter(readable)),
    },
  };
}

/** Checks one case; compared as JSON first, so the many exhaustive cases cost no expect each. */
function check(pages: readonly P[], readable: (i: number) => boolean): void {
  const both = answersAndModel(pages, readable);
  if (JSON.stringify(both.answered) !== JSON.stringify(both.model)) expect({ outline: pages, ...both.answered }).toEqual({ outline: pages, ...both.model });
}

/** Outlines as the service meets them: any levels, a page at most one deeper than the one before (and also with skipped levels). */
function* outlines(length: number, skips: boolean): Generator<number[]> {
  if (length === 0) {
    yield [];
    return;
  }
  for (const before of outlines(length - 1, skips)) {
    const top = before.length === 0 ? 0 : before[before.length - 1] + (skips ? 2 : 1);
    for (let level = 0; level <= top; level++) yield [...before, level];
  }
}

function* viewings(length: number): Generator<(View | null)[]> {
  if (length === 0) {
    yield [];
    return;
  }
  for (const rest of viewings(length - 1)) for (const view of ownViews) yield [...rest, view];
}

describe('who reads what', () => {
  it('reads O by anyone, I by signed-in users, L by members only', () => {
    const table = Object.fromEntries(views.map((view) => [view, visitorClasses.filter((v) => mayRead(view, v))]));
    expect(table).toEqual({ O: ['anonymous', 'signedIn', 'member'], I: ['signedIn', 'member'], L: ['member'] });
  });

  it('takes the page its own view, else the base view', () => {
    for (const base of views) {
      expect(effectiveView(null, base)).toBe(base);
      for (const own of views) {
        expect(effectiveView(own, base)).toBe(own);
        for (const v of visitorClasses) expect(mayReadPage(own, base, v)).toBe(mayRead(own, v));
      }
    }
  });

  it('tells the visitor classes: any role is a member, no special administrator', () => {
    expect(visitorClassOf(false, null)).toBe('anonymous');
    expect(visitorClassOf(true, null)).toBe('signedIn');
    for (const role of ['reader', 'writer', 'owner'] as const) expect(visitorClassOf(true, role)).toBe('member');
  });
});

describe('the outline a visitor sees', () => {
  it('is right for every outline of up to 3 pages (levels skipped too) with every view on each page, for each visitor and base view', () => {
    let cases = 0;
    for (let length = 0; length <= 3; length++) {
      for (const levels of outlines(length, true)) {
        for (const own of viewings(length)) {
          const pages = levels.map((level, i) => ({ level, view: own[i] }));
          for (const base of views) {
            for (const visitor of visitorClasses) {
              check(pages, (i) => mayReadPage(pages[i].view, base, visitor));
              cases++;
            }
          }
        }
      }
    }
    expect(cases).toBe(9 * (1 + 4 + 3 * 16 + 12 * 64));
  });

  it('is right for every set of visible pages of every outline of up to 5 pages with levels skipped, and of 7 without', () => {
    const cases = [...[0, 1, 2, 3, 4, 5].flatMap((n) => [...outlines(n, true)]), ...outlines(7, false)];
    for (const levels of cases) {
      const pages = levels.map((level) => ({ level, view: null }));
      for (let mask = 0; mask < 1 << pages.length; mask++) check(pages, (i) => (mask & (1 << i)) !== 0);
    }
  });

  const outline = fc.array(fc.record({ step: fc.integer({ min: -6, max: 2 }), view: fc.constantFrom(...ownViews) }), { maxLength: 300 })
    .map((raw) => {
      let level = 0;
      return raw.map(({ step, view }, i) => {
        level = i === 0 ? 0 : Math.max(0, level + step);
        return { level, view };
      });
    });
  const visitor = fc.constantFrom<VisitorClass>(...visitorClasses);
  const baseView = fc.constantFrom<View>(...views);

  it('never shows a hidden page, hangs each from its nearest visible ancestor and keeps the order (random outlines)', () => {
    fc.assert(fc.property(outline, baseView, visitor, (pages, base, v) => {
      const readable = (i: number) => mayReadPage(pages[i].view, base, v);
      const visible = visibleOutline(pages, (_, i) => readable(i));
      const shown = Array.from(visible.indexes);
      // No hidden page; every readable one; in display order.
      expect(shown.every(readable)).toBe(true);
      expect(shown).toEqual(pages.map((_, i) => i).filter(readable));
      shown.forEach((index, slot) => {
        // Its parent: the nearest ancestor that is visible, found by walking up the real outline.
        let p = parentIndex(pages, index);
        while (p >= 0 && !readable(p)) p = parentIndex(pages, p);
        expect(visible.parents[slot] < 0 ? -1 : visible.indexes[visible.parents[slot]]).toBe(p);
        expect(visible.depths[slot]).toBe(visible.parents[slot] < 0 ? 0 : visible.depths[visible.parents[slot]] + 1);
      });
    }));
  });

  it('shows a member the real outline', () => {
    fc.assert(fc.property(outline, baseView, (pages, base) => {
      const visible = visibleOutline(pages, (page) => mayReadPage(page.view, base, 'member'));
      expect(visible.size).toBe(pages.length);
      pages.forEach((_, i) => {
        expect(visible.slotOf(i)).toBe(i);
        expect(visible.parents[i]).toBe(parentIndex(pages, i));
        expect(visible.depths[i]).toBe(ancestorIndexes(pages, i).length);
      });
    }));
  });

  it('matches the model on random outlines', () => {
    fc.assert(fc.property(outline, baseView, visitor, (pages, base, v) => check(pages, (i) => mayReadPage(pages[i].view, base, v))), { numRuns: 200 });
  });

  it('gains appended visible roots as if built again', () => {
    fc.assert(fc.property(outline, baseView, visitor, fc.integer({ min: 1, max: 5 }), (pages, base, v, count) => {
      const readable = (page: P) => mayReadPage(page.view, base, v);
      const longer = [...pages, ...Array.from({ length: count }, () => ({ level: 0, view: 'O' as View }))];
      const grown = visibleOutline(pages, readable).withRootsAppended(count);
      const built = visibleOutline(longer, readable);
      const all = (o: VisibleOutline) => ({
        indexes: Array.from(o.indexes), depths: Array.from(o.depths), parents: Array.from(o.parents), slots: longer.map((_, i) => o.slotOf(i)),
        children: [-1, ...Array.from(o.indexes.keys())].map((slot) => Array.from(o.children(slot))),
      });
      expect(all(grown)).toEqual(all(built));
    }));
  });
});
