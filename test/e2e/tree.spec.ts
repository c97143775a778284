// GET /bases/{base_id}/tree (spec "GET /bases/{base_id}/tree", Tree node; decisions "The outline").
import { describeEachBackend, type TestBase } from '../support/e2e';

interface Node { content_id: string; title: string; level: number; children: Node[] }

async function tree(base: TestBase): Promise<Node[]> {
  const res = await base.call('get', `/bases/${base.baseId}/tree`);
  expect(res.status).toBe(200);
  return res.body.tree;
}

/** The tree as nested titles, e.g. ['P0', [['P1', []]]]. */
function shape(nodes: Node[]): unknown[] {
  return nodes.map((n) => [n.title, shape(n.children)]);
}

describeEachBackend('GET tree', (h) => {
  it('of an empty base is { tree: [] }', async () => {
    const base = await h().fresh();
    const res = await base.call('get', `/bases/${base.baseId}/tree`);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({ tree: [] });
  });

  it('nodes carry exactly content_id, title, level, children; children is [] when none', async () => {
    const base = await h().fresh();
    const [id] = await base.createOutline([0]);
    expect(await tree(base)).toEqual([{ content_id: id, title: 'P0', level: 0, children: [] }]);
  });

  it('nests levels 0, 1 and 2', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 1, 2]);
    const nodes = await tree(base);
    expect(shape(nodes)).toEqual([['P0', [['P1', [['P2', []]]]]]]);
    expect(nodes[0].children[0].children[0].content_id).toBe(ids[2]);
    expect(nodes[0].children[0].children[0].level).toBe(2);
  });

  it('leaves out pages deeper than level 2, which stay in the list', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 1, 2, 3, 4]);
    expect(shape(await tree(base))).toEqual([['P0', [['P1', [['P2', []]]]]]]);
    const list = (await base.call('get', base.pagesPath())).body;
    expect(list.pages.map((p: any) => p.content_id)).toEqual(ids);
  });

  it('keeps pages after a left-out deep page under their own parent', async () => {
    const base = await h().fresh();
    await base.createOutline([0, 1, 2, 3, 2, 1]);
    expect(shape(await tree(base))).toEqual([['P0', [['P1', [['P2', []], ['P4', []]]], ['P5', []]]]]);
  });

  it('a page with no lower-level page before it is a root node', async () => {
    const base = await h().fresh();
    await base.createOutline([1, 2, 0, 1]);
    expect(shape(await tree(base))).toEqual([['P0', [['P1', []]]], ['P2', [['P3', []]]]]);
  });

  it('a level-2 page right under a level-0 page is its child', async () => {
    const base = await h().fresh();
    await base.createOutline([0, 2]);
    expect(shape(await tree(base))).toEqual([['P0', [['P1', []]]]]);
  });

  it('roots and children keep display order', async () => {
    const base = await h().fresh();
    await base.createOutline([0, 1, 1, 1, 0, 0]);
    expect(shape(await tree(base))).toEqual([['P0', [['P1', []], ['P2', []], ['P3', []]]], ['P4', []], ['P5', []]]);
  });

  it('shows the children of a deleted page lifted into its place', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 1, 2, 0]);
    await base.call('delete', base.pagesPath(ids[0]));
    expect(shape(await tree(base))).toEqual([['P1', [['P2', []]]], ['P3', []]]);
  });

  it('shows only the pages of its own base', async () => {
    const base = await h().fresh();
    const other = await h().fresh();
    await other.createPage({ title: 'Elsewhere' });
    await base.createOutline([0]);
    expect(shape(await tree(base))).toEqual([['P0', []]]);
  });

  it('read before a create, rename, level change or delete is read with the change after it', async () => {
    const base = await h().fresh();
    const [a, b] = await base.createOutline([0, 0]);
    // Read twice first, so that any tree the service keeps is there to go stale.
    for (let i = 0; i < 2; i++) expect(shape(await tree(base))).toEqual([['P0', []], ['P1', []]]);
    await base.call('patch', base.pagesPath(b), { body: { level: 1 } });
    expect(shape(await tree(base))).toEqual([['P0', [['P1', []]]]]);
    await base.call('patch', base.pagesPath(a), { body: { title: 'Root' } });
    expect(shape(await tree(base))).toEqual([['Root', [['P1', []]]]]);
    await base.createPage({ title: 'New' });
    expect(shape(await tree(base))).toEqual([['Root', [['P1', []]]], ['New', []]]);
    await base.call('delete', base.pagesPath(a));
    expect(shape(await tree(base))).toEqual([['P1', []], ['New', []]]);
  });
});
