// Authentication and authorization (spec "Authentication"; decisions "Order of checks" 2–5).
import type { Response } from 'supertest';
import { hashToken } from '../../src/auth/tokens';
import type { Role } from '../../src/vocabulary';
import { describeEachBackend, expectError, insertToken, insertUser, type Harness, type TestBase } from '../support/e2e';
import { removeBaseRow } from '../support/remove-base';

function expectUnauthorized(res: Response): void {
  expectError(res, 401, 'UNAUTHORIZED');
  expect(res.headers['www-authenticate']).toBe('Bearer');
}

const info = (base: TestBase, token?: string | null, headers?: Record<string, string>) =>
  base.call('get', `/bases/${base.baseId}/info`, { token, headers });

/** A new user of the base with `role` (null: no member), and a token of each scope. */
async function member(h: Harness, base: TestBase, role: Role | null) {
  const userId = await insertUser(h.db, base.baseId, role);
  return {
    userId,
    write: await insertToken(h.db, { baseId: base.baseId, userId, scope: 'write' }),
    read: await insertToken(h.db, { baseId: base.baseId, userId, scope: 'read' }),
  };
}

async function setRole(h: Harness, base: TestBase, userId: number, role: Role): Promise<void> {
  await h.db.write((tx) => tx.query('UPDATE members SET role = ? WHERE base_id = ? AND user_id = ?', [role, base.baseId, userId]));
}

const totalPages = async (base: TestBase): Promise<number> => (await base.call('get', base.pagesPath())).body.total;

const malformed: [string, (token: string) => string][] = [
  ['another scheme', (token) => `Basic ${token}`],
  ['the scheme alone', () => 'Bearer'],
  ['the scheme and a blank', () => 'Bearer '],
  ['the token without a scheme', (token) => token],
  ['a token without the kbp_ prefix', (token) => `Bearer ${token.slice(4)}`],
  ['a truncated token', (token) => `Bearer ${token.slice(0, -1)}`],
  ['a token with a character outside its alphabet', (token) => `Bearer ${token.slice(0, -1)}!`],
  ['two tokens', (token) => `Bearer ${token} ${token}`],
];

describeEachBackend('authentication and authorization', (h) => {
  it('accepts the owner token of the base', async () => {
    const base = await h().fresh();
    expect((await info(base)).status).toBe(200);
  });

  it('answers a request without Authorization with 401 UNAUTHORIZED and WWW-Authenticate: Bearer', async () => {
    const base = await h().fresh();
    expectUnauthorized(await info(base, null));
  });

  it.each(malformed)('answers an Authorization header with %s with 401 UNAUTHORIZED', async (_label, header) => {
    const base = await h().fresh();
    expectUnauthorized(await info(base, null, { Authorization: header(base.token) }));
  });

  it('answers an unknown token of the right shape with 401 UNAUTHORIZED', async () => {
    const base = await h().fresh();
    expectUnauthorized(await info(base, `kbp_${'A'.repeat(43)}`));
  });

  it('answers a revoked token with 401 UNAUTHORIZED', async () => {
    const base = await h().fresh();
    expect((await info(base)).status).toBe(200);
    await h().db.write((tx) => tx.query('UPDATE tokens SET revoked_at = ? WHERE token_hash = ?', [new Date().toISOString(), hashToken(base.token)]));
    expectUnauthorized(await info(base));
  });

  it('answers an expired token with 401 UNAUTHORIZED', async () => {
    const base = await h().fresh();
    const expired = await insertToken(h().db, { baseId: base.baseId, userId: base.ownerId, expiresAt: new Date(Date.now() - 1000).toISOString() });
    expectUnauthorized(await info(base, expired));
  });

  it('takes the Bearer scheme name case-insensitively (RFC 9110)', async () => {
    const base = await h().fresh();
    expect((await info(base, null, { Authorization: `bearer ${base.token}` })).status).toBe(200);
  });

  it('answers a token of another base with 403 FORBIDDEN', async () => {
    const [base, other] = [await h().fresh(), await h().fresh()];
    expectError(await info(base, other.token), 403, 'FORBIDDEN');
  });

  it('answers a token used on a base that does not exist with 403 FORBIDDEN, not 404', async () => {
    const base = await h().fresh();
    expectError(await base.call('get', '/bases/no-such-base/info'), 403, 'FORBIDDEN');
  });

  it('answers a token used with a malformed base_id with 403 FORBIDDEN', async () => {
    const base = await h().fresh();
    for (const baseId of ['AB', 'Team_Docs', '%E2%9C%93']) {
      expectError(await base.call('get', `/bases/${baseId}/pages`), 403, 'FORBIDDEN');
    }
  });

  it('keeps a token of another base from a page of this base: 403 before the page 404', async () => {
    const [base, other] = [await h().fresh(), await h().fresh()];
    const page = await base.createPage({ title: 'Mine' });
    expectError(await base.call('delete', base.pagesPath(page.content_id), { token: other.token }), 403, 'FORBIDDEN');
    expectError(await base.call('get', base.pagesPath('zzzzzz'), { token: other.token }), 403, 'FORBIDDEN');
    expect((await base.call('get', base.pagesPath(page.content_id))).status).toBe(200);
  });

  it('puts 401 before 403: an expired token of another base is 401', async () => {
    const [base, other] = [await h().fresh(), await h().fresh()];
    const expired = await insertToken(h().db, { baseId: other.baseId, userId: other.ownerId, expiresAt: new Date(Date.now() - 1000).toISOString() });
    expectUnauthorized(await info(base, expired));
  });

  it('answers a token whose base no longer exists with 404 NOT_FOUND', async () => {
    const base = await h().fresh();
    await removeBaseRow(h(), base.baseId);
    expectError(await info(base), 404, 'NOT_FOUND');
    expectError(await base.call('get', base.pagesPath()), 404, 'NOT_FOUND');
  });

  describe.each(['reader', 'writer'] as const)('a %s member', (role) => {
    it('is 403 FORBIDDEN even on GET', async () => {
      const base = await h().fresh();
      const { write } = await member(h(), base, role);
      for (const path of ['info', 'pages', 'tree', 'search?q=x']) {
        expectError(await base.call('get', `/bases/${base.baseId}/${path}`, { token: write }), 403, 'FORBIDDEN');
      }
    });

    it('is 403 FORBIDDEN on POST and creates nothing', async () => {
      const base = await h().fresh();
      const { write } = await member(h(), base, role);
      expectError(await base.call('post', base.pagesPath(), { token: write, body: { title: 'x' } }), 403, 'FORBIDDEN');
      expect(await totalPages(base)).toBe(0);
    });
  });

  it('answers a user who is not a member of the base with 403 FORBIDDEN', async () => {
    const base = await h().fresh();
    const { write } = await member(h(), base, null);
    expectError(await info(base, write), 403, 'FORBIDDEN');
  });

  it('answers a read-scope owner token with 200 on every GET operation', async () => {
    const base = await h().fresh();
    const { read } = await member(h(), base, 'owner');
    const page = await base.createPage({ title: 'Readable' });
    for (const path of ['info', 'pages', `pages/${page.content_id}`, 'search?q=read', 'tree']) {
      const res = await base.call('get', `/bases/${base.baseId}/${path}`, { token: read });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
  });

  it('answers a read-scope owner token with 403 FORBIDDEN on POST, naming the write scope', async () => {
    const base = await h().fresh();
    const { read } = await member(h(), base, 'owner');
    const res = await base.call('post', base.pagesPath(), { token: read, body: { title: 'x' } });
    expectError(res, 403, 'FORBIDDEN');
    expect(res.body.error.message).toMatch(/write/);
    expect(await totalPages(base)).toBe(0);
  });

  it('answers a read-scope owner token with 403 FORBIDDEN on PATCH and changes nothing', async () => {
    const base = await h().fresh();
    const { read } = await member(h(), base, 'owner');
    const page = await base.createPage({ title: 'Kept' });
    expectError(await base.call('patch', base.pagesPath(page.content_id), { token: read, body: { title: 'x' } }), 403, 'FORBIDDEN');
    expect((await base.call('get', base.pagesPath(page.content_id))).body.title).toBe('Kept');
  });

  it('answers a read-scope owner token with 403 FORBIDDEN on DELETE and the page stays', async () => {
    const base = await h().fresh();
    const { read } = await member(h(), base, 'owner');
    const page = await base.createPage({ title: 'Kept' });
    expectError(await base.call('delete', base.pagesPath(page.content_id), { token: read }), 403, 'FORBIDDEN');
    expect((await base.call('get', base.pagesPath(page.content_id))).status).toBe(200);
  });

  it('checks the role at request time: an owner demoted after the token was issued is 403', async () => {
    const base = await h().fresh();
    const { userId, write } = await member(h(), base, 'owner');
    expect((await info(base, write)).status).toBe(200);
    await setRole(h(), base, userId, 'writer');
    expectError(await info(base, write), 403, 'FORBIDDEN');
  });

  it('checks the role at request time: a reader promoted to owner after the token was issued is let in', async () => {
    const base = await h().fresh();
    const { userId, write } = await member(h(), base, 'reader');
    expectError(await info(base, write), 403, 'FORBIDDEN');
    await setRole(h(), base, userId, 'owner');
    expect((await info(base, write)).status).toBe(200);
  });

  it('puts 401 before the page 404: no token on an unknown page', async () => {
    const base = await h().fresh();
    expectUnauthorized(await base.call('get', base.pagesPath('zzzzzz'), { token: null }));
  });

  it('puts the role 403 before the page 404', async () => {
    const base = await h().fresh();
    const { write } = await member(h(), base, 'reader');
    expectError(await base.call('get', base.pagesPath('zzzzzz'), { token: write }), 403, 'FORBIDDEN');
  });
});
