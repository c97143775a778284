// TrashService on real databases: the trash listed newest deletion first with who deleted each page
// (a REST DELETE records its token's user), and a restore putting the page back at the display order
// and level it had, with its texts, the pages its delete lifted staying where they are. What a
// restore changes is read back through the real REST API (list, detail, tree, search, info), of
// this service and of a second one on the same database whose caches were warm before it.
import request from 'supertest';
import { setTimeout as delay } from 'node:timers/promises';
import { POSITION_BLOCK } from '../../src/outline/positions';
import { TrashService } from '../../src/pages/trash.service';
import { DEFAULT_KEEP_FROM, KeptRankKeys } from '../../src/search/kept-rank-keys';
import { DEFAULT_MERGE_THRESHOLD, SearchIndexService } from '../../src/search/search-index.service';
import { describeEachBackend, insertToken, insertUser, secondService, type TestBase } from '../support/e2e';
import { expectRestOutline, searchIds } from './rest-outline';
import { expectDomainError, Services } from './support';

describeEachBackend('TrashService', (h) => {
  let s: Services;
  let trash: TrashService;
  const other = secondService(h);
  beforeAll(() => {
    s = new Services(h());
    trash = h().app.get(TrashService);
  });

  const restore: (() => void)[] = [];
  afterEach(() => restore.splice(0).forEach((undo) => undo()));

  /** Every write's pages merged into the postings at once (a delete then takes the page out of ALL_KEY), for the test. */
  function mergingEveryWrite(): void {
    const index = s.searchIndex as SearchIndexService;
    index.mergeThreshold = 1;
    restore.push(() => (index.mergeThreshold = DEFAULT_MERGE_THRESHOLD));
  }

  async function baseWith(spec: string): Promise<{ base: TestBase; ids: Record<string, string> }> {
    const base = await h().fresh();
    return { base, ids: await s.buildOutline(base.baseId, spec) };
  }

  async function outlineOf(baseId: string): Promise<string[]> {
    return (await s.list(baseId)).pages.map((p) => `${p.title}:${p.level}`);
  }

  async function restDelete(base: TestBase, contentId: string, token = base.token): Promise<void> {
    const res = await base.call('delete', base.pagesPath(contentId), { token });
    expect(res.status).toBe(204);
  }

  async function userRow(userId: number): Promise<{ name: string; email: string }> {
    const [row] = await s.db.reader.query('SELECT name, email FROM users WHERE user_id = ?', [userId]);
    return { name: row.name, email: row.email };
  }

  async function viaOther(base: TestBase, path: string): Promise<request.Response> {
    return request(other().getHttpServer()).get(`/api/v1${path}`).set('Authorization', `Bearer ${base.token}`);
  }

  it('lists the trash newest deletion first, paged, with who deleted each page (a REST delete: its token\'s user)', async () => {
    const { base, ids } = await baseWith('A0 B1 C0 D0 E0');
    // Only owners use the REST API: a second owner.
    const writer = await insertUser(s.db, base.baseId, 'owner');
    await s.db.write((tx) => tx.query('UPDATE users SET name = ? WHERE user_id = ?', ['Wanda Writer', writer]));
    const writerToken = await insertToken(s.db, { baseId: base.baseId, userId: writer });
    expect(await trash.list(base.baseId, { offset: 0, limit: 50 })).toEqual({ pages: [], total: 0 });

    await restDelete(base, ids.B);
    await delay(3);
    await restDelete(base, ids.D, writerToken);
    await delay(3);
    await s.pages.delete(base.baseId, ids.A);
    await delay(3);
    await s.pages.delete(base.baseId, ids.E, writer);

    const owner = await userRow(base.ownerId);
    const wanda = await userRow(writer);
    expect(wanda).toEqual({ name: 'Wanda Writer', email: expect.stringContaining('@') });
    const { pages, total } = await trash.list(base.baseId, { offset: 0, limit: 50 });
    expect(total).toBe(4);
    expect(pages.map((p) => [p.title, p.level, p.deletedBy])).toEqual([
      ['E', 0, wanda], ['A', 0, null], ['D', 0, wanda], ['B', 1, owner],
    ]);
    expect(pages.every((p) => /^\d{4}-\d\d-\d\dT/.test(p.deletedAt))).toBe(true);
    expect([...pages].map((p) => p.deletedAt)).toEqual([...pages].map((p) => p.deletedAt).sort().reverse());
    expect(await trash.list(base.baseId, { offset: 1, limit: 2 })).toEqual({ pages: pages.slice(1, 3), total: 4 });
    expect(await trash.list(base.baseId, { offset: 4, limit: 2 })).toEqual({ pages: [], total: 4 });
    expect(await trash.find(base.baseId, ids.D)).toEqual(pages[2]);
    // Live, unknown, or another base's: not in this trash.
    await expectDomainError(trash.find(base.baseId, ids.C), 'NOT_FOUND');
    await expectDomainError(trash.find(base.baseId, 'zzzzzz'), 'NOT_FOUND');
    const { base: elsewhere } = await baseWith('Z0');
    await expectDomainError(trash.find(elsewhere.baseId, ids.D), 'NOT_FOUND');
    expect(await trash.list(elsewhere.baseId, { offset: 0, limit: 50 })).toEqual({ pages: [], total: 0 });
    await expectDomainError(trash.list('no-such-base', { offset: 0, limit: 50 }), 'NOT_FOUND');
  });

  it('restores a page at its former order and level with its texts; the children its delete lifted stay lifted', async () => {
    const base = await h().fresh();
    const ids: Record<string, string> = {};
    for (const [title, level] of [['A', 0], ['B', 1], ['C', 2], ['D', 2], ['E', 1], ['F', 0]] as const) {
      ids[title] = (await s.addPage(base.baseId, { title, body: `body of ${title} zebra${title.toLowerCase()}q`, type: 'M' })).contentId;
      if (level > 0) await s.setLevel(base.baseId, ids[title], level);
    }
    const detailBefore = await s.pages.detail(base.baseId, ids.B);
    await restDelete(base, ids.B);
    await expectRestOutline(base, ['A:0', 'C:1', 'D:1', 'E:1', 'F:0']);
    expect(await searchIds(base, 'zebrabq')).toEqual([]);
    const version = await s.outlineVersion(base.baseId);

    await trash.restore(base.baseId, ids.B);

    expect(await s.outlineVersion(base.baseId)).toBe(version + 1);
    await expectRestOutline(base, ['A:0', 'B:1', 'C:1', 'D:1', 'E:1', 'F:0']);
    const detail = await s.pages.detail(base.baseId, ids.B);
    expect(detail).toMatchObject({ title: 'B', level: 1, body: detailBefore.body, type: 'M', bodyRevision: detailBefore.bodyRevision, path: ['A', 'B'], createdAt: detailBefore.createdAt });
    expect(await searchIds(base, 'zebrabq')).toEqual([ids.B]);
    expect(await trash.list(base.baseId, { offset: 0, limit: 50 })).toEqual({ pages: [], total: 0 });
    const [row] = await s.db.reader.query('SELECT deleted_at, deleted_by, deleted_ord FROM pages WHERE page_id = (SELECT page_id FROM pages WHERE base_id = ? AND content_id = ?)', [base.baseId, ids.B]);
    expect(row).toEqual({ deleted_at: null, deleted_by: null, deleted_ord: null });
    // Not in the trash any more.
    await expectDomainError(trash.restore(base.baseId, ids.B), 'NOT_FOUND');
    await expectDomainError(trash.restore(base.baseId, 'zzzzzz'), 'NOT_FOUND');
    await expectDomainError(trash.restore('no-such-base', ids.B), 'NOT_FOUND');
  });

  it('a restored page is found by search at once, its delete merged into the postings or not', async () => {
    for (const merged of [false, true]) {
      if (merged) mergingEveryWrite();
      const base = await h().fresh();
      const kept = await s.addPage(base.baseId, { title: 'Kept', body: 'walrus' });
      const page = await s.addPage(base.baseId, { title: 'Gone and back', body: 'walrus narwhal' });
      await s.pages.update(base.baseId, page.contentId, { body: 'walrus narwhal orca' });
      expect((await searchIds(base, 'narwhal')).sort()).toEqual([page.contentId]);
      await restDelete(base, page.contentId);
      expect(await searchIds(base, 'walrus')).toEqual([kept.contentId]);
      if (merged) expect(Number((await s.db.reader.query('SELECT COUNT(*) AS n FROM search_pending WHERE base_id = ?', [base.baseId]))[0].n)).toBe(0);
      await trash.restore(base.baseId, page.contentId);
      expect({ merged, found: await searchIds(base, 'orca') }).toEqual({ merged, found: [page.contentId] });
      expect((await searchIds(base, 'walrus')).sort()).toEqual([kept.contentId, page.contentId].sort());
      // And after the restore is merged too.
      await s.db.write((tx) => (s.searchIndex as SearchIndexService).merge(tx, base.baseId));
      expect({ merged, found: await searchIds(base, 'orca') }).toEqual({ merged, found: [page.contentId] });
      expect((await searchIds(base, 'narwhal')).sort()).toEqual([page.contentId]);
    }
  });

  it('clamps the order to the live count, and makes room when the pages around its order hold consecutive positions', async () => {
    const { base, ids } = await baseWith('A0 B0 C0 D0 E0');
    await restDelete(base, ids.D);
    await restDelete(base, ids.E);
    await restDelete(base, ids.C);
    // D had order 3; two pages are live.
    await trash.restore(base.baseId, ids.D);
    await expectRestOutline(base, ['A:0', 'B:0', 'D:0']);
    // B's position was freed and then taken by a new page appended after A (position max + 1 = B's).
    await restDelete(base, ids.B);
    await restDelete(base, ids.D);
    const added = await s.addPage(base.baseId, { title: 'N' });
    expect(added.position).toBe(1);
    await trash.restore(base.baseId, ids.B);
    await expectRestOutline(base, ['A:0', 'B:0', 'N:0']);
    await trash.restore(base.baseId, ids.D);
    await trash.restore(base.baseId, ids.E);
    await trash.restore(base.baseId, ids.C);
    // D's order is the one of its second delete (1), E's 3, C's 2.
    await expectRestOutline(base, ['A:0', 'D:0', 'C:0', 'B:0', 'E:0', 'N:0']);
  });

  it('makes room across a block of positions: the run shifted, the bitmaps those the positions give', async () => {
    const base = await h().fresh();
    const count = POSITION_BLOCK + 6;
    await Promise.all(Array.from({ length: count }, (_, i) => s.addPage(base.baseId, { title: `P${i}` })));
    // Sent together, they may have committed in any order: their names by display order.
    const initial = (await s.list(base.baseId)).pages;
    const ids = initial.map((p) => p.contentId);
    const t = initial.map((p) => p.title);
    // The 6th page (order 5) then the 5th (order 4): restoring the 6th at order 5 meets P6 and P7 in consecutive positions.
    await s.pages.delete(base.baseId, ids[5]);
    await s.pages.delete(base.baseId, ids[4]);
    await trash.restore(base.baseId, ids[5]);
    const list = (await s.list(base.baseId)).pages.map((p) => p.title);
    expect(list.slice(0, 8)).toEqual([t[0], t[1], t[2], t[3], t[6], t[5], t[7], t[8]]);
    expect(list).toHaveLength(count - 1);
    const live: { pos: number }[] = await s.db.reader.query("SELECT pos FROM pages WHERE base_id = ? AND status = 'A' ORDER BY pos", [base.baseId]);
    const positions = live.map((r) => Number(r.pos));
    expect(positions.at(-1)).toBe(count);
    const blocks: { block_start: number; bits: Buffer }[] = await s.db.reader.query('SELECT block_start, bits FROM live_blocks WHERE base_id = ? ORDER BY block_start', [base.baseId]);
    const fromBits = blocks.flatMap((b) => [...Buffer.from(b.bits)].flatMap((byte, i) => Array.from({ length: 8 }, (_, bit) => (byte >> bit) & 1 ? Number(b.block_start) + i * 8 + bit : -1)).filter((p) => p >= 0));
    expect(fromBits).toEqual(positions);
    expect(await s.countPages(base.baseId)).toBe(count - 1);
    // A window at the end reads as the list does, through REST.
    const res = await base.call('get', `${base.pagesPath()}?offset=${count - 4}&limit=5`);
    expect(res.body.pages.map((p: any) => [p.title, p.order])).toEqual(list.slice(count - 4).map((title, i) => [title, count - 4 + i]));
    expect(res.body.total).toBe(count - 1);
  });

  it('another service on the database, its caches warm, answers the restored page at once', async () => {
    for (const app of [h().app, other()]) app.get(KeptRankKeys).keepFrom = 0;
    restore.push(() => { for (const app of [h().app, other()]) app.get(KeptRankKeys).keepFrom = DEFAULT_KEEP_FROM; });
    const base = await h().fresh();
    const ids: Record<string, string> = {};
    for (const [title, level] of [['A', 0], ['B', 1], ['C', 2], ['D', 0]] as const) {
      ids[title] = (await s.addPage(base.baseId, { title, body: 'common ground' })).contentId;
      if (level > 0) await s.setLevel(base.baseId, ids[title], level);
      await delay(3);
    }
    await restDelete(base, ids.B);
    const read = async () => ({
      list: (await viaOther(base, base.pagesPath())).body.pages.map((p: any) => `${p.title}:${p.level}:${p.order}`),
      tree: (await viaOther(base, `/bases/${base.baseId}/tree`)).body.tree.map((n: any) => [n.title, n.children.map((c: any) => c.title)]),
      path: (await viaOther(base, base.pagesPath(ids.C))).body.path,
      detail: (await viaOther(base, base.pagesPath(ids.B))).status,
      search: (await viaOther(base, `/bases/${base.baseId}/search?q=ground`)).body.pages.map((p: any) => `${p.title}:${p.order}`).sort(),
      total: (await viaOther(base, `/bases/${base.baseId}/info`)).body.total_pages,
    });
    await read();
    expect(await read()).toEqual({
      list: ['A:0:0', 'C:1:1', 'D:0:2'], tree: [['A', ['C']], ['D', []]], path: ['A', 'C'], detail: 404, search: ['A:0', 'C:1', 'D:2'], total: 3,
    });
    await trash.restore(base.baseId, ids.B);
    expect(await read()).toEqual({
      list: ['A:0:0', 'B:1:1', 'C:1:2', 'D:0:3'], tree: [['A', ['B', 'C']], ['D', []]], path: ['A', 'C'], detail: 200, search: ['A:0', 'B:1', 'C:2', 'D:3'], total: 4,
    });
    await expectRestOutline(base, ['A:0', 'B:1', 'C:1', 'D:0']);
  });
});
