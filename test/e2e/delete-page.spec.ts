// DELETE /bases/{base_id}/pages/{content_id}: soft delete, descendants lifted, order compacted
// (spec "DELETE …", "States and transitions"; decisions "The outline").
import { describeEachBackend, expectError, type TestBase } from '../support/e2e';

async function outline(base: TestBase): Promise<{ id: string; level: number; order: number }[]> {
  const list = (await base.call('get', base.pagesPath())).body;
  return list.pages.map((p: any) => ({ id: p.content_id, level: p.level, order: p.order }));
}

const remove = (base: TestBase, contentId: string) => base.call('delete', base.pagesPath(contentId));

describeEachBackend('DELETE page', (h) => {
  it('answers 204 with an empty body', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'Doomed' });
    const res = await remove(base, page.content_id);
    expect(res.status).toBe(204);
    expect(res.text ?? '').toBe('');
  });

  it('lifts each descendant one level and compacts order', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 1, 2, 1, 0]);
    await remove(base, ids[0]);
    expect(await outline(base)).toEqual([
      { id: ids[1], level: 0, order: 0 },
      { id: ids[2], level: 1, order: 1 },
      { id: ids[3], level: 0, order: 2 },
      { id: ids[4], level: 0, order: 3 },
    ]);
  });

  it('of a middle page: its first child takes its slot, pages outside the subtree keep their level', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 1, 2, 3, 1, 2]);
    await remove(base, ids[1]);
    expect(await outline(base)).toEqual([
      { id: ids[0], level: 0, order: 0 },
      { id: ids[2], level: 1, order: 1 },
      { id: ids[3], level: 2, order: 2 },
      { id: ids[4], level: 1, order: 3 },
      { id: ids[5], level: 2, order: 4 },
    ]);
  });

  it('of the last page leaves the order of the others as it was', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 1, 0]);
    await remove(base, ids[2]);
    expect(await outline(base)).toEqual([{ id: ids[0], level: 0, order: 0 }, { id: ids[1], level: 1, order: 1 }]);
  });

  it('gives a lifted descendant a path without the deleted page', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 1, 2]);
    await remove(base, ids[1]);
    const child = (await base.call('get', base.pagesPath(ids[2]))).body;
    expect(child.level).toBe(1);
    expect(child.path).toEqual(['P0', 'P2']);
  });

  it('a soft-deleted page is 404 on GET detail', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'Gone' });
    await remove(base, page.content_id);
    expectError(await base.call('get', base.pagesPath(page.content_id)), 404, 'NOT_FOUND');
  });

  it('a soft-deleted page is 404 on PATCH', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'Gone' });
    await remove(base, page.content_id);
    expectError(await base.call('patch', base.pagesPath(page.content_id), { body: { title: 'Back' } }), 404, 'NOT_FOUND');
  });

  it('twice: the second is 404', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'Gone' });
    expect((await remove(base, page.content_id)).status).toBe(204);
    expectError(await remove(base, page.content_id), 404, 'NOT_FOUND');
  });

  it('of a page that never existed is 404, like a deleted one', async () => {
    const base = await h().fresh();
    expectError(await remove(base, 'abc123'), 404, 'NOT_FOUND');
  });

  it('a soft-deleted page is absent from the list, and total counts only live pages', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 0, 0]);
    await remove(base, ids[1]);
    const list = (await base.call('get', base.pagesPath())).body;
    expect(list.pages.map((p: any) => p.content_id)).toEqual([ids[0], ids[2]]);
    expect(list.total).toBe(2);
  });

  it('a soft-deleted page is absent from search', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'Vanishing keyword' });
    await base.createPage({ title: 'Staying keyword' });
    await remove(base, page.content_id);
    const res = await base.call('get', `/bases/${base.baseId}/search?q=keyword`);
    expect(res.status).toBe(200);
    expect(res.body.pages.map((p: any) => p.title)).toEqual(['Staying keyword']);
    expect(res.body.total).toBe(1);
  });

  it('a soft-deleted page is absent from the tree', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 0]);
    await remove(base, ids[0]);
    const { tree } = (await base.call('get', `/bases/${base.baseId}/tree`)).body;
    expect(tree.map((n: any) => n.content_id)).toEqual([ids[1]]);
  });

  it('a soft-deleted page is not counted in total_pages', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 0]);
    await remove(base, ids[0]);
    expect((await base.call('get', `/bases/${base.baseId}/info`)).body.total_pages).toBe(1);
  });

  it('a page created after a delete is appended at the dense end of the order', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 0, 0]);
    await remove(base, ids[1]);
    const page = await base.createPage({ title: 'After' });
    const pages = await outline(base);
    expect(pages.map((p) => p.order)).toEqual([0, 1, 2]);
    expect(pages[2].id).toBe(page.content_id);
  });

  it('sent with Content-Type: application/json and no body succeeds', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'Doomed' });
    const res = await base.call('delete', base.pagesPath(page.content_id), { headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(204);
  });
});
