// The outline the reading service keeps, on both backends: after every write of a random run
// (create, title, level, view, body, delete), what a member and an anonymous visitor see is what
// the pages service lists now, filtered by the views. Creates, title, view and body
// changes, a delete or a level change are caught up from the pages written since; what they do not
// tell (an outline write that stamps no page, two deletes) reads the outline again.
import { possibleMoves } from '../../src/outline/moves';
import { OutlineRowsQuery } from '../../src/pages/outline-rows.query';
import { PagesService } from '../../src/pages/pages.service';
import { PageMovesService } from '../../src/pages/page-moves.service';
import { TrashService } from '../../src/pages/trash.service';
import { ReadingService, type TreeNode, type Visitor } from '../../src/reading/reading.service';
import type { View } from '../../src/vocabulary';
import { describeEachBackend, insertBase, insertUser, uniqueName } from '../support/e2e';
import { seededRandom } from '../support/seeded-random';

describeEachBackend('The reading service\'s kept outlines', (h) => {
  let reading: ReadingService;
  let pages: PagesService;
  let query: OutlineRowsQuery;
  beforeAll(() => {
    reading = h().app.get(ReadingService);
    pages = h().app.get(PagesService);
    query = h().app.get(OutlineRowsQuery);
  });
  afterEach(() => jest.restoreAllMocks());

  async function walk(baseId: string, visitor: Visitor, parent: string | null = null): Promise<TreeNode[]> {
    const slice = await reading.children(baseId, visitor, parent, { offset: 0, limit: 10_000 });
    const out: TreeNode[] = [];
    for (const node of slice.nodes) out.push(node, ...(node.hasChildren ? await walk(baseId, visitor, node.contentId) : []));
    return out;
  }

  /** What the visitor must see: the live pages as listed now, those it may read, each at the depth of its visible ancestors. */
  async function expected(baseId: string, views: Map<string, View | null>, anonymous: boolean): Promise<string[]> {
    const live = (await pages.list(baseId, {})).pages;
    const readable = (i: number) => !anonymous || (views.get(live[i].contentId) ?? 'O') === 'O';
    return live.flatMap((page, i) => {
      if (!readable(i)) return [];
      let depth = 0;
      let level = page.level;
      for (let j = i - 1; j >= 0; j--) {
        if (live[j].level < level) {
          level = live[j].level;
          if (readable(j)) depth++;
        }
      }
      return [`${page.title}@${depth}`];
    });
  }

  it.each([61, 62, 63, 64, 65, 66])('shows after every write of a random run what the pages service lists (seed %d)', async (seed) => {
    const baseId = uniqueName();
    await insertBase(h().db, baseId, 'O');
    const member: Visitor = { userId: await insertUser(h().db, baseId, 'writer') };
    const random = seededRandom(seed);
    const views = new Map<string, View | null>();
    const ids: string[] = [];
    let titles = 0;
    for (let step = 0; step < 100; step++) {
      const roll = random();
      const pick = () => ids[Math.floor(random() * ids.length)];
      if (ids.length < 3 || roll < 0.3) {
        const page = await pages.create(baseId, { title: `T${titles++}`, body: 'word', type: 'T', lang: 'en' });
        ids.push(page.contentId);
      } else if (roll < 0.45) {
        await pages.update(baseId, pick(), { title: `T${titles++}` });
      } else if (roll < 0.6) {
        const id = pick();
        const view = ([null, 'O', 'I', 'L'] as const)[Math.floor(random() * 4)];
        views.set(id, view);
        await pages.update(baseId, id, { view });
      } else if (roll < 0.75) {
        await pages.update(baseId, pick(), { level: Math.floor(random() * 4) });
      } else if (roll < 0.85) {
        await pages.update(baseId, pick(), { body: `word ${step}` });
      } else {
        const id = pick();
        await pages.delete(baseId, id);
        ids.splice(ids.indexOf(id), 1);
      }
      // Odd seeds read after every write; even ones now and then, so that several writes are caught up at once too.
      if (seed % 2 === 1 || random() < 0.4) {
        const tree = await walk(baseId, member);
        expect(tree.map((n) => `${n.title}@${n.depth}`)).toEqual(await expected(baseId, views, false));
        // A writer's moves tell the levels too (outdent: level above 0; siblings: same level).
        const live = (await pages.list(baseId, {})).pages;
        expect(tree.map((n) => n.moves)).toEqual(live.map((_, i) => possibleMoves(live, i)));
        expect((await walk(baseId, null)).map((n) => `${n.title}@${n.depth}`)).toEqual(await expected(baseId, views, true));
      }
    }
  });

  it('catches up creates, title, view and body changes, a delete and a level change without reading the outline again', async () => {
    const baseId = uniqueName();
    await insertBase(h().db, baseId, 'O');
    const member: Visitor = { userId: await insertUser(h().db, baseId, 'reader') };
    const a = await pages.create(baseId, { title: 'A', body: '', type: 'T', lang: 'en' });
    const b = await pages.create(baseId, { title: 'B', body: '', type: 'T', lang: 'en' });
    await pages.update(baseId, b.contentId, { level: 1 });
    const titlesNow = async (visitor: Visitor = null) => (await walk(baseId, visitor)).map((n) => `${n.title}@${n.depth}`).join(' ');
    expect(await titlesNow()).toBe('A@0 B@1');
    const reads = jest.spyOn(query, 'outline');

    const c = await pages.create(baseId, { title: 'C', body: '', type: 'T', lang: 'en' });
    expect(await titlesNow()).toBe('A@0 B@1 C@0');
    await pages.update(baseId, a.contentId, { title: 'A2' });
    await pages.update(baseId, b.contentId, { body: 'new body' });
    expect(await titlesNow()).toBe('A2@0 B@1 C@0');
    await pages.update(baseId, a.contentId, { view: 'L' });
    expect(await titlesNow()).toBe('B@0 C@0');
    await pages.create(baseId, { title: 'D', body: '', type: 'T', lang: 'en' });
    await pages.update(baseId, c.contentId, { title: 'C2' });
    expect(await titlesNow()).toBe('B@0 C2@0 D@0');
    await pages.update(baseId, c.contentId, { level: 1 });
    await pages.update(baseId, b.contentId, { title: 'B2', body: 'again' });
    expect(await titlesNow()).toBe('B2@0 C2@0 D@0');
    expect(await titlesNow(member)).toBe('A2@0 B2@1 C2@1 D@0');
    await pages.delete(baseId, a.contentId);
    expect(await titlesNow(member)).toBe('B2@0 C2@0 D@0');
    expect(reads).not.toHaveBeenCalled();

    // Two deletes between reads: read again.
    await pages.delete(baseId, b.contentId);
    await pages.delete(baseId, c.contentId);
    expect(await titlesNow(member)).toBe('D@0');
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('reads the outline again after an outline write that stamps no page, even with a create beside it', async () => {
    const baseId = uniqueName();
    await insertBase(h().db, baseId, 'O');
    await pages.create(baseId, { title: 'A', body: '', type: 'T', lang: 'en' });
    await pages.create(baseId, { title: 'B', body: '', type: 'T', lang: 'en' });
    const titlesNow = async () => (await walk(baseId, null)).map((n) => `${n.title}@${n.depth}`).join(' ');
    expect(await titlesNow()).toBe('A@0 B@0');
    // As a move might: the outline version moves, levels change, no page is stamped.
    await h().db.writeOutline(baseId, 0, (tx) => tx.query("UPDATE pages SET level = 1 WHERE base_id = ? AND title = 'B'", [baseId]));
    await pages.create(baseId, { title: 'C', body: '', type: 'T', lang: 'en' });
    expect(await titlesNow()).toBe('A@0 B@1 C@0');
  });

  it('reads the outline once for the requests that come together after a write', async () => {
    const baseId = uniqueName();
    await insertBase(h().db, baseId, 'O');
    for (const title of ['A', 'B', 'C']) await pages.create(baseId, { title, body: '', type: 'T', lang: 'en' });
    await walk(baseId, null);
    const reads = jest.spyOn(query, 'outline');
    const catchUps = jest.spyOn(query, 'changedSince');
    await h().db.writeOutline(baseId, 0, (tx) => tx.query("UPDATE pages SET level = 1 WHERE base_id = ? AND title = 'C'", [baseId]));
    const answers = await Promise.all(Array.from({ length: 8 }, () => reading.children(baseId, null, null, { offset: 0, limit: 10 })));
    for (const answer of answers) expect(answer.nodes.map((n) => n.title)).toEqual(['A', 'B']);
    expect(catchUps).toHaveBeenCalledTimes(1);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('catches up a move down as PageMovesService writes it, without reading the outline again', async () => {
    const baseId = uniqueName();
    await insertBase(h().db, baseId, 'O');
    const ids: Record<string, string> = {};
    for (const [title, level] of [['A', 0], ['B', 1], ['C', 0], ['D', 1], ['E', 0]] as const) {
      ids[title] = (await pages.create(baseId, { title, body: '', type: 'T', lang: 'en' })).contentId;
      if (level) await pages.update(baseId, ids[title], { level });
    }
    const writer: Visitor = { userId: await insertUser(h().db, baseId, 'writer') };
    const titlesNow = async () => (await walk(baseId, writer)).map((n) => `${n.title}@${n.depth}`).join(' ');
    expect(await titlesNow()).toBe('A@0 B@1 C@0 D@1 E@0');
    const reads = jest.spyOn(query, 'outline');
    // A's subtree past C's: the window's positions given out again in the new order (C D A B), each page given one stamped, the outline version moved.
    await h().db.writeOutline(baseId, 0, async (tx) => {
      const rows: { content_id: string; pos: number }[] = await tx.query('SELECT content_id, pos FROM pages WHERE base_id = ? AND pos IS NOT NULL ORDER BY pos', [baseId]);
      const positions = rows.map((row) => Number(row.pos));
      for (const [i, title] of ['C', 'D', 'A', 'B'].entries()) {
        await tx.query('UPDATE pages SET pos = ?, change_no = (SELECT page_changes + 1 FROM bases WHERE base_id = ?) WHERE base_id = ? AND content_id = ?', [positions[i], baseId, baseId, ids[title]]);
        await tx.query('UPDATE bases SET page_changes = page_changes + 1 WHERE base_id = ?', [baseId]);
      }
    });
    expect(await titlesNow()).toBe('C@0 D@1 A@0 B@1 E@0');
    const tree = await walk(baseId, writer);
    const live = (await pages.list(baseId, {})).pages;
    expect(tree.map((n) => n.contentId)).toEqual(live.map((p) => p.contentId));
    expect(tree.map((n) => n.moves)).toEqual(live.map((_, i) => possibleMoves(live, i)));
    expect((await reading.page(baseId, ids.B, writer)).breadcrumbs.map((c) => c.title)).toEqual(['A']);
    expect(reads).not.toHaveBeenCalled();
  });

  it.each([71, 72, 73, 74, 75, 76])('shows what the pages service lists after every write of a random run with moves and restores too (seed %d)', async (seed) => {
    const movesService = h().app.get(PageMovesService);
    const trash = h().app.get(TrashService);
    const baseId = uniqueName();
    await insertBase(h().db, baseId, 'O');
    const member: Visitor = { userId: await insertUser(h().db, baseId, 'writer') };
    const random = seededRandom(seed);
    const views = new Map<string, View | null>();
    const ids: string[] = [];
    const deleted: string[] = [];
    let titles = 0;
    const reads = jest.spyOn(query, 'outline');
    for (let step = 0; step < 120; step++) {
      const roll = random();
      const pick = () => ids[Math.floor(random() * ids.length)];
      try {
        if (ids.length < 3 || roll < 0.2) {
          ids.push((await pages.create(baseId, { title: `T${titles++}`, body: 'word', type: 'T', lang: 'en' })).contentId);
        } else if (roll < 0.3) {
          await pages.update(baseId, pick(), { title: `T${titles++}` });
        } else if (roll < 0.4) {
          const id = pick();
          const view = ([null, 'O', 'I', 'L'] as const)[Math.floor(random() * 4)];
          views.set(id, view);
          await pages.update(baseId, id, { view });
        } else if (roll < 0.7) {
          await movesService.move(baseId, pick(), (['up', 'down', 'indent', 'outdent'] as const)[Math.floor(random() * 4)]);
        } else if (roll < 0.8) {
          const id = pick();
          await pages.delete(baseId, id);
          ids.splice(ids.indexOf(id), 1);
          deleted.push(id);
        } else if (roll < 0.9 && deleted.length > 0) {
          const id = deleted.splice(Math.floor(random() * deleted.length), 1)[0];
          await trash.restore(baseId, id);
          ids.push(id);
        } else {
          await pages.update(baseId, pick(), { level: Math.floor(random() * 3) });
        }
      } catch (error) {
        // A move the page cannot make, a level past the deepest: refused, nothing changed.
        if (!(error instanceof Error) || !/cannot|deepest/.test(error.message)) throw error;
      }
      if (seed % 2 === 1 || random() < 0.4) {
        const tree = await walk(baseId, member);
        expect(tree.map((n) => `${n.title}@${n.depth}`)).toEqual(await expected(baseId, views, false));
        const live = (await pages.list(baseId, {})).pages;
        expect(tree.map((n) => n.moves)).toEqual(live.map((_, i) => possibleMoves(live, i)));
        expect((await walk(baseId, null)).map((n) => `${n.title}@${n.depth}`)).toEqual(await expected(baseId, views, true));
      }
    }
    // Most writes are caught up: the outline is read again after restores and the like only.
    expect(reads.mock.calls.length).toBeLessThan(60);
  });
});
