// The kept outline's own rules (src/reading/live-outline.ts) against outline.ts and moves.ts on
// random outlines: parents, subtrees' moves, finding a page by its position, and what a visitor of
// each class sees.
import fc from 'fast-check';
import { possibleMoves } from '../../../src/outline/moves';
import { ancestorIndexes } from '../../../src/outline/outline';
import type { OutlineRow } from '../../../src/pages/outline-rows.query';
import { LiveOutline } from '../../../src/reading/live-outline';
import { mayReadPage, visibleOutline, visitorClasses } from '../../../src/reading/visibility';
import { views, type View } from '../../../src/vocabulary';

const stamp = { createdAt: 'x', outlineVersion: 1, changes: 1 };

const outline = fc.array(fc.record({ step: fc.integer({ min: -5, max: 2 }), gap: fc.integer({ min: 1, max: 3 }), view: fc.constantFrom<View | null>(null, ...views) }), { maxLength: 200 })
  .map((raw) => {
    let level = 0;
    let pos = 0;
    return raw.map(({ step, gap, view }, i): OutlineRow => {
      level = i === 0 ? 0 : Math.max(0, Math.min(100, level + step));
      pos += gap;
      return { pageId: 1000 + i, contentId: `c${i}`, title: `T${i}`, level, view, pos };
    });
  });

describe('LiveOutline', () => {
  it('gives each page the moves, ancestors and position that the outline rules give', () => {
    fc.assert(fc.property(outline, (rows) => {
      const live = new LiveOutline(stamp, rows);
      rows.forEach((row, i) => {
        expect(live.movesOf(i)).toEqual(possibleMoves(rows, i));
        expect(live.ancestorsOf(i)).toEqual(ancestorIndexes(rows, i));
        expect(live.indexAt(row.pos)).toBe(i);
        expect(live.indexAt(row.pos + 0.5)).toBe(-1);
        expect(live.indexOf(row.contentId, row.pos)).toBe(i);
        expect(live.indexOf(row.contentId, -1)).toBe(i);
      });
      expect(live.indexOf('nope', null)).toBe(-1);
    }));
  });

  it('shows each visitor class what the visibility rules give, and hides from search exactly the pages it may not read', () => {
    fc.assert(fc.property(outline, fc.constantFrom<View>(...views), (rows, baseView) => {
      const live = new LiveOutline(stamp, rows);
      for (const visitor of visitorClasses) {
        const readable = (row: OutlineRow) => mayReadPage(row.view, baseView, visitor);
        const expected = visibleOutline(rows, readable);
        const got = live.visibleFor(visitor, baseView);
        expect([Array.from(got.indexes), Array.from(got.parents), Array.from(got.depths)]).toEqual([Array.from(expected.indexes), Array.from(expected.parents), Array.from(expected.depths)]);
        const hidden = live.hiddenFor(visitor, baseView);
        const hiddenIds = rows.filter((row) => !readable(row)).map((row) => row.pageId);
        expect(hidden === null ? [] : hidden.toArray()).toEqual(hiddenIds);
      }
    }));
  });

  it('catches up appended roots, titles and views, and refuses what it cannot tell', () => {
    const rows: OutlineRow[] = [
      { pageId: 1, contentId: 'a', title: 'A', level: 0, view: null, pos: 0 },
      { pageId: 2, contentId: 'b', title: 'B', level: 1, view: null, pos: 1 },
    ];
    const live = new LiveOutline(stamp, rows);
    const at = (outlineVersion: number, livePages: number) => ({ stamp: { createdAt: 'x', outlineVersion, changes: 9 }, livePages });
    const page = (p: Partial<OutlineRow> & { contentId: string }) => ({ ...rows.find((r) => r.contentId === p.contentId) ?? { pageId: 3, title: 'C', level: 0, view: null, pos: 5 }, live: true, ...p });
    const appended = live.caughtUp(at(3, 3), [page({ contentId: 'c' }), page({ contentId: 'a', title: 'A2' })])!;
    expect(appended.rows.map((r) => `${r.title}${r.level}`)).toEqual(['A20', 'B1', 'C0']);
    expect(appended.visibleFor('anonymous', 'O').size).toBe(3);
    expect(appended.ancestorsOf(2)).toEqual([]);
    expect(appended.movesOf(2)).toEqual(possibleMoves(appended.rows, 2));
    expect(live.caughtUp(at(1, 2), [page({ contentId: 'b', view: 'L' })])!.visibleFor('anonymous', 'O').size).toBe(1);
    // A level change moves the subtree; a delete lifts the descendants.
    const deeper = live.caughtUp(at(2, 2), [page({ contentId: 'b', level: 3 })])!;
    expect(deeper.rows.map((r) => `${r.title}${r.level}`)).toEqual(['A0', 'B3']);
    expect(live.caughtUp(at(2, 2), [page({ contentId: 'a', level: 1 })])!.rows.map((r) => `${r.title}${r.level}`)).toEqual(['A1', 'B2']);
    const gone = live.caughtUp(at(2, 1), [{ ...page({ contentId: 'a' }), live: false, pos: null }])!;
    expect(gone.rows.map((r) => `${r.title}${r.level}`)).toEqual(['B0']);
    expect(gone.ancestorsOf(0)).toEqual([]);
    expect(gone.indexAt(1)).toBe(0);
    // A version move no stamped page explains; two shifting changes; a page elsewhere than its subtree's move puts it;
    // a page gone that the outline does not hold; a created page not at level 0; a count that disagrees.
    expect(live.caughtUp(at(2, 2), [])).toBeNull();
    expect(live.caughtUp(at(3, 1), [{ ...page({ contentId: 'a' }), live: false, pos: null }, page({ contentId: 'b', level: 2 })])).toBeNull();
    expect(live.caughtUp(at(2, 2), [page({ contentId: 'a', level: 1 }), page({ contentId: 'b', level: 1 })])).toBeNull();
    expect(live.caughtUp(at(2, 1), [{ ...page({ contentId: 'z' }), live: false, pos: null }])).toBeNull();
    expect(live.caughtUp(at(2, 3), [page({ contentId: 'c', level: 1 })])).toBeNull();
    expect(live.caughtUp(at(2, 4), [page({ contentId: 'c' })])).toBeNull();
    // A trashed page written while the outline stood still changes nothing.
    expect(live.caughtUp(at(1, 2), [{ ...page({ contentId: 'z' }), live: false, pos: null }])!.rows).toEqual(rows);
  });
});
