// ReadingService on both backends: every kind of visitor (anonymous, signed-in non-member,
// reader, writer, owner) over bases of each view holding pages of each view in every place of the
// outline (root, middle, leaf, hidden parent of a visible child, hidden chains). What each sees
// is checked against a model written from the visibility rules the README states (brute force over the outline, no
// code shared with src/reading): no hidden title in the tree, breadcrumbs or search; each visible
// page under its nearest visible ancestor; SignInToRead for anonymous visitors and 404 for the
// signed-in where something is not visible or unknown; changes through the REST API seen at once.
import { DomainError } from '../../src/errors/domain-error';
import { possibleMoves } from '../../src/outline/moves';
import { KeptRankKeys } from '../../src/search/kept-rank-keys';
import { ReadingService, type TreeNode, type Visitor } from '../../src/reading/reading.service';
import { SignInToRead } from '../../src/reading/sign-in-to-read';
import type { Role, View } from '../../src/vocabulary';
import { describeEachBackend, insertBase, insertToken, insertUser, secondService, uniqueName } from '../support/e2e';

/** The outline every base of the suite holds: title, level, own view, in display order. */
const OUTLINE: { title: string; level: number; view: View | null }[] = [
  { title: 'Alpha', level: 0, view: null }, //        root inheriting the base's view
  { title: 'Bravo', level: 1, view: 'L' }, //         members only, in the middle: a hidden parent of visible children
  { title: 'Charlie', level: 2, view: null }, //      under a hidden parent
  { title: 'Delta', level: 3, view: 'I' }, //         signed-in, leaf
  { title: 'Echo', level: 1, view: 'O' }, //          open sibling
  { title: 'Foxtrot', level: 0, view: 'L' }, //       hidden root
  { title: 'Golf', level: 1, view: 'L' }, //          hidden chain
  { title: 'Hotel', level: 2, view: 'L' }, //         hidden chain, deeper
  { title: 'India', level: 3, view: 'O' }, //         open under three hidden pages
  { title: 'Juliett', level: 2, view: 'I' }, //       signed-in under a hidden chain
  { title: 'Kilo', level: 0, view: 'I' }, //          signed-in root leaf
  { title: 'Lima', level: 0, view: 'O' }, //          open root
  { title: 'Mike', level: 1, view: 'I' }, //          signed-in child of an open root
  { title: 'November', level: 3, view: 'O' }, //      a level skipped: child of Mike
  { title: 'Oscar', level: 2, view: 'L' }, //         hidden leaf, child of Mike
];

type VisitorKind = 'anonymous' | 'non-member' | Role;
const visitorKinds: VisitorKind[] = ['anonymous', 'non-member', 'reader', 'writer', 'owner'];

/** Brute force: who reads what. */
function reads(view: View, kind: VisitorKind): boolean {
  if (view === 'O') return true;
  if (view === 'I') return kind !== 'anonymous';
  return kind !== 'anonymous' && kind !== 'non-member';
}

interface Expected {
  title: string;
  depth: number;
  parent: string | null;
  /** Visible ancestors, root first. */
  crumbs: string[];
}

/** The model: a page's ancestors are the earlier pages of lower level with nothing at their level or above between. */
function expectedTree(pages: { title: string; level: number; view: View | null }[], baseView: View, kind: VisitorKind): Expected[] {
  const visible = (i: number) => reads(pages[i].view ?? baseView, kind);
  const isAncestor = (j: number, i: number) => j < i && pages[j].level < pages[i].level && pages.slice(j + 1, i).every((p) => p.level > pages[j].level);
  return pages.flatMap((page, i) => {
    if (!visible(i)) return [];
    const crumbs = pages.map((_, j) => j).filter((j) => isAncestor(j, i) && visible(j)).map((j) => pages[j].title);
    return [{ title: page.title, depth: crumbs.length, parent: crumbs.length ? crumbs[crumbs.length - 1] : null, crumbs }];
  });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** What a visitor gets for something not visible: the sign-in page when anonymous, else the 404 of the unknown. */
async function expectUnseen(promise: Promise<unknown>, visitor: Visitor): Promise<void> {
  const error = await rejection(promise);
  if (visitor === null) expect(error).toBeInstanceOf(SignInToRead);
  else {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('NOT_FOUND');
  }
}

interface Fixture {
  baseId: string;
  token: string;
  ids: Record<string, string>;
  visitors: Record<VisitorKind, Visitor>;
}

describeEachBackend('ReadingService', (h) => {
  let reading: ReadingService;
  beforeAll(() => {
    reading = h().app.get(ReadingService);
  });

  /** A REST call with the base's owner token. */
  async function api(f: { baseId: string; token: string }, method: 'post' | 'patch' | 'delete', path: string, body?: unknown) {
    const { default: request } = await import('supertest');
    let req = request(h().app.getHttpServer())[method](`/api/v1/bases/${f.baseId}/pages${path}`).set('Authorization', `Bearer ${f.token}`);
    if (body !== undefined) req = req.set('Content-Type', 'application/json').send(JSON.stringify(body));
    const res = await req;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return res.body;
  }

  /** A base of `view` holding OUTLINE, its owner, writer, reader and a signed-in user of no role in it. */
  async function fixture(view: View, pages = OUTLINE): Promise<Fixture> {
    const db = h().db;
    const baseId = uniqueName();
    await insertBase(db, baseId, view);
    const owner = await insertUser(db, baseId, 'owner');
    const token = await insertToken(db, { baseId, userId: owner });
    const visitors: Record<VisitorKind, Visitor> = {
      anonymous: null, 'non-member': { userId: await insertUser(db, baseId, null) },
      reader: { userId: await insertUser(db, baseId, 'reader') }, writer: { userId: await insertUser(db, baseId, 'writer') }, owner: { userId: owner },
    };
    const f = { baseId, token, ids: {} as Record<string, string>, visitors };
    for (const page of pages) {
      const created = await api(f, 'post', '', { title: page.title, body: `kbword body of ${page.title}`, content_type: 'T' });
      f.ids[page.title] = created.content_id;
      if (page.level > 0 || page.view !== null) await api(f, 'patch', `/${created.content_id}`, { level: page.level, ...(page.view ? { view: page.view } : {}) });
    }
    return f;
  }

  /** The visitor's whole tree, walked through children() from the roots, depth first. */
  async function walk(f: Fixture, visitor: Visitor, parent: string | null = null, parentTitle: string | null = null): Promise<(TreeNode & { parent: string | null })[]> {
    const slice = await reading.children(f.baseId, visitor, parent, { offset: 0, limit: 1000 });
    expect(slice.total).toBe(slice.nodes.length);
    const out: (TreeNode & { parent: string | null })[] = [];
    for (const node of slice.nodes) {
      out.push({ ...node, parent: parentTitle });
      const below = await walk(f, visitor, node.contentId, node.title);
      expect(node.hasChildren).toBe(below.length > 0);
      out.push(...below);
    }
    return out;
  }

  describe.each<View>(['O', 'I', 'L'])('a base of view %s', (baseView) => {
    let f: Fixture;
    beforeAll(async () => {
      f = await fixture(baseView);
    });

    it.each(visitorKinds)('shows %s the base, or not, as its view says', async (kind) => {
      const visitor = f.visitors[kind];
      if (!reads(baseView, kind)) {
        await expectUnseen(reading.base(f.baseId, visitor), visitor);
        await expectUnseen(reading.children(f.baseId, visitor, null, { offset: 0, limit: 50 }), visitor);
        await expectUnseen(reading.search(f.baseId, visitor, 'kbword', { offset: 0, limit: 50 }), visitor);
        for (const title of ['Alpha', 'Lima']) await expectUnseen(reading.page(f.baseId, f.ids[title], visitor), visitor);
        expect((await reading.visibleBases(visitor)).map((b) => b.baseId)).not.toContain(f.baseId);
        return;
      }
      const expected = expectedTree(OUTLINE, baseView, kind);
      const role = kind === 'anonymous' || kind === 'non-member' ? null : kind;
      expect(await reading.base(f.baseId, visitor)).toEqual({
        baseId: f.baseId, description: `Base ${f.baseId}`, view: baseView, role,
        mayWrite: role === 'writer' || role === 'owner', isOwner: role === 'owner', visiblePages: expected.length,
      });
      expect((await reading.visibleBases(visitor)).find((b) => b.baseId === f.baseId)).toEqual({ baseId: f.baseId, description: `Base ${f.baseId}`, view: baseView, role });
    });

    it.each(visitorKinds)('gives %s the tree of the visible pages, each under its nearest visible ancestor', async (kind) => {
      const visitor = f.visitors[kind];
      if (!reads(baseView, kind)) return;
      const tree = await walk(f, visitor);
      const expected = expectedTree(OUTLINE, baseView, kind);
      expect(tree.map((n) => ({ title: n.title, depth: n.depth, parent: n.parent }))).toEqual(expected.map(({ title, depth, parent }) => ({ title, depth, parent })));
      for (const node of tree) expect(node.contentId).toBe(f.ids[node.title]);
      // Moves: on the real outline for writers, none for the others.
      const writes = kind === 'writer' || kind === 'owner';
      for (const node of tree) {
        const index = OUTLINE.findIndex((p) => p.title === node.title);
        expect(node.moves).toEqual(writes ? possibleMoves(OUTLINE, index) : { up: false, down: false, indent: false, outdent: false });
      }
      if (kind === 'reader' || kind === 'writer' || kind === 'owner') expect(tree.map((n) => `${n.title}${n.depth}`)).toEqual(OUTLINE.map((p) => `${p.title}${p.level === 3 && p.title === 'November' ? 2 : p.level}`));
    });

    it.each(visitorKinds)('lets %s read the visible pages with visible breadcrumbs only, and no other', async (kind) => {
      const visitor = f.visitors[kind];
      if (!reads(baseView, kind)) return;
      const expected = new Map(expectedTree(OUTLINE, baseView, kind).map((e) => [e.title, e]));
      for (const page of OUTLINE) {
        const contentId = f.ids[page.title];
        const want = expected.get(page.title);
        if (!want) {
          await expectUnseen(reading.page(f.baseId, contentId, visitor), visitor);
          await expectUnseen(reading.children(f.baseId, visitor, contentId, { offset: 0, limit: 50 }), visitor);
          continue;
        }
        const read = await reading.page(f.baseId, contentId, visitor);
        expect(read).toMatchObject({ contentId, title: page.title, type: 'T', html: null, body: `kbword body of ${page.title}`, view: page.view, effectiveView: page.view ?? baseView, level: page.level });
        expect(read.breadcrumbs).toEqual(want.crumbs.map((title) => ({ contentId: f.ids[title], title })));
      }
    });

    it.each(visitorKinds)('finds for %s only the pages it may read, and counts only those', async (kind) => {
      const visitor = f.visitors[kind];
      if (!reads(baseView, kind)) return;
      const expected = expectedTree(OUTLINE, baseView, kind).map((e) => e.title);
      const all = await reading.search(f.baseId, visitor, 'kbword', { offset: 0, limit: 100 });
      expect(all.hits.map((hit) => hit.title).sort()).toEqual([...expected].sort());
      expect(all.total).toBe(expected.length);
      // Paged: windows of the same order, the same total.
      const firstTwo = await reading.search(f.baseId, visitor, 'kbword', { offset: 0, limit: 2 });
      const nextTwo = await reading.search(f.baseId, visitor, 'kbword', { offset: 2, limit: 2 });
      expect([...firstTwo.hits, ...nextTwo.hits]).toEqual(all.hits.slice(0, 4));
      expect(firstTwo.total).toBe(expected.length);
      // A title is searched too: a hidden page's title finds nothing.
      for (const page of OUTLINE) {
        const found = await reading.search(f.baseId, visitor, page.title, { offset: 0, limit: 10 });
        expect(found.hits.map((hit) => hit.title)).toEqual(expected.includes(page.title) ? [page.title] : []);
      }
    });
  });

  it('leaves the hidden pages out of a search ranked by kept rank keys (as bases of 2,000 pages or more are) too', async () => {
    const keys = h().app.get(KeptRankKeys);
    const before = keys.keepFrom;
    keys.keepFrom = 0;
    try {
      const f = await fixture('O');
      for (const kind of visitorKinds) {
        const expected = expectedTree(OUTLINE, 'O', kind).map((e) => e.title);
        for (let round = 0; round < 2; round++) {
          const found = await reading.search(f.baseId, f.visitors[kind], 'kbword', { offset: 1, limit: 100 });
          expect(found.total).toBe(expected.length);
          expect(found.hits).toHaveLength(expected.length - 1);
          for (const hit of found.hits) expect(expected).toContain(hit.title);
        }
      }
    } finally {
      keys.keepFrom = before;
    }
  });

  it('follows a change of the base\'s view at once (settings write the base row)', async () => {
    const f = await fixture('O', OUTLINE);
    const setView = (view: View) => h().db.write((tx) => tx.query('UPDATE bases SET view_mode = ? WHERE base_id = ?', [view, f.baseId]));
    const titles = async (visitor: Visitor) => (await reading.children(f.baseId, visitor, null, { offset: 0, limit: 50 })).nodes.map((n) => n.title);
    expect(await titles(null)).toEqual(expectedTree(OUTLINE, 'O', 'anonymous').filter((e) => e.depth === 0).map((e) => e.title));
    await setView('L');
    await expectUnseen(reading.base(f.baseId, null), null);
    await expectUnseen(reading.search(f.baseId, f.visitors['non-member'], 'kbword', { offset: 0, limit: 50 }), f.visitors['non-member']);
    expect(await titles(f.visitors.reader)).toEqual(['Alpha', 'Foxtrot', 'Kilo', 'Lima']);
    await setView('I');
    expect(await titles(f.visitors['non-member'])).toEqual(expectedTree(OUTLINE, 'I', 'non-member').filter((e) => e.depth === 0).map((e) => e.title));
    expect((await reading.search(f.baseId, f.visitors['non-member'], 'kbword', { offset: 0, limit: 50 })).total).toBe(expectedTree(OUTLINE, 'I', 'non-member').length);
  });

  it('answers an unknown base and an unknown page as it answers hidden ones', async () => {
    const f = await fixture('O', OUTLINE.slice(0, 1));
    for (const kind of visitorKinds) {
      const visitor = f.visitors[kind];
      await expectUnseen(reading.base(`no-such-${f.baseId}`, visitor), visitor);
      await expectUnseen(reading.page(`no-such-${f.baseId}`, f.ids.Alpha, visitor), visitor);
      await expectUnseen(reading.page(f.baseId, 'zzzzzz', visitor), visitor);
      await expectUnseen(reading.children(f.baseId, visitor, 'zzzzzz', { offset: 0, limit: 5 }), visitor);
    }
  });

  it('pages the roots and the children', async () => {
    const f = await fixture('O', [
      ...Array.from({ length: 7 }, (_, i) => ({ title: `Root${i}`, level: 0, view: i % 3 === 1 ? ('L' as View) : null })),
      ...Array.from({ length: 5 }, (_, i) => ({ title: `Child${i}`, level: 1, view: null })),
    ]);
    const roots = await reading.children(f.baseId, null, null, { offset: 1, limit: 2 });
    expect(roots).toEqual({ total: 5, nodes: [expect.objectContaining({ title: 'Root2' }), expect.objectContaining({ title: 'Root3' })] });
    expect(await reading.children(f.baseId, null, null, { offset: 4, limit: 50 })).toEqual({ total: 5, nodes: [expect.objectContaining({ title: 'Root6', hasChildren: true })] });
    const children = await reading.children(f.baseId, null, f.ids.Root6, { offset: 3, limit: 5 });
    expect(children.total).toBe(5);
    expect(children.nodes.map((n) => n.title)).toEqual(['Child3', 'Child4']);
  });

  it('renders Markdown and HTML pages as stored, and a text page not at all', async () => {
    const f = await fixture('O', []);
    const md = await api(f, 'post', '', { title: 'Md', body: '# Heading\n\n<script>alert(1)</script>text', content_type: 'M' });
    const html = await api(f, 'post', '', { title: 'Html', body: '<p onclick="x()">Hello</p><script>bad()</script>', content_type: 'H' });
    const text = await api(f, 'post', '', { title: 'Text', body: '<b>not html</b>', content_type: 'T' });
    const mdPage = await reading.page(f.baseId, md.content_id, null);
    expect(mdPage.html).toContain('<h1');
    expect(mdPage.html).not.toContain('<script');
    expect(mdPage.body).toBe('# Heading\n\n<script>alert(1)</script>text');
    const htmlPage = await reading.page(f.baseId, html.content_id, null);
    expect(htmlPage.html).toContain('Hello');
    expect(htmlPage.html).not.toMatch(/onclick|<script/);
    expect(htmlPage.html).toBe(htmlPage.body);
    expect(await reading.page(f.baseId, text.content_id, null)).toMatchObject({ html: null, body: '<b>not html</b>', type: 'T' });
  });

  describe('changes through the REST API', () => {
    const other = secondService(h);

    it('are seen at once: view, title, level, create, delete, in this process and another', async () => {
      const f = await fixture('O', [
        { title: 'Top', level: 0, view: null }, { title: 'Mid', level: 1, view: null }, { title: 'Low', level: 2, view: null },
      ]);
      const there = other().get(ReadingService);
      const titles = async (service: ReadingService, visitor: Visitor) => (await walkWith(service, f, visitor)).map((n) => `${n.title}${n.depth}`).join(' ');
      // Both processes keep the outline first.
      for (const service of [reading, there]) expect(await titles(service, null)).toBe('Top0 Mid1 Low2');

      await api(f, 'patch', `/${f.ids.Mid}`, { view: 'L' });
      for (const service of [reading, there]) {
        expect(await titles(service, null)).toBe('Top0 Low1');
        expect(await titles(service, f.visitors.reader)).toBe('Top0 Mid1 Low2');
        expect((await service.page(f.baseId, f.ids.Low, null)).breadcrumbs.map((c) => c.title)).toEqual(['Top']);
        expect((await service.search(f.baseId, null, 'kbword', { offset: 0, limit: 10 })).total).toBe(2);
        await expectUnseen(service.page(f.baseId, f.ids.Mid, null), null);
      }

      await api(f, 'patch', `/${f.ids.Low}`, { title: 'Lower' });
      for (const service of [reading, there]) expect(await titles(service, null)).toBe('Top0 Lower1');

      await api(f, 'patch', `/${f.ids.Low}`, { level: 1 });
      for (const service of [reading, there]) {
        expect(await titles(service, null)).toBe('Top0 Lower1');
        expect(await titles(service, f.visitors.owner)).toBe('Top0 Mid1 Lower1');
      }

      const created = await api(f, 'post', '', { title: 'New', body: 'kbword', content_type: 'T' });
      for (const service of [reading, there]) {
        expect(await titles(service, null)).toBe('Top0 Lower1 New0');
        expect((await service.search(f.baseId, null, 'kbword', { offset: 0, limit: 10 })).total).toBe(3);
      }

      await api(f, 'patch', `/${f.ids.Mid}`, { view: null });
      for (const service of [reading, there]) expect(await titles(service, null)).toBe('Top0 Mid1 Lower1 New0');

      await api(f, 'delete', `/${f.ids.Top}`);
      for (const service of [reading, there]) {
        expect(await titles(service, null)).toBe('Mid0 Lower0 New0');
        await expectUnseen(service.page(f.baseId, f.ids.Top, f.visitors.owner), f.visitors.owner);
      }

      await api(f, 'patch', `/${created.content_id}`, { view: 'I' });
      for (const service of [reading, there]) {
        expect(await titles(service, null)).toBe('Mid0 Lower0');
        expect(await titles(service, f.visitors['non-member'])).toBe('Mid0 Lower0 New0');
        expect((await service.base(f.baseId, null)).visiblePages).toBe(2);
      }
    });
  });

  async function walkWith(service: ReadingService, f: Fixture, visitor: Visitor, parent: string | null = null): Promise<TreeNode[]> {
    const slice = await service.children(f.baseId, visitor, parent, { offset: 0, limit: 1000 });
    const out: TreeNode[] = [];
    for (const node of slice.nodes) out.push(node, ...(node.hasChildren ? await walkWith(service, f, visitor, node.contentId) : []));
    return out;
  }
});

