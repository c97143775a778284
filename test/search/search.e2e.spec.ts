// GET /api/v1/bases/{base_id}/search over HTTP, with the pages module writing (spec "GET search";
// decisions "Search", "Lists"): the answer's shape, ranking and paging, the index following
// creates, edits and deletes, and every malformed query answered 400 in the error envelope.
import { BasesService } from '../../src/bases/bases.service';
import { SearchRanking } from '../../src/search/search-rank';
import { describeEachBackend } from '../support/e2e';

const summaryFields = ['content_id', 'lang', 'level', 'order', 'title', 'type', 'updated_at'];

describeEachBackend('GET search', (h) => {
  const search = (base: Awaited<ReturnType<ReturnType<typeof h>['fresh']>>, query: string, token?: string | null) =>
    base.call('get', `/bases/${base.baseId}/search?${query}`, token === undefined ? {} : { token });

  it('answers 200 with { pages, total, keywords }, keywords as sent, items the page summary', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'ＡＰＩ ガイド', body: 'Version 2', content_type: 'T', content_lang: 'en' });
    const res = await search(base, `q=${encodeURIComponent('api　ｶﾞｲﾄﾞ')}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({
      pages: [{ content_id: page.content_id, title: 'ＡＰＩ ガイド', type: 'T', level: 0, order: 0, lang: 'en', updated_at: page.updated_at }],
      total: 1,
      keywords: 'api　ｶﾞｲﾄﾞ',
    });
    expect(Object.keys(res.body.pages[0]).sort()).toEqual(summaryFields);
  });

  it('weighs its ranking with the live page count the request\'s token read, reading it again nowhere', async () => {
    const base = await h().fresh();
    for (let i = 0; i < 3; i++) await base.createPage({ title: `count ${i}` });
    const reads = jest.spyOn(h().app.get(BasesService), 'livePages');
    const rank = jest.spyOn(h().app.get(SearchRanking), 'window');
    try {
      expect((await search(base, 'q=count')).body.total).toBe(3);
      expect(reads).not.toHaveBeenCalled();
      expect(rank.mock.calls.map((call) => call[4])).toEqual([3]);
    } finally {
      reads.mockRestore();
      rank.mockRestore();
    }
  });

  it('ranks title matches first, then newest; total is the full count; limit and offset cut the list', async () => {
    const base = await h().fresh();
    // Timestamps have milliseconds: pages created a few apart rank by time, not by a tie.
    const apart = () => new Promise((resolve) => setTimeout(resolve, 3));
    const older = await base.createPage({ title: 'backup plan', body: '' });
    await apart();
    const body = await base.createPage({ title: 'notes', body: 'how to backup' });
    await apart();
    const newer = await base.createPage({ title: 'バックアップ backup', body: '' });
    const ids = (res: { body: { pages: { content_id: string }[] } }) => res.body.pages.map((p) => p.content_id);
    expect(ids(await search(base, 'q=backup'))).toEqual([newer.content_id, older.content_id, body.content_id]);
    const paged = await search(base, 'q=backup&limit=1&offset=1');
    expect([ids(paged), paged.body.total]).toEqual([[older.content_id], 3]);
    expect((await search(base, 'q=backup&offset=5')).body).toEqual({ pages: [], total: 3, keywords: 'backup' });
  });

  it('follows creates, edits and deletes, also past the point where the index merges its pending pages', async () => {
    const base = await h().fresh();
    const pages = [];
    for (let i = 0; i < 70; i++) pages.push(await base.createPage({ title: `page ${i}`, body: i % 7 === 0 ? '検索エンジン' : 'other' }));
    expect((await search(base, `q=${encodeURIComponent('エンジン')}`)).body.total).toBe(10);
    await base.call('patch', base.pagesPath(pages[0].content_id), { body: { body: 'nothing' } }).expect(200);
    await base.call('delete', base.pagesPath(pages[7].content_id)).expect(204);
    const res = await search(base, `q=${encodeURIComponent('検索')}`);
    expect(res.body.total).toBe(8);
    expect(res.body.pages.map((p: { content_id: string }) => p.content_id)).not.toContain(pages[0].content_id);
    expect(res.body.pages.map((p: { content_id: string }) => p.content_id)).not.toContain(pages[7].content_id);
  });

  it('searches what a reader sees: HTML pages without their tags', async () => {
    const base = await h().fresh();
    await base.createPage({ title: 'html', body: '<div class="box"><b>bold</b> text</div>', content_type: 'H' });
    expect((await search(base, 'q=div')).body.total).toBe(0);
    expect((await search(base, 'q=bold%20text')).body.total).toBe(1);
  });

  it.each([
    ['q missing', ''], ['q empty', 'q='], ['q only spaces', 'q=%20%20'], ['q only an ideographic space', 'q=%E3%80%80'],
    ['q twice', 'q=a&q=b'], ['limit 0', 'q=a&limit=0'], ['limit 1001', 'q=a&limit=1001'], ['limit not a number', 'q=a&limit=abc'],
    ['limit 1.5', 'q=a&limit=1.5'], ['limit empty', 'q=a&limit='], ['limit in hex', 'q=a&limit=0x10'], ['offset -1', 'q=a&offset=-1'],
    ['an unknown parameter', 'q=a&sort=title'],
  ])('%s is a 400 in the error envelope', async (_label, query) => {
    const base = await h().fresh();
    const res = await search(base, query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'BAD_REQUEST', message: expect.any(String) } });
  });

  it('needs a token of the base: 401 without, 403 with another base\'s', async () => {
    const base = await h().fresh();
    const other = await h().fresh();
    expect((await search(base, 'q=a', null)).status).toBe(401);
    expect((await search(base, 'q=a', other.token)).status).toBe(403);
  });
});
