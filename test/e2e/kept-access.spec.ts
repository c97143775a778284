// A page detail and a search are authorized on a token answer the service keeps (on MySQL/MariaDB,
// confirmed by the statement that reads the page, or sent with the search's first read; on SQLite,
// kept until anything commits). Whatever changes the token or its user's role, straight in the
// database where another process would make it, is seen by the very next detail or search of a
// second service, with the error the fresh read gives, before any error of the request itself.
import request from 'supertest';
import { AccessRepository } from '../../src/auth/access.repository';
import { describeEachBackend, secondService, type TestBase } from '../support/e2e';
import { removeBaseRow } from '../support/remove-base';

describeEachBackend('kept token answers on page detail', (h) => {
  const other = secondService(h);
  afterEach(() => jest.restoreAllMocks());

  const detailViaOther = (base: TestBase, contentId: string) =>
    request(other().getHttpServer()).get(`/api/v1${base.pagesPath(contentId)}`).set('Authorization', `Bearer ${base.token}`);
  const inDatabase = (sql: string, parameters: unknown[]) => h().db.write((tx) => tx.query(sql, parameters));

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
  const inDatabase = (sql: string, parameters: unknown[]) => h().db.write((tx) => tx.query(sql, parameters));

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
