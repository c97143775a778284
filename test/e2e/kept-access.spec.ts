// A page detail, a search, a PATCH and a DELETE of a page are authorized on a token answer the
// service keeps (on MySQL/MariaDB, confirmed by the statement that reads the page, inside the write
// for a PATCH or DELETE, or read with the base's state after the search's postings; on SQLite, kept until anything
// commits). Whatever changes the token or its user's role, straight in the database where another
// process would make it, is seen by the very next request of a second service, with the error the
// fresh read gives, before any error of the request itself; a refused write stores nothing.
import request from 'supertest';
import { AccessRepository } from '../../src/auth/access.repository';
import { describeEachBackend, secondService, type Harness, type TestBase } from '../support/e2e';
import { removeBaseRow } from '../support/remove-base';

/** A statement run straight in the database, as another process would make the change. */
const inDatabaseOf = (h: () => Harness) => (sql: string, parameters: unknown[]) => h().db.write((tx) => tx.query(sql, parameters));

describeEachBackend('kept token answers on page detail', (h) => {
  const other = secondService(h);
  afterEach(() => jest.restoreAllMocks());

  const detailViaOther = (base: TestBase, contentId: string) =>
    request(other().getHttpServer()).get(`/api/v1${base.pagesPath(contentId)}`).set('Authorization', `Bearer ${base.token}`);
  const inDatabase = inDatabaseOf(h);

  /** A base with one page, read once through the other service so that its token answer is kept. */
  async function keptBase() {
    const base = await h().fresh();
    const page = (await base.createPage({ title: 'Kept' })).content_id as string;
    expect((await detailViaOther(base, page)).status).toBe(200);
    return { base, page };
  }

  it('reads no token for a second detail while nothing changed', async () => {
    const { base, page } = await keptBase();
    const lookups = jest.spyOn(other().get(AccessRepository), 'findByTokenHash');
    const res = await detailViaOther(base, page);
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Kept');
    expect(lookups).not.toHaveBeenCalled();
  });

  it.each([
    ['revoked', 'UPDATE tokens SET revoked_at = ? WHERE base_id = ?', () => new Date().toISOString()],
    ['whose expiry moved into the past', 'UPDATE tokens SET expires_at = ? WHERE base_id = ?', () => new Date(Date.now() - 60_000).toISOString()],
  ])('refuses a token %s in the database at the next detail, and keeps refusing', async (_label, sql, stamp) => {
    const { base, page } = await keptBase();
    await inDatabase(sql, [stamp(), base.baseId]);
    for (let i = 0; i < 2; i++) {
      const res = await detailViaOther(base, page);
      expect([res.status, res.body.error?.code]).toEqual([401, 'UNAUTHORIZED']);
    }
  });

  it('refuses a token whose user stops being owner, and serves it again once owner', async () => {
    const { base, page } = await keptBase();
    await inDatabase("UPDATE members SET role = 'reader' WHERE base_id = ?", [base.baseId]);
    const refused = await detailViaOther(base, page);
    expect([refused.status, refused.body.error?.code]).toEqual([403, 'FORBIDDEN']);
    await inDatabase("UPDATE members SET role = 'owner' WHERE base_id = ?", [base.baseId]);
    expect((await detailViaOther(base, page)).status).toBe(200);
  });

  it('answers the page when the token changed but still grants it (authorized again, not refused)', async () => {
    const { base, page } = await keptBase();
    await inDatabase("UPDATE tokens SET scope = 'read' WHERE base_id = ?", [base.baseId]);
    const res = await detailViaOther(base, page);
    expect([res.status, res.body.content_id]).toEqual([200, page]);
  });

  it('answers 404 for a page deleted or never there', async () => {
    const { base, page } = await keptBase();
    expect((await base.call('delete', base.pagesPath(page))).status).toBe(204);
    for (const contentId of [page, 'zzzzzz']) {
      const res = await detailViaOther(base, contentId);
      expect([res.status, res.body.error?.code]).toEqual([404, 'NOT_FOUND']);
    }
    expect((await detailViaOther(base, 'zzzzzz')).body.error.message).toMatch(/No such page/);
  });

  it('answers 404 NOT_FOUND naming the base once the base is gone', async () => {
    const { base, page } = await keptBase();
    await removeBaseRow(h(), base.baseId);
    const res = await detailViaOther(base, page);
    expect([res.status, res.body.error?.code]).toEqual([404, 'NOT_FOUND']);
    expect(res.body.error.message).toMatch(/no longer exists/);
  });
});

describeEachBackend('kept token answers on search', (h) => {
  const other = secondService(h);
  afterEach(() => jest.restoreAllMocks());

  const searchViaOther = (base: TestBase, query = 'q=kept') =>
    request(other().getHttpServer()).get(`/api/v1/bases/${base.baseId}/search?${query}`).set('Authorization', `Bearer ${base.token}`);
  const inDatabase = inDatabaseOf(h);

  /** A base with one page, searched once through the other service so that its token answer is kept. */
  async function keptBase() {
    const base = await h().fresh();
    const page = (await base.createPage({ title: 'Kept page' })).content_id as string;
    const first = await searchViaOther(base);
    expect([first.status, first.body.total]).toEqual([200, 1]);
    return { base, page };
  }

  it('reads no token for a second search while nothing changed, and finds the same', async () => {
    const { base, page } = await keptBase();
    const lookups = jest.spyOn(other().get(AccessRepository), 'findByTokenHash');
    const res = await searchViaOther(base);
    expect([res.status, res.body.pages.map((p: { content_id: string }) => p.content_id)]).toEqual([200, [page]]);
    expect(lookups).not.toHaveBeenCalled();
  });

  it('refuses a token revoked in the database at the next search, and keeps refusing', async () => {
    const { base } = await keptBase();
    await inDatabase('UPDATE tokens SET revoked_at = ? WHERE base_id = ?', [new Date().toISOString(), base.baseId]);
    for (let i = 0; i < 2; i++) {
      const res = await searchViaOther(base);
      expect([res.status, res.body.error?.code]).toEqual([401, 'UNAUTHORIZED']);
    }
  });

  it('refuses a token whose user stops being owner, and serves it again once owner', async () => {
    const { base } = await keptBase();
    await inDatabase("UPDATE members SET role = 'reader' WHERE base_id = ?", [base.baseId]);
    const refused = await searchViaOther(base);
    expect([refused.status, refused.body.error?.code]).toEqual([403, 'FORBIDDEN']);
    await inDatabase("UPDATE members SET role = 'owner' WHERE base_id = ?", [base.baseId]);
    expect((await searchViaOther(base)).status).toBe(200);
  });

  it('answers 404 NOT_FOUND naming the base once the base is gone', async () => {
    const { base } = await keptBase();
    await removeBaseRow(h(), base.baseId);
    const res = await searchViaOther(base);
    expect([res.status, res.body.error?.code]).toEqual([404, 'NOT_FOUND']);
    expect(res.body.error.message).toMatch(/no longer exists/);
  });

  it('answers a bad parameter with 400 while the token holds, and with 401 once it is revoked', async () => {
    const { base } = await keptBase();
    for (const query of ['q=kept&limit=abc', 'q=%20']) {
      const res = await searchViaOther(base, query);
      expect([res.status, res.body.error?.code]).toEqual([400, 'BAD_REQUEST']);
    }
    await inDatabase('UPDATE tokens SET revoked_at = ? WHERE base_id = ?', [new Date().toISOString(), base.baseId]);
    for (const query of ['q=kept&limit=abc', 'q=%20']) {
      const res = await searchViaOther(base, query);
      expect([res.status, res.body.error?.code]).toEqual([401, 'UNAUTHORIZED']);
    }
  });
});

describeEachBackend('kept token answers on page writes', (h) => {
  const other = secondService(h);
  afterEach(() => jest.restoreAllMocks());

  const viaOther = (base: TestBase, method: 'patch' | 'delete', contentId: string, body?: unknown) => {
    const req = request(other().getHttpServer())[method](`/api/v1${base.pagesPath(contentId)}`).set('Authorization', `Bearer ${base.token}`);
    return body === undefined ? req : req.send(body as object);
  };
  const inDatabase = inDatabaseOf(h);
  const titleOf = async (base: TestBase, contentId: string) =>
    (await h().db.reader.query('SELECT title FROM pages WHERE base_id = ? AND content_id = ?', [base.baseId, contentId]))[0].title;
  const revokeNow = (base: TestBase) => inDatabase('UPDATE tokens SET revoked_at = ? WHERE base_id = ?', [new Date().toISOString(), base.baseId]);

  /** A base with a page and its child, the page renamed once through the other service so that its token answer is kept. */
  async function keptBase() {
    const base = await h().fresh();
    const [page, child] = await base.createOutline([0, 1]);
    expect((await viaOther(base, 'patch', page, { title: 'Kept' })).status).toBe(200);
    return { base, page, child };
  }

  it('reads the token for every PATCH and DELETE, even while nothing changed: a write never stands on a kept answer', async () => {
    const { base, page, child } = await keptBase();
    const lookups = jest.spyOn(other().get(AccessRepository), 'findByTokenHash');
    const renamed = await viaOther(base, 'patch', page, { title: 'Renamed' });
    expect([renamed.status, renamed.body.title]).toEqual([200, 'Renamed']);
    expect((await viaOther(base, 'delete', page)).status).toBe(204);
    expect(lookups).toHaveBeenCalledTimes(2);
    const tree = await base.call('get', base.pagesPath());
    expect(tree.body.pages.map((p: { content_id: string; level: number }) => [p.content_id, p.level])).toEqual([[child, 0]]);
  });

  it('refuses a PATCH and a DELETE with a token revoked in the database, writing nothing', async () => {
    const { base, page, child } = await keptBase();
    await revokeNow(base);
    for (let i = 0; i < 2; i++) {
      const patched = await viaOther(base, 'patch', page, { title: 'Not stored' });
      expect([patched.status, patched.body.error?.code]).toEqual([401, 'UNAUTHORIZED']);
      const deleted = await viaOther(base, 'delete', page);
      expect([deleted.status, deleted.body.error?.code]).toEqual([401, 'UNAUTHORIZED']);
    }
    const stored = await h().db.reader.query('SELECT content_id, title, level, status FROM pages WHERE base_id = ? ORDER BY pos', [base.baseId]);
    expect(stored.map((r: { content_id: string; title: string; level: number; status: string }) => [r.content_id, r.title, Number(r.level), r.status]))
      .toEqual([[page, 'Kept', 0, 'A'], [child, expect.any(String), 1, 'A']]);
  });

  it('refuses a write once the user stops being owner, and writes again once owner', async () => {
    const { base, page } = await keptBase();
    await inDatabase("UPDATE members SET role = 'reader' WHERE base_id = ?", [base.baseId]);
    const refused = await viaOther(base, 'patch', page, { title: 'Not stored' });
    expect([refused.status, refused.body.error?.code]).toEqual([403, 'FORBIDDEN']);
    expect(await titleOf(base, page)).toBe('Kept');
    await inDatabase("UPDATE members SET role = 'owner' WHERE base_id = ?", [base.baseId]);
    const renamed = await viaOther(base, 'patch', page, { title: 'Owner again' });
    expect([renamed.status, renamed.body.title]).toEqual([200, 'Owner again']);
  });

  it('writes once when the token changed but still grants it (authorized again, the write run afresh)', async () => {
    const { base, page } = await keptBase();
    const pageChanges = async () => Number((await h().db.reader.query('SELECT page_changes FROM bases WHERE base_id = ?', [base.baseId]))[0].page_changes);
    const before = await pageChanges();
    await inDatabase('UPDATE tokens SET expires_at = ? WHERE base_id = ?', [new Date(Date.now() + 3_600_000).toISOString(), base.baseId]);
    const renamed = await viaOther(base, 'patch', page, { title: 'Still granted' });
    expect([renamed.status, renamed.body.title]).toEqual([200, 'Still granted']);
    expect(await titleOf(base, page)).toBe('Still granted');
    // One write stored: the one that found the access changed rolled back.
    expect(await pageChanges()).toBe(before + 1);
  });

  it('refuses a write once the token is narrowed to reading', async () => {
    const { base, page } = await keptBase();
    await inDatabase("UPDATE tokens SET scope = 'read' WHERE base_id = ?", [base.baseId]);
    const refused = await viaOther(base, 'delete', page);
    expect([refused.status, refused.body.error?.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('answers 404 for a page deleted or never there, and 400 for a bad body while the token holds, 401 once revoked', async () => {
    const { base, page } = await keptBase();
    expect((await base.call('delete', base.pagesPath(page))).status).toBe(204);
    for (const contentId of [page, 'zzzzzz']) {
      const res = await viaOther(base, 'patch', contentId, { title: 'Gone' });
      expect([res.status, res.body.error?.code]).toEqual([404, 'NOT_FOUND']);
      expect((await viaOther(base, 'delete', contentId)).status).toBe(404);
    }
    const bad = await viaOther(base, 'patch', 'zzzzzz', { level: -1 });
    expect([bad.status, bad.body.error?.code]).toEqual([400, 'BAD_REQUEST']);
    await revokeNow(base);
    const revoked = await viaOther(base, 'patch', 'zzzzzz', { level: -1 });
    expect([revoked.status, revoked.body.error?.code]).toEqual([401, 'UNAUTHORIZED']);
  });
});
