// The bench's bulk seeding stores what the API stores: a base seeded in bulk with the same pages
// (same content ids, levels and times) as a base built through POST + PATCH answers every read
// exactly like it, and goes on doing so after the same writes.
import { generatePages } from '../../bench/corpus';
import { bulkInsertPages, createBenchBase, preparePage, seedContentId } from '../../bench/seed';
import { buildSearchIndex } from '../../bench/seed-search';
import { describeEachBackend, uniqueName, type TestBase } from '../support/e2e';

const PAGE_COUNT = 36;
const searchQueries = [
  'server', '設定', 'サーバー', 'server 設定', 'About', 'について', 'docs', 'example.com', 'strong', 'xylophonequartz',
];

/** Every read of a base, with its base id written as BASE so two bases compare. */
async function answers(base: TestBase, baseId: string, token: string): Promise<unknown> {
  const get = async (path: string) => {
    const res = await base.call('get', `/bases/${baseId}${path}`, { token });
    return { status: res.status, body: JSON.parse(JSON.stringify(res.body).replaceAll(baseId, 'BASE')) };
  };
  const list = await get('/pages');
  const details = [];
  for (const page of list.body.pages ?? []) details.push(await get(`/pages/${page.content_id}`));
  const searches = [];
  for (const q of searchQueries) searches.push(await get(`/search?q=${encodeURIComponent(q)}&limit=20`));
  return {
    info: await get('/info'), list, details, searches,
    page: await get('/pages?limit=7&offset=11'),
    tree: await get('/tree'),
  };
}

describeEachBackend('bench bulk seeding', (h) => {
  let viaApi: TestBase;
  let seededId: string;
  let seededToken: string;

  beforeAll(async () => {
    viaApi = await h().fresh();
    const created: { contentId: string; createdAt: string; updatedAt: string }[] = [];
    const sources = [...generatePages(PAGE_COUNT, 3)];
    for (const source of sources) {
      const page = await viaApi.createPage({ title: source.title, body: source.body, content_type: source.type, content_lang: source.lang });
      let detail = page;
      if (source.level > 0) {
        const res = await viaApi.call('patch', viaApi.pagesPath(page.content_id), { body: { level: source.level } });
        expect(res.status).toBe(200);
        detail = res.body;
      }
      created.push({ contentId: detail.content_id, createdAt: detail.created_at, updatedAt: detail.updated_at });
    }

    seededId = uniqueName('seeded');
    seededToken = await createBenchBase(h().db, seededId, `Base ${seededId}`);
    const rows = sources.map((source, i) => preparePage(source, created[i].contentId, created[i].createdAt, created[i].updatedAt));
    // Two batches: the second is appended after the first.
    await bulkInsertPages(h().db, seededId, rows.slice(0, 20));
    await bulkInsertPages(h().db, seededId, rows.slice(20));
    await buildSearchIndex(h().db, seededId);
  });

  it('answers info, list, every detail, search and tree exactly as the base built through the API', async () => {
    const expected = await answers(viaApi, viaApi.baseId, viaApi.token) as {
      list: { body: { total: number } }; searches: { status: number; body: { total: number } }[];
    };
    expect(expected.list.body.total).toBe(PAGE_COUNT);
    // The comparison means something only if searches answer and find pages.
    expect(expected.searches.map((s) => s.status)).toEqual(searchQueries.map(() => 200));
    expect(expected.searches.filter((s) => s.body.total > 0).length).toBeGreaterThanOrEqual(searchQueries.length - 2);
    expect(await answers(viaApi, seededId, seededToken)).toEqual(expected);
  });

  it('keeps answering the same after the same create, level change and delete in both', async () => {
    const list = await viaApi.call('get', viaApi.pagesPath());
    const [first, , third] = list.body.pages;
    for (const [baseId, token] of [[viaApi.baseId, viaApi.token], [seededId, seededToken]]) {
      const path = `/bases/${baseId}/pages`;
      const created = await viaApi.call('post', path, { token, body: { title: 'Added later', body: '# server 設定' } });
      expect(created.status).toBe(201);
      expect((await viaApi.call('patch', `${path}/${third.content_id}`, { token, body: { level: 3 } })).status).toBe(200);
      expect((await viaApi.call('delete', `${path}/${first.content_id}`, { token })).status).toBe(204);
    }
    // The writes leave new times and a new content id in each base; the outline must agree.
    const outline = async (baseId: string, token: string) => {
      const pages = (await viaApi.call('get', `/bases/${baseId}/pages`, { token })).body.pages;
      const tree = (await viaApi.call('get', `/bases/${baseId}/tree`, { token })).body;
      const info = (await viaApi.call('get', `/bases/${baseId}/info`, { token })).body;
      const titles = JSON.stringify(tree).match(/"title":"[^"]*"/g);
      const found = (await viaApi.call('get', `/bases/${baseId}/search?q=${encodeURIComponent('server 設定')}`, { token })).body;
      return {
        total: info.total_pages, pages: pages.map((p: any) => [p.title, p.order, p.level]), titles,
        found: found.pages.map((p: any) => p.title).sort(), foundTotal: found.total,
      };
    };
    expect(await outline(seededId, seededToken)).toEqual(await outline(viaApi.baseId, viaApi.token));
  });
});

describe('seedContentId', () => {
  it('gives 200,000 distinct content ids of six lowercase letters and digits', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 200_000; i++) ids.add(seedContentId(i));
    expect(ids.size).toBe(200_000);
    expect([...ids].every((id) => /^[0-9a-z]{6}$/.test(id))).toBe(true);
  });
});
