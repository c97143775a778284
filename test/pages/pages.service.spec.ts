// PagesService on real databases: creating, reading, updating, deleting and listing pages, and
// every write being one transaction (a failure inside it leaves nothing behind).
import * as contentIdModule from '../../src/pages/content-id';
import { MysqlQueryRunner } from 'typeorm/driver/mysql/MysqlQueryRunner';
import { MAX_LEVEL } from '../../src/outline/limits';
import { SearchIndexService } from '../../src/search/search-index.service';
import { postingsOf } from '../search/support';
import { describeEachBackend } from '../support/e2e';
import { expectDomainError, Services } from './support';

describeEachBackend('PagesService', (h, backend) => {
  let s: Services;
  beforeAll(() => {
    s = new Services(h());
  });
  afterEach(() => jest.restoreAllMocks());

  /** Makes the content id generator hand out `ids` in turn, then random ones; counts the asks. */
  function contentIds(...ids: string[]): { calls: () => number } {
    const real = contentIdModule.newContentId;
    let calls = 0;
    jest.spyOn(contentIdModule, 'newContentId').mockImplementation(() => ids[calls++] ?? real());
    return { calls: () => calls };
  }

  const restore: (() => void)[] = [];
  afterEach(() => restore.splice(0).forEach((undo) => undo()));

  /** The search index of the app, merging once `threshold` pages are pending (as it was again after the test). */
  function mergingAt(threshold: number): SearchIndexService {
    const index = s.searchIndex as SearchIndexService;
    const before = index.mergeThreshold;
    index.mergeThreshold = threshold;
    restore.push(() => (index.mergeThreshold = before));
    return index;
  }

  /** How many statements a round trip on MySQL sent: the pipeline joins them with semicolons, and
   * no value rides in the text (all are parameters), so none holds one of its own. */
  const statementsIn = (trip: string): number => trip.split(';').filter((part) => part.trim() !== '').length;

  /** The base's pages waiting in the search index's pending list. */
  async function pendingPages(baseId: string): Promise<number> {
    return Number((await s.db.reader.query('SELECT COUNT(*) AS n FROM search_pending WHERE base_id = ?', [baseId]))[0].n);
  }

  /** The body and HTML stored for a page (reads of the service leave the HTML out). */
  async function storedTexts(baseId: string, contentId: string): Promise<{ body: string; body_html: string | null; search_title: string }> {
    const rows: { body: string; body_html: string | null; search_title: string }[] = await s.db.reader.query(
      'SELECT t.body, t.body_html, t.search_title FROM pages p JOIN page_texts t ON t.page_id = p.page_id WHERE p.base_id = ? AND p.content_id = ?',
      [baseId, contentId],
    );
    return rows[0];
  }

  it('create appends the page at the end at level 0 with the given fields and path [title]', async () => {
    const baseId = await s.newBase();
    await s.addPage(baseId, { title: 'First' });
    const created = await s.pages.create(baseId, { title: 'インストール', body: '# Setup', type: 'M', lang: 'ja' });
    expect(created).toMatchObject({ baseId, level: 0, position: 1, title: 'インストール', body: '# Setup', type: 'M', lang: 'ja', view: null, path: ['インストール'] });
    expect(created.updatedAt).toBe(created.createdAt);
    expect(await s.pages.detail(baseId, created.contentId)).toEqual(created);
    const { pages } = await s.list(baseId);
    expect(pages.map((p) => [p.title, p.order, p.level])).toEqual([['First', 0, 0], ['インストール', 1, 0]]);
  });

  it('create in a base removed after the request was let in is NOT_FOUND and writes nothing', async () => {
    const baseId = await s.newBase();
    await s.db.write((tx) => tx.query('DELETE FROM bases WHERE base_id = ?', [baseId]));
    await expectDomainError(s.pages.create(baseId, { title: 'Orphan', body: '', type: 'T', lang: 'en' }), 'NOT_FOUND');
    expect(await s.db.reader.query('SELECT page_id FROM pages WHERE base_id = ?', [baseId])).toEqual([]);
  });

  it.each([
    ['a title', { title: 'Renamed' }],
    ['a level', { level: 1 }],
    ['a body', { body: 'New body' }],
  ])('update of %s in a base removed after the request was let in says the base no longer exists', async (_, change) => {
    const baseId = await s.newBase();
    await s.db.write((tx) => tx.query('DELETE FROM bases WHERE base_id = ?', [baseId]));
    const error = await s.pages.update(baseId, 'zzzzzz', change).catch((e: Error) => e);
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/no longer exists/) });
  });

  it('delete in a base removed after the request was let in says the base no longer exists', async () => {
    const baseId = await s.newBase();
    await s.db.write((tx) => tx.query('DELETE FROM bases WHERE base_id = ?', [baseId]));
    const error = await s.pages.delete(baseId, 'zzzzzz').catch((e: Error) => e);
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/no longer exists/) });
  });

  it('delete of a page without descendants shifts no level (no statement for an empty range)', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B1 C0');
    const statements: string[] = [];
    const write = s.db.write.bind(s.db);
    jest.spyOn(s.db, 'write').mockImplementation((work) => write((tx) => {
      const query = tx.query.bind(tx);
      tx.query = ((sql: string, parameters?: unknown[]) => (statements.push(sql), query(sql, parameters))) as typeof tx.query;
      return work(tx);
    }));
    await s.pages.delete(baseId, ids.B);
    expect(statements.filter((sql) => sql.includes('SET level'))).toEqual([]);
    await s.pages.delete(baseId, ids.A);
    expect(await s.outlineSpec(baseId)).toBe('C0');
  });

  it('a delete that finds no page leaves the outline version and the live count as they were', async () => {
    const baseId = await s.newBase();
    await s.addPage(baseId, { title: 'Kept' });
    const before = [await s.outlineVersion(baseId), await s.countPages(baseId)];
    await expectDomainError(s.pages.delete(baseId, 'zzzzzz'), 'NOT_FOUND');
    expect([await s.outlineVersion(baseId), await s.countPages(baseId)]).toEqual(before);
  });

  it('create draws a new content id while the drawn one is taken in the base', async () => {
    const baseId = await s.newBase();
    const taken = await s.addPage(baseId, { title: 'Taken' });
    const ids = contentIds(taken.contentId, taken.contentId, 'fresh1');
    const created = await s.addPage(baseId, { title: 'New' });
    expect(created.contentId).toBe('fresh1');
    expect(ids.calls()).toBe(3);
    expect((await s.pages.detail(baseId, taken.contentId)).title).toBe('Taken');
  });

  (backend === 'mysql' ? it : it.skip)('create is one round trip on MySQL: lock, append, text, bit and pending page, where it went, COMMIT', async () => {
    mergingAt(10 ** 9); // no count of pending pages after the write
    const baseId = await s.newBase();
    await s.addPage(baseId, { title: 'Before' });
    const sent: string[] = [];
    const query = MysqlQueryRunner.prototype.query;
    jest.spyOn(MysqlQueryRunner.prototype, 'query').mockImplementation(function (this: MysqlQueryRunner, ...args: Parameters<typeof query>) {
      sent.push(String(args[0]));
      return query.apply(this, args);
    });
    const after = await s.addPage(baseId, { title: 'After', body: 'after body' });
    const trips = sent.filter((sql) => !sql.startsWith('SET SESSION'));
    // One trip, the whole transaction in it: its start, the base's lock and counts, the page, its
    // change count, text, bit and pending row, the read of where it went, and the commit.
    expect(trips.map(statementsIn)).toEqual([9]);
    jest.restoreAllMocks();
    // Each statement's work, as reads see it: where the page went (as the one round trip answered
    // it), its text, its place in the live list and its pending row for the search index.
    const list = await s.list(baseId);
    expect(list.pages.map((p) => [p.title, p.order])).toEqual([['Before', 0], ['After', 1]]);
    expect((await storedTexts(baseId, after.contentId)).body).toBe('after body');
    expect(await s.countPages(baseId)).toBe(2);
    expect(await pendingPages(baseId)).toBe(2);
  });

  (backend === 'mysql' ? it : it.skip)('a level change that fits under the base\'s deepest level holds the base locked for two round trips on MySQL', async () => {
    const baseId = await s.newBase();
    const parent = await s.addPage(baseId, { title: 'Parent' });
    const child = await s.addPage(baseId, { title: 'Child' });
    await s.setLevel(baseId, child.contentId, 1);
    const sent: string[] = [];
    const query = MysqlQueryRunner.prototype.query;
    jest.spyOn(MysqlQueryRunner.prototype, 'query').mockImplementation(function (this: MysqlQueryRunner, ...args: Parameters<typeof query>) {
      sent.push(String(args[0]));
      return query.apply(this, args);
    });
    await s.setLevel(baseId, parent.contentId, 3);
    const trips = sent.filter((sql) => !sql.startsWith('SET SESSION'));
    // The first trip starts the transaction, locks the base and reads the page with the base's
    // deepest level; the second writes the page, its change count and its subtree's levels, and commits.
    expect(trips.map(statementsIn)).toEqual([3, 4]);
    jest.restoreAllMocks();
    expect(await s.outlineSpec(baseId)).toBe('Parent3 Child4');
  });

  it('a soft-deleted page keeps its content id taken', async () => {
    const baseId = await s.newBase();
    const gone = await s.addPage(baseId, { title: 'Gone' });
    await s.pages.delete(baseId, gone.contentId);
    contentIds(gone.contentId);
    expect((await s.addPage(baseId, { title: 'New' })).contentId).not.toBe(gone.contentId);
  });

  it('the same content id lives independently in two bases', async () => {
    const [one, two] = [await s.newBase(), await s.newBase()];
    contentIds('same01', 'same01');
    await s.addPage(one, { title: 'In one' });
    await s.addPage(two, { title: 'In two' });
    await s.pages.update(one, 'same01', { title: 'Renamed in one' });
    await s.pages.delete(two, 'same01');
    expect((await s.pages.detail(one, 'same01')).title).toBe('Renamed in one');
    await expectDomainError(s.pages.detail(two, 'same01'), 'NOT_FOUND');
  });

  it('detail is NOT_FOUND for an unknown page, a deleted page and a page of another base', async () => {
    const [mine, other] = [await s.newBase(), await s.newBase()];
    await expectDomainError(s.pages.detail(mine, 'zzzzzz'), 'NOT_FOUND');
    const deleted = await s.addPage(mine, { title: 'Deleted' });
    await s.pages.delete(mine, deleted.contentId);
    await expectDomainError(s.pages.detail(mine, deleted.contentId), 'NOT_FOUND');
    const elsewhere = await s.addPage(other, { title: 'Elsewhere' });
    await expectDomainError(s.pages.detail(mine, elsewhere.contentId), 'NOT_FOUND');
  });

  it('detail of a page no deeper than the probed levels reads page and path in one statement', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B1 C2 D3 E4');
    const reads = jest.spyOn(s.repository, 'findWithNearest');
    expect(await s.pathOf(baseId, ids.E)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(reads.mock.calls.map((call) => call[3])).toEqual([4]);
  });

  it('detail of a deeper page reads it again probing every level, and probes deeper in that base from then on', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B1 C2 D3 E4 F5 G6 H7 I8 J9 K10 L11 M12 N13 O14');
    const reads = jest.spyOn(s.repository, 'findWithNearest');
    expect(await s.pathOf(baseId, ids.N)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N']);
    expect(reads.mock.calls.map((call) => call[3])).toEqual([4, MAX_LEVEL]);
    reads.mockClear();
    // The levels probed first now reach 12 (at most): a page of level 12 takes one statement.
    expect(await s.pathOf(baseId, ids.M)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M']);
    expect(reads.mock.calls.map((call) => call[3])).toEqual([12]);
  });

  it('detail at the outline version it kept ancestors for reads only the page, and probes again once the version moved', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B1 C2');
    const probes = jest.spyOn(s.repository, 'findWithNearest');
    const version = await s.outlineVersion(baseId);
    expect((await s.pages.detail(baseId, ids.C, { outlineVersion: version })).path).toEqual(['A', 'B', 'C']);
    expect((await s.pages.detail(baseId, ids.C, { outlineVersion: version })).path).toEqual(['A', 'B', 'C']);
    expect(probes).toHaveBeenCalledTimes(1);
    await s.pages.update(baseId, ids.B, { title: 'B2' });
    probes.mockClear();
    // A caller that still saw the old version: the page's own read shows the version moved.
    expect((await s.pages.detail(baseId, ids.C, { outlineVersion: version })).path).toEqual(['A', 'B2', 'C']);
    expect(probes).toHaveBeenCalledTimes(1);
    expect((await s.pages.detail(baseId, ids.C, { outlineVersion: await s.outlineVersion(baseId) })).path).toEqual(['A', 'B2', 'C']);
    expect(probes).toHaveBeenCalledTimes(1);
  });

  // SQLite has no count of the rows a statement reads; MariaDB's user statistics count them per table.
  (backend === 'mysql' ? it : it.skip)('detail answering from a kept body reads no row of page_texts', async () => {
    const baseId = await s.newBase();
    const page = await s.addPage(baseId, { title: 'Doc', body: 'a body worth keeping' });
    const textRowsRead = async (): Promise<number> => {
      const rows: { rows_read: number }[] = await s.db.reader.query(
        "SELECT ROWS_READ AS rows_read FROM information_schema.TABLE_STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'page_texts'",
      );
      return Number(rows[0]?.rows_read ?? 0);
    };
    const [{ userstat }]: { userstat: number }[] = await s.db.reader.query('SELECT @@GLOBAL.userstat AS userstat');
    await s.db.reader.query('SET GLOBAL userstat = 1');
    try {
      const version = await s.outlineVersion(baseId);
      expect((await s.pages.detail(baseId, page.contentId, { outlineVersion: version })).body).toBe('a body worth keeping');
      const before = await textRowsRead();
      expect(before).toBeGreaterThan(0);
      expect((await s.pages.detail(baseId, page.contentId, { outlineVersion: version })).body).toBe('a body worth keeping');
      expect(await textRowsRead()).toBe(before);
      await s.pages.update(baseId, page.contentId, { body: 'a new body' });
      expect((await s.pages.detail(baseId, page.contentId, { outlineVersion: version })).body).toBe('a new body');
      expect(await textRowsRead()).toBeGreaterThan(before);
    } finally {
      await s.db.reader.query(`SET GLOBAL userstat = ${Number(userstat)}`);
    }
  });

  it('update moves the outline version when it is sent a title or a level, and only then', async () => {
    const baseId = await s.newBase();
    const page = await s.addPage(baseId, { title: 'Doc' });
    const moves = async (changes: Parameters<typeof s.pages.update>[2]) => {
      const before = await s.outlineVersion(baseId);
      await s.pages.update(baseId, page.contentId, changes);
      return (await s.outlineVersion(baseId)) - before;
    };
    expect(await moves({ body: 'new body', view: 'O', lang: 'ja' })).toBe(0);
    expect(await moves({ title: 'Doc 2' })).toBe(1);
    expect(await moves({ level: 1 })).toBe(1);
  });

  it('update applies only the given changes and refreshes updatedAt', async () => {
    const baseId = await s.newBase();
    const page = await s.addPage(baseId, { title: 'Old', body: 'kept body', type: 'T', lang: 'en' });
    // Timestamps have milliseconds: a few later, the update's must be later.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await s.pages.update(baseId, page.contentId, { title: 'New', lang: 'ja' });
    const { updatedAt, ...rest } = updated;
    expect(rest).toEqual({ ...page, updatedAt: undefined, title: 'New', lang: 'ja', path: ['New'] });
    expect((await storedTexts(baseId, page.contentId)).search_title).toBe('new');
    expect(updatedAt > page.updatedAt).toBe(true);
    expect(await s.pages.detail(baseId, page.contentId)).toEqual(updated);
  });

  it('update sets view and sets it back to null', async () => {
    const baseId = await s.newBase();
    const page = await s.addPage(baseId, { title: 'Viewed' });
    expect((await s.pages.update(baseId, page.contentId, { view: 'I' })).view).toBe('I');
    expect((await s.pages.detail(baseId, page.contentId)).view).toBe('I');
    await s.pages.update(baseId, page.contentId, { view: null });
    expect((await s.pages.detail(baseId, page.contentId)).view).toBeNull();
  });

  it('update of other fields keeps the rendered HTML of an M page', async () => {
    const baseId = await s.newBase();
    const created = await s.addPage(baseId, { title: 'Doc', body: '**bold**', type: 'M' });
    const html = (await storedTexts(baseId, created.contentId)).body_html;
    expect(html).toMatch(/<strong>bold<\/strong>/);
    await s.pages.update(baseId, created.contentId, { lang: 'ja', view: 'O', title: 'Doc 2' });
    expect(await storedTexts(baseId, created.contentId)).toMatchObject({ body: '**bold**', body_html: html });
  });

  it('update stores a new body and its HTML together', async () => {
    const baseId = await s.newBase();
    const page = await s.addPage(baseId, { title: 'Doc', body: 'one', type: 'M' });
    await s.pages.update(baseId, page.contentId, { body: '*two*' });
    const stored = await storedTexts(baseId, page.contentId);
    expect(stored.body).toBe('*two*');
    expect(stored.body_html).toMatch(/<em>two<\/em>/);
  });

  it('update keeps createdAt', async () => {
    const baseId = await s.newBase();
    const page = await s.addPage(baseId, { title: 'Timed' });
    const updated = await s.pages.update(baseId, page.contentId, { body: 'changed' });
    expect(updated.createdAt).toBe(page.createdAt);
    expect((await s.pages.detail(baseId, page.contentId)).createdAt).toBe(page.createdAt);
  });

  it('update with no field is BAD_REQUEST', async () => {
    const baseId = await s.newBase();
    const page = await s.addPage(baseId, { title: 'Same' });
    await expectDomainError(s.pages.update(baseId, page.contentId, {}), 'BAD_REQUEST');
  });

  it('update is NOT_FOUND for an unknown page, a deleted page and a page of another base, which it leaves alone', async () => {
    const [mine, other] = [await s.newBase(), await s.newBase()];
    await expectDomainError(s.pages.update(mine, 'zzzzzz', { title: 'x' }), 'NOT_FOUND');
    const deleted = await s.addPage(mine, { title: 'Deleted' });
    await s.pages.delete(mine, deleted.contentId);
    await expectDomainError(s.pages.update(mine, deleted.contentId, { title: 'Back' }), 'NOT_FOUND');
    const elsewhere = await s.addPage(other, { title: 'Elsewhere' });
    await expectDomainError(s.pages.update(mine, elsewhere.contentId, { title: 'Hijacked' }), 'NOT_FOUND');
    expect(await s.pages.detail(other, elsewhere.contentId)).toEqual(elsewhere);
  });

  it('an update that fails after writing changes nothing', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'Parent0 Child1');
    const before = await s.pages.detail(baseId, ids.Parent);
    // The page's row, its texts and the search index are written; the level shift fails after them.
    const failure = new Error('shift failed');
    const shift = s.repository.shiftLevels.bind(s.repository);
    jest.spyOn(s.repository, 'shiftLevels').mockImplementationOnce(async (...args) => {
      await shift(...args);
      throw failure;
    });
    await expect(s.pages.update(baseId, ids.Parent, { title: 'Renamed', level: 1 })).rejects.toBe(failure);
    expect(await s.pages.detail(baseId, ids.Parent)).toEqual(before);
    expect(await s.outlineSpec(baseId)).toBe('Parent0 Child1');
  });

  it('a create that fails after writing leaves no page and no count behind', async () => {
    const baseId = await s.newBase();
    await s.addPage(baseId, { title: 'Kept' });
    jest.spyOn(s.searchIndex, 'pageCreated').mockRejectedValueOnce(new Error('index failed'));
    await expect(s.addPage(baseId, { title: 'Lost' })).rejects.toThrow('index failed');
    expect(await s.countPages(baseId)).toBe(1);
    expect(await s.outlineSpec(baseId)).toBe('Kept0');
    await s.addPage(baseId, { title: 'Next' });
    expect((await s.list(baseId)).pages.map((p) => [p.title, p.order])).toEqual([['Kept', 0], ['Next', 1]]);
  });

  it('a delete that fails after writing leaves the page and its children as they were', async () => {
    const baseId = await s.newBase();
    const ids = await s.buildOutline(baseId, 'A0 B1 C0');
    jest.spyOn(s.searchIndex, 'pageDeleted').mockRejectedValueOnce(new Error('index failed'));
    await expect(s.pages.delete(baseId, ids.A)).rejects.toThrow('index failed');
    expect(await s.outlineSpec(baseId)).toBe('A0 B1 C0');
    expect(await s.countPages(baseId)).toBe(3);
  });

  it.each([
    ['a title', { title: 'Renamed' }],
    ['a body', { body: '<b>bold</b> <script>x()</script>' }],
    ['a type (the body prepared again)', { type: 'H' as const }],
    ['lang and view', { lang: 'ja' as const, view: 'I' as const }],
    ['the view cleared', { view: null }],
    ['a deeper level', { level: 7 }],
    ['a shallower level', { level: 1 }],
    ['a level and a title', { level: 3, title: 'Moved' }],
  ])('an update of %s answers exactly what a detail read gives after it, for shallow and deep pages', async (_label, input) => {
    const baseId = await s.newBase();
    // F sits deeper than a detail read probes at first, so its path is read past those levels.
    const ids = await s.buildOutline(baseId, 'A0 B1 C2 D3 E4 F5 G6 H1');
    for (const id of [ids.C, ids.F, ids.H]) {
      await s.pages.update(baseId, id, { body: '<i>old</i> text', view: 'L' });
      const updated = await s.pages.update(baseId, id, input);
      expect(updated).toEqual(await s.pages.detail(baseId, id));
    }
  });

  it('merges the search index once changes have gathered, after the write committed; a failed merge loses nothing', async () => {
    const index = mergingAt(2);
    const baseId = await s.newBase();
    const pending = async () => Number((await s.db.reader.query('SELECT COUNT(*) AS n FROM search_pending WHERE base_id = ?', [baseId]))[0].n);
    const postings = async () => Number((await s.db.reader.query('SELECT COUNT(*) AS n FROM search_postings WHERE base_id = ?', [baseId]))[0].n);
    await s.addPage(baseId, { title: 'first' });
    expect([await pending(), await postings()]).toEqual([1, 0]);
    jest.spyOn(index, 'merge').mockRejectedValueOnce(new Error('merge failed'));
    const second = await s.addPage(baseId, { title: 'second' });
    expect(await s.pages.detail(baseId, second.contentId)).toEqual(second);
    expect([await pending(), await postings()]).toEqual([2, 0]);
    await s.pages.update(baseId, second.contentId, { title: 'second, renamed' });
    expect(await pending()).toBe(0);
    expect(await postings()).toBeGreaterThan(0);
    await s.pages.update(baseId, second.contentId, { level: 1 });
    expect(await pending()).toBe(0);
  });

  it('writes running beside merges leave the index a rebuild gives: no change folded in twice or lost', async () => {
    // Merges lock the pending rows they fold in, not the base: writes of the same pages race them here.
    const index = mergingAt(3);
    const baseId = await s.newBase();
    const words = ['alpha', 'beta', 'gamma', '検索', '設定', 'サーバー', 'delta', 'epsilon'];
    const text = (i: number) => `${words[i % 8]} ${words[(i * 3 + 1) % 8]} ${words[(i * 5 + 2) % 8]} n${i}`;
    const pages: { contentId: string }[] = [];
    for (let i = 0; i < 8; i++) pages.push(await s.addPage(baseId, { title: text(i), body: text(i + 1) }));
    for (let round = 0; round < 4; round++) {
      await Promise.all(Array.from({ length: 24 }, (_, i) => {
        const n = round * 24 + i;
        const page = pages[n % pages.length];
        if (n % 6 === 5) return s.addPage(baseId, { title: text(n), body: text(n + 2) });
        return s.pages.update(baseId, page.contentId, n % 2 ? { body: text(n + 3) } : { title: text(n + 4) });
      }));
    }
    await s.db.write((tx) => index.merge(tx, baseId));
    expect(await s.db.reader.query('SELECT page_id FROM search_pending WHERE base_id = ?', [baseId])).toEqual([]);
    const merged = await postingsOf(s.db.reader, baseId);
    await index.rebuild(s.db, baseId);
    expect(await postingsOf(s.db.reader, baseId)).toEqual(merged);
  });

  it('keeps working after many failed updates', async () => {
    // A backend that leaked a connection or an open transaction per failure would stall here.
    const baseId = await s.newBase();
    const page = await s.addPage(baseId, { title: 'Sturdy' });
    const index = jest.spyOn(s.searchIndex, 'pageTextsChanging');
    for (let i = 0; i < 25; i++) {
      index.mockRejectedValueOnce(new Error('no'));
      await expect(s.pages.update(baseId, page.contentId, { title: `Try ${i}` })).rejects.toThrow('no');
      await expectDomainError(s.pages.update(baseId, page.contentId, { level: 101 }), 'BAD_REQUEST');
    }
    expect((await s.pages.update(baseId, page.contentId, { title: 'Still here' })).title).toBe('Still here');
    expect((await s.addPage(baseId, { title: 'Next' })).title).toBe('Next');
  });

  it('delete takes the page out of list, count and tree', async () => {
    const baseId = await s.newBase();
    await s.addPage(baseId, { title: 'Stays alpha' });
    const gone = await s.addPage(baseId, { title: 'Goes alpha' });
    await s.pages.delete(baseId, gone.contentId);
    const list = await s.list(baseId);
    expect(list.pages.map((p) => p.title)).toEqual(['Stays alpha']);
    expect(list.total).toBe(1);
    expect(await s.countPages(baseId)).toBe(1);
    expect((await s.trees.rows(s.db.reader, baseId, 3)).map((r) => r.title)).toEqual(['Stays alpha']);
  });

  it('delete is NOT_FOUND for an unknown page, a page already deleted and a page of another base, which it leaves alone', async () => {
    const [mine, other] = [await s.newBase(), await s.newBase()];
    await expectDomainError(s.pages.delete(mine, 'zzzzzz'), 'NOT_FOUND');
    const twice = await s.addPage(mine, { title: 'Twice' });
    await s.pages.delete(mine, twice.contentId);
    await expectDomainError(s.pages.delete(mine, twice.contentId), 'NOT_FOUND');
    const elsewhere = await s.addPage(other, { title: 'Elsewhere' });
    await expectDomainError(s.pages.delete(mine, elsewhere.contentId), 'NOT_FOUND');
    expect(await s.pages.detail(other, elsewhere.contentId)).toEqual(elsewhere);
    expect(await s.countPages(mine)).toBe(0);
  });

  it('the live page count counts the live pages of the base only', async () => {
    const [baseId, other] = [await s.newBase(), await s.newBase()];
    expect(await s.countPages(baseId)).toBe(0);
    const pages = [];
    for (const title of ['a', 'b', 'c']) pages.push(await s.addPage(baseId, { title }));
    await s.addPage(other, { title: 'x' });
    await s.pages.delete(baseId, pages[1].contentId);
    expect(await s.countPages(baseId)).toBe(2);
  });

  it('list gives the live pages in display order with dense order and the full total', async () => {
    const baseId = await s.newBase();
    const pages = [];
    for (const title of ['a', 'b', 'c', 'd', 'e']) pages.push(await s.addPage(baseId, { title, lang: 'ja' }));
    await s.pages.delete(baseId, pages[1].contentId);
    const list = await s.list(baseId);
    expect(list.total).toBe(4);
    expect(list.pages).toEqual([pages[0], pages[2], pages[3], pages[4]].map((p, order) => ({
      contentId: p.contentId, title: p.title, type: p.type, level: p.level, order, lang: 'ja', updatedAt: p.updatedAt,
    })));
  });

  it('list pages through the list with limit and offset, total staying the full count', async () => {
    const baseId = await s.newBase();
    for (const title of ['a', 'b', 'c', 'd', 'e']) await s.addPage(baseId, { title });
    const window = async (paging: { limit?: number; offset?: number }) => {
      const list = await s.list(baseId, paging);
      return { titles: list.pages.map((p) => `${p.title}${p.order}`).join(' '), total: list.total };
    };
    expect(await window({ limit: 2 })).toEqual({ titles: 'a0 b1', total: 5 });
    expect(await window({ limit: 2, offset: 2 })).toEqual({ titles: 'c2 d3', total: 5 });
    expect(await window({ offset: 3 })).toEqual({ titles: 'd3 e4', total: 5 });
    expect(await window({ limit: 10, offset: 4 })).toEqual({ titles: 'e4', total: 5 });
    expect(await window({ offset: 5 })).toEqual({ titles: '', total: 5 });
  });

  it('list of a base without pages is empty', async () => {
    const baseId = await s.newBase();
    expect(await s.list(baseId)).toEqual({ pages: [], total: 0 });
  });
});
