// PATCH level and the outline: descendants move with their page, paths follow the hierarchy
// (spec PATCH rules 4 and 8; decisions "The outline (order and level)", "Requests").
import { describeEachBackend, expectError, type TestBase } from '../support/e2e';

async function outline(base: TestBase): Promise<{ id: string; level: number; order: number; title: string }[]> {
  const list = (await base.call('get', base.pagesPath())).body;
  return list.pages.map((p: any) => ({ id: p.content_id, level: p.level, order: p.order, title: p.title }));
}

const levelsOf = async (base: TestBase) => (await outline(base)).map((p) => p.level);
const setLevel = (base: TestBase, contentId: string, level: number) => base.call('patch', base.pagesPath(contentId), { body: { level } });
const pathOf = async (base: TestBase, contentId: string): Promise<string[]> => (await base.call('get', base.pagesPath(contentId))).body.path;

describeEachBackend('PATCH level', (h) => {
  it('deeper shifts each descendant by the same difference (self 0→1, children 1→2)', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 0, 1, 2, 1, 0]);
    expect((await setLevel(base, ids[1], 1)).status).toBe(200);
    expect(await levelsOf(base)).toEqual([0, 1, 2, 3, 2, 0]);
  });

  it('shallower shifts each descendant by the same difference (self 2→0, children 3→1)', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 1, 2, 3, 4, 3, 1]);
    await setLevel(base, ids[2], 0);
    expect(await levelsOf(base)).toEqual([0, 1, 0, 1, 2, 1, 1]);
  });

  it('leaves pages after the subtree and before the page alone', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 1, 1, 2, 1, 0]);
    await setLevel(base, ids[2], 3);
    expect(await levelsOf(base)).toEqual([0, 1, 3, 4, 1, 0]);
  });

  it('never changes the display order', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 1, 0, 1]);
    await setLevel(base, ids[2], 2);
    const pages = await outline(base);
    expect(pages.map((p) => p.id)).toEqual(ids);
    expect(pages.map((p) => p.order)).toEqual([0, 1, 2, 3]);
  });

  it('to its current value moves nothing', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 1, 2]);
    expect((await setLevel(base, ids[1], 1)).status).toBe(200);
    expect(await levelsOf(base)).toEqual([0, 1, 2]);
  });

  it('100 is accepted', async () => {
    const base = await h().fresh();
    const [id] = await base.createOutline([0]);
    const res = await setLevel(base, id, 100);
    expect(res.status).toBe(200);
    expect(res.body.level).toBe(100);
  });

  it('that would push a descendant past 100 is 400 and changes nothing', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 99, 100]);
    const before = await outline(base);
    const res = await setLevel(base, ids[0], 1);
    expectError(res, 400, 'BAD_REQUEST');
    expect(res.body.error.message).toMatch(/100/);
    expect(await outline(base)).toEqual(before);
  });

  it('with other fields that is refused applies none of the other fields', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 100]);
    const res = await base.call('patch', base.pagesPath(ids[0]), { body: { level: 1, title: 'Renamed' } });
    expectError(res, 400, 'BAD_REQUEST');
    expect((await base.call('get', base.pagesPath(ids[0]))).body.title).toBe('P0');
  });

  it('answers a path that reflects the new hierarchy', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 0]);
    expect((await setLevel(base, ids[1], 1)).body.path).toEqual(['P0', 'P1']);
    expect((await setLevel(base, ids[1], 0)).body.path).toEqual(['P1']);
  });

  it('moves the paths of the descendants along', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 0, 1]);
    await setLevel(base, ids[1], 1);
    expect(await pathOf(base, ids[2])).toEqual(['P0', 'P1', 'P2']);
  });

  it('path lists the ancestors root first, then the page, and skips earlier siblings', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 1, 2, 1, 2]);
    expect(await pathOf(base, ids[4])).toEqual(['P0', 'P3', 'P4']);
  });

  it('path: the parent is the nearest earlier page with a lower level, even across a level gap', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 3, 1, 3]);
    expect(await pathOf(base, ids[1])).toEqual(['P0', 'P1']);
    expect(await pathOf(base, ids[3])).toEqual(['P0', 'P2', 'P3']);
  });

  it('path of a page with no lower-level page before it holds only its title', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([2, 1]);
    expect(await pathOf(base, ids[0])).toEqual(['P0']);
    expect(await pathOf(base, ids[1])).toEqual(['P1']);
  });

  it('path shows the current title of an ancestor after it is renamed', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 1]);
    await base.call('patch', base.pagesPath(ids[0]), { body: { title: 'Renamed root' } });
    expect(await pathOf(base, ids[1])).toEqual(['Renamed root', 'P1']);
  });
});
