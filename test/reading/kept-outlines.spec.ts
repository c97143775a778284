// The outline the reading service keeps, on both backends: after every write of a random run
// (create, title, level, view, body, delete), what a member and an anonymous visitor see is what
// the pages service lists now, filtered by the views (plan 61). Creates, title, view and body
// changes, a delete or a level change are caught up from the pages written since; what they do not
// tell (an outline write that stamps no page, two deletes) reads the outline again.
import { possibleMoves } from '../../src/outline/moves';
import { OutlineRowsQuery } from '../../src/pages/outline-rows.query';
import { PagesService } from '../../src/pages/pages.service';
import { ReadingService, type TreeNode, type Visitor } from '../../src/reading/reading.service';
import type { View } from '../../src/vocabulary';
import { describeEachBackend, insertBase, insertUser, uniqueName } from '../support/e2e';

/** mulberry32, so a failing run can be repeated. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
    const random = seeded(seed);
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
});
