// GET /bases/{base_id}/pages (spec "GET /bases/{base_id}/pages", PageSummary; decisions "Lists").
import { describeEachBackend, expectError } from '../support/e2e';

const summaryFields = ['content_id', 'title', 'type', 'level', 'order', 'lang', 'updated_at'];

const badPaging = [
  'limit=0', 'limit=1001', 'limit=-1', 'limit=1.5', 'limit=abc', 'limit=', 'limit=true',
  'offset=-1', 'offset=1.5', 'offset=abc', 'offset=', 'limit=1&limit=2',
  // Not written in decimal digits: a lenient number parser would read these as 16, 10, 5, 0 and 1.
  'limit=0x10', 'limit=1e1', 'limit=%205', 'offset=%20', 'offset=0b1',
];

describeEachBackend('GET pages', (h) => {
  it('answers 200 with exactly { pages, total }', async () => {
    const base = await h().fresh();
    await base.createOutline([0]);
    const res = await base.call('get', base.pagesPath());
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Object.keys(res.body).sort()).toEqual(['pages', 'total']);
  });

  it('items carry exactly the summary fields with their types', async () => {
    const base = await h().fresh();
    const created = await base.createPage({ title: 'Summary', body: 'not listed', content_type: 'H', content_lang: 'en' });
    const [item] = (await base.call('get', base.pagesPath())).body.pages;
    expect(Object.keys(item).sort()).toEqual([...summaryFields].sort());
    expect(item).toEqual({
      content_id: created.content_id, title: 'Summary', type: 'H', level: 0, order: 0, lang: 'en', updated_at: created.updated_at,
    });
  });

  it('of an empty base is an empty list with total 0', async () => {
    const base = await h().fresh();
    expect((await base.call('get', base.pagesPath())).body).toEqual({ pages: [], total: 0 });
  });

  it('lists pages in display order with dense order 0, 1, 2 … and their levels', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 1, 2, 0]);
    const { pages, total } = (await base.call('get', base.pagesPath())).body;
    expect(total).toBe(4);
    expect(pages.map((p: any) => [p.content_id, p.order, p.level])).toEqual([
      [ids[0], 0, 0], [ids[1], 1, 1], [ids[2], 2, 2], [ids[3], 3, 0],
    ]);
  });

  it('lists only the pages of its own base', async () => {
    const base = await h().fresh();
    const other = await h().fresh();
    await other.createPage({ title: 'Elsewhere' });
    const mine = await base.createPage({ title: 'Mine' });
    const { pages, total } = (await base.call('get', base.pagesPath())).body;
    expect(pages.map((p: any) => [p.content_id, p.order])).toEqual([[mine.content_id, 0]]);
    expect(total).toBe(1);
  });

  it('without limit and offset returns the whole list, more than 100 pages', async () => {
    const base = await h().fresh();
    for (let i = 0; i < 105; i++) await base.createPage({ title: `Page ${i}` });
    const { pages, total } = (await base.call('get', base.pagesPath())).body;
    expect(total).toBe(105);
    expect(pages.map((p: any) => p.order)).toEqual([...Array(105).keys()]);
  });

  it('with limit and offset returns that slice, order stays the display position, total the full count', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 0, 0, 0, 0]);
    const { pages, total } = (await base.call('get', `${base.pagesPath()}?limit=2&offset=1`)).body;
    expect(total).toBe(5);
    expect(pages.map((p: any) => [p.content_id, p.order])).toEqual([[ids[1], 1], [ids[2], 2]]);
  });

  it('with only limit starts at the first page', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 0, 0]);
    const { pages, total } = (await base.call('get', `${base.pagesPath()}?limit=1`)).body;
    expect(pages.map((p: any) => p.content_id)).toEqual([ids[0]]);
    expect(total).toBe(3);
  });

  it('with only offset returns the rest of the list', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 0, 0]);
    const { pages } = (await base.call('get', `${base.pagesPath()}?offset=1`)).body;
    expect(pages.map((p: any) => p.content_id)).toEqual([ids[1], ids[2]]);
  });

  it('with offset past the end is an empty page list with the full total', async () => {
    const base = await h().fresh();
    await base.createOutline([0, 0]);
    expect((await base.call('get', `${base.pagesPath()}?offset=10`)).body).toEqual({ pages: [], total: 2 });
  });

  it('with the largest offset it takes is an empty page list with the full total', async () => {
    const base = await h().fresh();
    await base.createOutline([0, 0]);
    expect((await base.call('get', `${base.pagesPath()}?offset=999999999999999&limit=1000`)).body).toEqual({ pages: [], total: 2 });
  });

  it('accepts limit 1000 and limit 1, offset 0', async () => {
    const base = await h().fresh();
    await base.createOutline([0, 0]);
    expect((await base.call('get', `${base.pagesPath()}?limit=1000&offset=0`)).body.pages).toHaveLength(2);
    expect((await base.call('get', `${base.pagesPath()}?limit=1`)).body.pages).toHaveLength(1);
  });

  it.each(badPaging)('with %s is 400 BAD_REQUEST, never clamped', async (query) => {
    const base = await h().fresh();
    await base.createOutline([0]);
    const res = await base.call('get', `${base.pagesPath()}?${query}`);
    expectError(res, 400, 'BAD_REQUEST');
    expect(res.body.error.message).toMatch(/limit|offset/);
  });
});
