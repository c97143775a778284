// PageMovesService on real databases: up and down swap a page's subtree with its sibling's,
// giving the same live positions out again (bitmaps untouched, updated_at kept, the pages stamped
// as written, the outline version moved); indent and outdent are level changes. Every move is
// checked against src/outline/moves.ts and then read back through the real REST API, of this
// service and of a second one on the same database whose caches were warm before the move.
import request from 'supertest';
import { DomainError } from '../../src/errors/domain-error';
import { MAX_LEVEL } from '../../src/outline/limits';
import { moved, moveDirections, type MoveDirection } from '../../src/outline/moves';
import { PageMovesService } from '../../src/pages/page-moves.service';
import { KeptRankKeys, DEFAULT_KEEP_FROM } from '../../src/search/kept-rank-keys';
import { describeEachBackend, secondService, type TestBase } from '../support/e2e';
import { expectRestOutline } from './rest-outline';
import { expectDomainError, rejection, Services } from './support';
import { seededPicks } from '../support/seeded-random';

describeEachBackend('PageMovesService', (h) => {
  let s: Services;
  let moves: PageMovesService;
  const other = secondService(h);
  beforeAll(() => {
    s = new Services(h());
    moves = h().app.get(PageMovesService);
  });

  /** The base's pages as stored: live ones with their position, level, updated_at and change stamp. */
  async function stored(baseId: string): Promise<{ id: string; pos: number; level: number; updatedAt: string; changeNo: number }[]> {
    const rows: any[] = await s.db.reader.query(
      "SELECT content_id, pos, level, updated_at, change_no FROM pages WHERE base_id = ? AND status = 'A' ORDER BY pos", [baseId]);
    return rows.map((r) => ({ id: r.content_id, pos: Number(r.pos), level: Number(r.level), updatedAt: r.updated_at, changeNo: Number(r.change_no) }));
  }

  async function bitmaps(baseId: string): Promise<string[]> {
    const rows: any[] = await s.db.reader.query('SELECT block_start, bits FROM live_blocks WHERE base_id = ? ORDER BY block_start', [baseId]);
    return rows.map((r) => `${r.block_start}:${Buffer.from(r.bits).toString('hex')}`);
  }

  async function baseRow(baseId: string): Promise<{ outlineVersion: number; pageChanges: number; livePages: number }> {
    const [row] = await s.db.reader.query('SELECT outline_version, page_changes, live_pages FROM bases WHERE base_id = ?', [baseId]);
    return { outlineVersion: Number(row.outline_version), pageChanges: Number(row.page_changes), livePages: Number(row.live_pages) };
  }

  /** The base's pages as "title:level" in display order, read through the list. */
  async function outlineOf(baseId: string): Promise<string[]> {
    return (await s.list(baseId)).pages.map((p) => `${p.title}:${p.level}`);
  }

  /** A fresh base (with a token) holding the outline `spec` ('A0 B1 …'); its ids by title. */
  async function baseWith(spec: string): Promise<{ base: TestBase; ids: Record<string, string> }> {
    const base = await h().fresh();
    return { base, ids: await s.buildOutline(base.baseId, spec) };
  }

  /** The REST reads of the second service, as the test's token sees them: list, a detail's path, the tree. */
  async function viaOther(base: TestBase, path: string): Promise<request.Response> {
    return request(other().getHttpServer()).get(`/api/v1${path}`).set('Authorization', `Bearer ${base.token}`);
  }

  it('up swaps the page and its subtree with the previous sibling and its subtree, in the same live positions', async () => {
    const { base, ids } = await baseWith('A0 B1 C2 D1 E2 H3 F1 G0');
    // Gaps in the positions: deleted pages hold none.
    await s.addPage(base.baseId, { title: 'X' });
    const gone = await s.addPage(base.baseId, { title: 'Y' });
    await s.pages.delete(base.baseId, gone.contentId);
    await expectRestOutline(base);
    const before = await stored(base.baseId);
    const blocks = await bitmaps(base.baseId);
    const row = await baseRow(base.baseId);

    await moves.move(base.baseId, ids.D, 'up');

    const after = await stored(base.baseId);
    expect(after.map((p) => p.pos)).toEqual(before.map((p) => p.pos));
    expect(await bitmaps(base.baseId)).toEqual(blocks);
    const titles = (list: { id: string }[]) => list.map((p) => Object.keys(ids).find((t) => ids[t] === p.id) ?? '?');
    expect(titles(after)).toEqual(['A', 'D', 'E', 'H', 'B', 'C', 'F', 'G', '?']);
    // Levels and updated_at stay; the moved pages (D, E, H, B, C) are stamped with the one new count.
    const byId = new Map(before.map((p) => [p.id, p]));
    for (const page of after) {
      expect({ id: page.id, level: page.level, updatedAt: page.updatedAt }).toEqual({ id: page.id, level: byId.get(page.id)!.level, updatedAt: byId.get(page.id)!.updatedAt });
      const movedPage = [ids.B, ids.C, ids.D, ids.E, ids.H].includes(page.id);
      expect({ id: page.id, changeNo: page.changeNo }).toEqual({ id: page.id, changeNo: movedPage ? row.pageChanges + 1 : byId.get(page.id)!.changeNo });
    }
    expect(await baseRow(base.baseId)).toEqual({ outlineVersion: row.outlineVersion + 1, pageChanges: row.pageChanges + 1, livePages: row.livePages });
    await expectRestOutline(base, ['A:0', 'D:1', 'E:2', 'H:3', 'B:1', 'C:2', 'F:1', 'G:0', 'X:0']);
  });

  it('down, and back up: the outline it was', async () => {
    const { base, ids } = await baseWith('A0 B0 C1 D2 E0 F1');
    const start = await outlineOf(base.baseId);
    await moves.move(base.baseId, ids.B, 'down');
    expect(await outlineOf(base.baseId)).toEqual(['A:0', 'E:0', 'F:1', 'B:0', 'C:1', 'D:2']);
    await expectRestOutline(base);
    await moves.move(base.baseId, ids.B, 'up');
    expect(await outlineOf(base.baseId)).toEqual(start);
    await moves.move(base.baseId, ids.A, 'down');
    expect(await outlineOf(base.baseId)).toEqual(['B:0', 'C:1', 'D:2', 'A:0', 'E:0', 'F:1']);
    await expectRestOutline(base);
  });

  it('indent and outdent change the level of the page and its subtree, as a PATCH of its level would', async () => {
    const { base, ids } = await baseWith('A0 B0 C1 D0');
    const before = await stored(base.baseId);
    await moves.move(base.baseId, ids.B, 'indent');
    expect(await outlineOf(base.baseId)).toEqual(['A:0', 'B:1', 'C:2', 'D:0']);
    const indented = (await stored(base.baseId)).find((p) => p.id === ids.B)!;
    expect(indented.updatedAt >= before.find((p) => p.id === ids.B)!.updatedAt).toBe(true);
    await expectRestOutline(base);
    await moves.move(base.baseId, ids.C, 'outdent');
    await moves.move(base.baseId, ids.B, 'outdent');
    // B outdented to level 0 takes C (now level 1, after it) as its child.
    expect(await outlineOf(base.baseId)).toEqual(['A:0', 'B:0', 'C:1', 'D:0']);
    await expectRestOutline(base);
  });

  it('refuses a move the page cannot make with a 400 naming it, and changes nothing', async () => {
    const { base, ids } = await baseWith('A0 B2 C1 D0');
    const state = async () => ({ pages: await stored(base.baseId), row: await baseRow(base.baseId) });
    const before = await state();
    // A is first; B (level 2 under A) and C (level 1 under A) are not siblings; D is last.
    const refused: [string, MoveDirection][] = [
      [ids.A, 'up'], [ids.A, 'indent'], [ids.A, 'outdent'], [ids.B, 'up'], [ids.B, 'down'], [ids.C, 'up'], [ids.C, 'indent'], [ids.D, 'down'],
    ];
    for (const [id, direction] of refused) {
      const error = await rejection(moves.move(base.baseId, id, direction));
      expect(error).toBeInstanceOf(DomainError);
      expect({ id, direction, code: (error as DomainError).code }).toEqual({ id, direction, code: 'BAD_REQUEST' });
      expect((error as DomainError).message).toMatch(direction === 'indent' ? /cannot be indented/ : direction === 'outdent' ? /cannot be outdented/ : new RegExp(`cannot move ${direction}`));
    }
    expect(await state()).toEqual(before);
    await expectDomainError(moves.move(base.baseId, ids.A, 'sideways' as MoveDirection), 'BAD_REQUEST');
  });

  it('indent past the deepest level is refused, as a PATCH of the level is', async () => {
    const { base, ids } = await baseWith('A0 B0');
    const deep = await s.addPage(base.baseId, { title: 'C' });
    await s.setLevel(base.baseId, deep.contentId, MAX_LEVEL);
    await expectDomainError(moves.move(base.baseId, ids.B, 'indent'), 'BAD_REQUEST');
    expect(await outlineOf(base.baseId)).toEqual(['A:0', 'B:0', `C:${MAX_LEVEL}`]);
  });

  it('404 for a page that is not live in the base: unknown, deleted, or of another base', async () => {
    const { base, ids } = await baseWith('A0 B0');
    const { base: elsewhere } = await baseWith('Z0');
    await s.pages.delete(base.baseId, ids.B);
    for (const direction of moveDirections) {
      await expectDomainError(moves.move(base.baseId, 'zzzzzz', direction), 'NOT_FOUND');
      await expectDomainError(moves.move(base.baseId, ids.B, direction), 'NOT_FOUND');
      await expectDomainError(moves.move(elsewhere.baseId, ids.A, direction), 'NOT_FOUND');
      await expectDomainError(moves.move('no-such-base', ids.A, direction), 'NOT_FOUND');
    }
  });

  it('a run of random moves follows src/outline/moves.ts step by step, with gaps in the positions', async () => {
    const pick = seededPicks(61);
    const levels = Array.from({ length: 16 }, () => pick(4));
    const { base } = await baseWith(levels.map((level, i) => `P${String.fromCharCode(97 + i)}${level}`).join(' '));
    // Delete a few, lifting their children, to leave gaps.
    for (let i = 0; i < 3; i++) {
      const list = (await s.list(base.baseId)).pages;
      await s.pages.delete(base.baseId, list[pick(list.length)].contentId);
    }
    let model = (await s.list(base.baseId)).pages.map((p) => ({ id: p.contentId, title: p.title, level: p.level }));
    const positions = (await stored(base.baseId)).map((p) => p.pos);
    const blocks = await bitmaps(base.baseId);
    for (let step = 0; step < 60; step++) {
      const index = pick(model.length);
      const direction = moveDirections[pick(4)];
      const expected = moved(model, index, direction);
      const error = await moves.move(base.baseId, model[index].id, direction).then(() => null, (e: unknown) => e);
      if (expected === null) {
        expect({ step, direction, code: (error as DomainError)?.code }).toEqual({ step, direction, code: 'BAD_REQUEST' });
      } else {
        expect({ step, direction, error }).toEqual({ step, direction, error: null });
        model = expected;
      }
      expect(await outlineOf(base.baseId)).toEqual(model.map((p) => `${p.title}:${p.level}`));
      // No move changes which positions are live.
      expect((await stored(base.baseId)).map((p) => p.pos)).toEqual(positions);
    }
    expect(await bitmaps(base.baseId)).toEqual(blocks);
    await expectRestOutline(base, model.map((p) => `${p.title}:${p.level}`));
  });

  it('moves a subtree larger than one statement of position changes (batched), on every page of it', async () => {
    const base = await h().fresh();
    const root = await s.addPage(base.baseId, { title: 'Root' });
    const children = await Promise.all(Array.from({ length: 540 }, (_, i) => s.addPage(base.baseId, { title: `C${i}` })));
    // One after another, first to last: each takes the pages after it, deeper, along.
    const inOrder = (await s.list(base.baseId)).pages.slice(1);
    for (const child of inOrder) await s.setLevel(base.baseId, child.contentId, 1);
    expect(children).toHaveLength(540);
    const last = await s.addPage(base.baseId, { title: 'Last' });
    const before = (await s.list(base.baseId)).pages.map((p) => p.contentId);
    await moves.move(base.baseId, last.contentId, 'up');
    expect((await s.list(base.baseId)).pages.map((p) => p.contentId)).toEqual([last.contentId, ...before.slice(0, -1)]);
    await moves.move(base.baseId, root.contentId, 'up');
    expect((await s.list(base.baseId)).pages.map((p) => p.contentId)).toEqual(before);
    const window = await base.call('get', `${base.pagesPath()}?offset=535&limit=10`);
    expect(window.body.pages.map((p: any) => [p.content_id, p.order, p.level])).toEqual(before.slice(535).map((id, i) => [id, 535 + i, id === last.contentId ? 0 : 1]));
  });

  it('another service on the database, its tree, paths, list and kept rank keys warm, answers the moved outline at once', async () => {
    for (const app of [h().app, other()]) app.get(KeptRankKeys).keepFrom = 0;
    try {
      const base = await h().fresh();
      const ids: Record<string, string> = {};
      for (const [title, level] of [['A', 0], ['B', 1], ['C', 1], ['D', 2]] as const) {
        ids[title] = (await s.addPage(base.baseId, { title, body: 'shared words' })).contentId;
        if (level > 0) await s.setLevel(base.baseId, ids[title], level);
      }
      const read = async () => ({
        list: (await viaOther(base, base.pagesPath())).body.pages.map((p: any) => `${p.title}:${p.order}`),
        tree: (await viaOther(base, `/bases/${base.baseId}/tree`)).body.tree.map((n: any) => n.children.map((c: any) => c.title)),
        path: (await viaOther(base, base.pagesPath(ids.D))).body.path,
        search: (await viaOther(base, `/bases/${base.baseId}/search?q=words`)).body.pages.map((p: any) => `${p.title}:${p.order}`).sort(),
      });
      // Read twice, so that whatever the other service keeps is kept.
      await read();
      expect(await read()).toEqual({ list: ['A:0', 'B:1', 'C:2', 'D:3'], tree: [['B', 'C']], path: ['A', 'C', 'D'], search: ['A:0', 'B:1', 'C:2', 'D:3'] });
      await moves.move(base.baseId, ids.C, 'up');
      expect(await read()).toEqual({ list: ['A:0', 'C:1', 'D:2', 'B:3'], tree: [['C', 'B']], path: ['A', 'C', 'D'], search: ['A:0', 'B:3', 'C:1', 'D:2'] });
      await moves.move(base.baseId, ids.C, 'outdent');
      expect(await read()).toEqual({ list: ['A:0', 'C:1', 'D:2', 'B:3'], tree: [[], ['D', 'B']], path: ['C', 'D'], search: ['A:0', 'B:3', 'C:1', 'D:2'] });
      await expectRestOutline(base, ['A:0', 'C:0', 'D:1', 'B:1']);
    } finally {
      for (const app of [h().app, other()]) app.get(KeptRankKeys).keepFrom = DEFAULT_KEEP_FROM;
    }
  });
});
