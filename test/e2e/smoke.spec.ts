import { describeEachBackend, expectError } from '../support/e2e';

describeEachBackend('smoke', (h) => {
  it('creates, reads, lists, levels and deletes pages', async () => {
    const base = await h().fresh();
    const info = await base.call('get', `/bases/${base.baseId}/info`);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({ base_id: base.baseId, description: `Base ${base.baseId}`, view: 'L', total_pages: 0 });
    const [a, b, c] = await base.createOutline([0, 1, 2]);
    const detail = await base.call('get', base.pagesPath(c));
    expect(detail.status).toBe(200);
    expect(detail.body.path).toEqual(['P0', 'P1', 'P2']);
    const list = await base.call('get', base.pagesPath());
    expect(list.body.pages.map((p: any) => [p.content_id, p.order, p.level])).toEqual([[a, 0, 0], [b, 1, 1], [c, 2, 2]]);
    const tree = await base.call('get', `/bases/${base.baseId}/tree`);
    expect(tree.body.tree[0].children[0].children[0].content_id).toBe(c);
    expect((await base.call('delete', base.pagesPath(b))).status).toBe(204);
    const after = await base.call('get', base.pagesPath());
    expect(after.body.pages.map((p: any) => [p.content_id, p.order, p.level])).toEqual([[a, 0, 0], [c, 1, 1]]);
    expectError(await base.call('get', base.pagesPath(b)), 404, 'NOT_FOUND');
    expectError(await base.call('get', base.pagesPath(), { token: null }), 401, 'UNAUTHORIZED');
    expectError(await base.call('put', base.pagesPath()), 405, 'METHOD_NOT_ALLOWED');
    expectError(await base.call('post', base.pagesPath(), { body: { title: 'x', type: 'M' } }), 400, 'BAD_REQUEST');
    expectError(await base.call('post', base.pagesPath(), { body: '{', headers: { 'Content-Type': 'application/json' } }), 400, 'BAD_REQUEST');
    expectError(await base.call('post', base.pagesPath(), { body: 'x', headers: { 'Content-Type': 'text/plain' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});
