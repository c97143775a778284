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

  describe('gzip', () => {
    /** The tree with this Accept-Encoding: its status, headers and decoded JSON (supertest decodes gzip). */
    const treeWith = (base: TestBase, acceptEncoding: string) => base.call('get', `/bases/${base.baseId}/tree`, { headers: { 'Accept-Encoding': acceptEncoding } });

    /** Asks with gzip until the answer comes gzipped (the first requests get it plain while it is made). */
    async function gzippedTree(base: TestBase) {
      for (let attempt = 0; attempt < 50; attempt++) {
        const res = await treeWith(base, 'gzip, deflate');
        expect(res.status).toBe(200);
        if (res.headers['content-encoding'] === 'gzip') return res;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the tree never came gzipped');
    }

    // Titles long enough that the tree passes the size below which answers go plain.
    const bigOutline = async (base: TestBase) => {
      for (let i = 0; i < 12; i++) await base.createPage({ title: `A page title long enough to make the tree large ${i}` });
    };

    it('comes gzipped to a client that accepts gzip, with the same JSON and fewer bytes than plain', async () => {
      const base = await h().fresh();
      await bigOutline(base);
      const plain = await treeWith(base, 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      const gzipped = await gzippedTree(base);
      expect(gzipped.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(gzipped.body).toEqual(plain.body);
      expect(Number(gzipped.headers['content-length'])).toBeLessThan(Number(plain.headers['content-length']));
      for (const res of [plain, gzipped]) expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    });

    it('comes plain to a client that refuses gzip or asks only for another encoding', async () => {
      const base = await h().fresh();
      await bigOutline(base);
      await gzippedTree(base);
      for (const acceptEncoding of ['gzip;q=0', 'br', 'identity']) {
        const res = await treeWith(base, acceptEncoding);
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBeUndefined();
      }
    });

    it('a small tree comes plain even to a client that accepts gzip', async () => {
      const base = await h().fresh();
      await base.createOutline([0]);
      expect((await treeWith(base, 'gzip')).headers['content-encoding']).toBeUndefined();
      // Long enough for a gzip started by the first request to be made (a larger tree's takes a few ms here).
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await treeWith(base, 'gzip')).headers['content-encoding']).toBeUndefined();
    });

    it('after a change the gzipped tree is the changed one, never the kept one before it', async () => {
      const base = await h().fresh();
      await bigOutline(base);
      const before = (await gzippedTree(base)).body;
      await base.createPage({ title: 'Added after the tree was gzipped' });
      const first = await treeWith(base, 'gzip');
      expect(first.body.tree).toHaveLength(before.tree.length + 1);
      expect((await gzippedTree(base)).body).toEqual(first.body);
    });
  });
});

