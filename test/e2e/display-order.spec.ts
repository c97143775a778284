// Display order across blocks of positions (src/outline/positions.ts): a base of two blocks' worth
// of pages and more, written by the bench's bulk path (test/bench proves it stores what the API
// stores), thinned by deletes through the API, a run of them across a block edge; then every order
// the API answers (list windows around block edges, search results, a new page) must be the page's
// index in the live list.
import { bulkInsertPages, preparePage, seedContentId } from '../../bench/seed';
import { buildSearchIndex } from '../../bench/seed-search';
import { POSITION_BLOCK } from '../../src/outline/positions';
import { describeEachBackend, type TestBase } from '../support/e2e';

const PAGES = POSITION_BLOCK * 2 + 37;
const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();

describeEachBackend('display order across blocks of positions', (h) => {
  let base: TestBase;
  /** The live pages' content ids in display order, as the writes leave them. */
  let live: string[];
  /** Display orders where a block of positions starts. */
  let blockEdges: number[];

  beforeAll(async () => {
    base = await h().fresh();
    const rows = Array.from({ length: PAGES }, (_, i) => preparePage(
      { title: `Page ${i}`, body: i % 2 === 0 ? 'even marker' : 'odd marker', type: 'T', lang: 'en', level: i % 3 === 0 ? 0 : 1 },
      seedContentId(i), at(i)));
    await bulkInsertPages(h().db, base.baseId, rows);
    await buildSearchIndex(h().db, base.baseId);
    live = rows.map((row) => row.contentId);
    // A run of pages across the first block edge, and every thirteenth page, in an order that is not the display order.
    const doomed = live.filter((_, i) => Math.abs(i - POSITION_BLOCK) < 40 || i % 13 === 3);
    for (let i = 0; i < doomed.length; i++) {
      const contentId = doomed[(i * 37) % doomed.length];
      expect((await base.call('delete', base.pagesPath(contentId))).status).toBe(204);
    }
    const kept = live.map((id, position) => ({ id, position })).filter(({ id }) => !doomed.includes(id));
    live = kept.map(({ id }) => id);
    blockEdges = [1, 2].map((block) => kept.findIndex(({ position }) => position >= block * POSITION_BLOCK));
  });

  it('lists every live page with its index as order, and the full total', async () => {
    const res = await base.call('get', base.pagesPath());
    expect(res.body.total).toBe(live.length);
    expect(res.body.pages.map((p: any) => [p.content_id, p.order])).toEqual(live.map((id, order) => [id, order]));
  });

  it('cuts windows that start anywhere, block edges and the end included', async () => {
    const offsets = [0, 1, ...blockEdges.flatMap((edge) => [edge - 2, edge - 1, edge, edge + 1]), live.length - 1, live.length, live.length + 5];
    for (const offset of offsets) {
      for (const limit of [1, 3, 100]) {
        const res = await base.call('get', `${base.pagesPath()}?limit=${limit}&offset=${offset}`);
        expect({ offset, limit, total: res.body.total, pages: res.body.pages.map((p: any) => [p.content_id, p.order]) })
          .toEqual({ offset, limit, total: live.length, pages: live.slice(offset, offset + limit).map((id, i) => [id, offset + i]) });
      }
    }
  });

  it('gives search results their index as order', async () => {
    let seen = 0;
    for (const offset of [0, 400, 800]) {
      const res = await base.call('get', `/bases/${base.baseId}/search?q=odd&limit=100&offset=${offset}`);
      expect(res.status).toBe(200);
      seen += res.body.pages.length;
      for (const page of res.body.pages) expect([page.content_id, page.order]).toEqual([page.content_id, live.indexOf(page.content_id)]);
    }
    expect(seen).toBe(300);
  });

  it('puts a new page at the end, after the thinned blocks', async () => {
    const created = await base.createPage({ title: 'Latest' });
    const last = await base.call('get', `${base.pagesPath()}?limit=2&offset=${live.length - 1}`);
    expect(last.body.pages.map((p: any) => [p.content_id, p.order])).toEqual([[live.at(-1), live.length - 1], [created.content_id, live.length]]);
    live.push(created.content_id);
  });
});
