// The outline rules of the design decisions ("The outline") as PagesService and the tree rows keep
// them on each backend. Outlines are written 'A0 B1 C2': page A at level 0, B at 1, C at 2.
import { MAX_LEVEL } from '../../src/outline/limits';
import { describeEachBackend } from '../support/e2e';
import { expectDomainError, Services } from './support';

describeEachBackend('outline through PagesService', (h) => {
  let s: Services;
  beforeAll(() => {
    s = new Services(h());
  });

  it('a level change moves the page and its descendants by the same amount', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B0 C1 D2 E1');
    await s.setLevel(baseId, ids.B, 2);
    expect(await s.outlineSpec(baseId)).toBe('A0 B2 C3 D4 E3');
  });

  it('a level change moves a page up together with its descendants', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B2 C3 D4 E0');
    await s.setLevel(baseId, ids.B, 1);
    expect(await s.outlineSpec(baseId)).toBe('A0 B1 C2 D3 E0');
  });

  it('the descendants end at the first later page whose level is not higher', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B1 C2 D1 E2 F0 G1');
    await s.setLevel(baseId, ids.B, 3);
    expect(await s.outlineSpec(baseId)).toBe('A0 B3 C4 D1 E2 F0 G1');
  });

  it('a level change leaves the pages before the page alone', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A1 B2 C1 D2');
    await s.setLevel(baseId, ids.C, 0);
    expect(await s.outlineSpec(baseId)).toBe('A1 B2 C0 D1');
  });

  it('a deleted page does not end the descendants of an earlier page', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B0 C2');
    await s.pages.delete(baseId, ids.B);
    expect(await s.outlineSpec(baseId)).toBe('A0 C1');
    await s.setLevel(baseId, ids.A, 1);
    expect(await s.outlineSpec(baseId)).toBe('A1 C2');
  });

  it('a level change that would put a descendant past 100 is BAD_REQUEST and changes nothing', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B1 C2 D0');
    const before = await s.pages.detail(baseId, ids.A);
    await expectDomainError(s.pages.update(baseId, ids.A, { level: MAX_LEVEL - 1, title: 'Renamed' }), 'BAD_REQUEST');
    expect(await s.outlineSpec(baseId)).toBe('A0 B1 C2 D0');
    expect(await s.pages.detail(baseId, ids.A)).toEqual(before);
  });

  it('a level change that puts the deepest descendant at exactly 100 is allowed', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B1 C2 D0');
    await s.setLevel(baseId, ids.A, MAX_LEVEL - 2);
    expect(await s.outlineSpec(baseId)).toBe(`A${MAX_LEVEL - 2} B${MAX_LEVEL - 1} C${MAX_LEVEL} D0`);
  });

  it('a page deep elsewhere in the base does not refuse a level change its own descendants fit', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B1 C0 D0');
    await s.setLevel(baseId, ids.D, MAX_LEVEL);
    await s.setLevel(baseId, ids.A, MAX_LEVEL - 2);
    expect(await s.outlineSpec(baseId)).toBe(`A${MAX_LEVEL - 2} B${MAX_LEVEL - 1} C0 D${MAX_LEVEL}`);
    await expectDomainError(s.pages.update(baseId, ids.A, { level: MAX_LEVEL }), 'BAD_REQUEST');
    expect(await s.outlineSpec(baseId)).toBe(`A${MAX_LEVEL - 2} B${MAX_LEVEL - 1} C0 D${MAX_LEVEL}`);
  });

  it('a page without descendants may move to level 100 but not past it', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B0');
    await s.setLevel(baseId, ids.A, MAX_LEVEL);
    await expectDomainError(s.pages.update(baseId, ids.B, { level: MAX_LEVEL + 1 }), 'BAD_REQUEST');
    expect(await s.outlineSpec(baseId)).toBe(`A${MAX_LEVEL} B0`);
  });

  it('delete lifts the descendants of the page one level, and only them', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B1 C2 D3 E2 F1 G2');
    await s.pages.delete(baseId, ids.C);
    expect(await s.outlineSpec(baseId)).toBe('A0 B1 D2 E2 F1 G2');
  });

  it('delete compacts the order of the following pages', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B0 C0 D0');
    await s.pages.delete(baseId, ids.B);
    expect((await s.list(baseId)).pages.map((p) => [p.title, p.order])).toEqual([['A', 0], ['C', 1], ['D', 2]]);
  });

  it('the path of a page is its ancestors root first, then its own title', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B1 C2 D3 E1 F2');
    expect(await s.pathOf(baseId, ids.D)).toEqual(['A', 'B', 'C', 'D']);
    expect(await s.pathOf(baseId, ids.F)).toEqual(['A', 'E', 'F']);
    expect(await s.pathOf(baseId, ids.A)).toEqual(['A']);
  });

  it('the path keeps every title exactly, spaces and digits included', async () => {
    const baseId = await s.newBase();
    const titles = ['12 34', 'Getting  started guide', '設定 の 利用者', 'x'];
    const ids: string[] = [];
    for (const title of titles) ids.push((await s.addPage(baseId, { title })).contentId);
    for (const [i, id] of ids.entries()) if (i > 0) await s.setLevel(baseId, id, i);
    expect(await s.pathOf(baseId, ids[3])).toEqual(titles);
  });

  it('the path skips a deeper earlier page that a lower page closes', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B2 C1 D3');
    expect(await s.pathOf(baseId, ids.D)).toEqual(['A', 'C', 'D']);
    expect(await s.pathOf(baseId, ids.B)).toEqual(['A', 'B']);
  });

  it('a page with no lower page before it has only its own title as path', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A2 B3');
    expect(await s.pathOf(baseId, ids.A)).toEqual(['A']);
    expect(await s.pathOf(baseId, ids.B)).toEqual(['A', 'B']);
  });

  it('the path leaves out a deleted ancestor', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B1 C2 D3');
    await s.pages.delete(baseId, ids.B);
    expect(await s.pathOf(baseId, ids.D)).toEqual(['A', 'C', 'D']);
  });

  it('the path follows a level change of an ancestor', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B1 C0 D1');
    await s.setLevel(baseId, ids.C, 1);
    expect(await s.pathOf(baseId, ids.D)).toEqual(['A', 'C', 'D']);
  });

  it('the path shows the current title of an ancestor', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B1');
    await s.pages.update(baseId, ids.A, { title: 'Renamed' });
    expect(await s.pathOf(baseId, ids.B)).toEqual(['Renamed', 'B']);
  });

  it('the path of a page at level 100 lists every ancestor', async () => {
    const baseId = await s.newBase();
    const titles = Array.from({ length: 6 }, (_, i) => `L${i}`);
    const ids: string[] = [];
    for (const title of titles) ids.push((await s.addPage(baseId, { title })).contentId);
    for (const [i, id] of ids.entries()) await s.setLevel(baseId, id, i === 0 ? 0 : MAX_LEVEL - ids.length + 1 + i);
    expect(await s.pathOf(baseId, ids[ids.length - 1])).toEqual(titles);
  });

  it('the tree rows are the live pages with a level below the limit, in display order', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B1 C2 D3 E1 F0 G2');
    await s.pages.delete(baseId, ids.E);
    expect(await s.trees.rows(s.db.reader, baseId, 3)).toEqual([
      { contentId: ids.A, title: 'A', level: 0 },
      { contentId: ids.B, title: 'B', level: 1 },
      { contentId: ids.C, title: 'C', level: 2 },
      { contentId: ids.F, title: 'F', level: 0 },
      { contentId: ids.G, title: 'G', level: 2 },
    ]);
    expect((await s.trees.rows(s.db.reader, baseId, 1)).map((r) => r.title)).toEqual(['A', 'F']);
  });
});
