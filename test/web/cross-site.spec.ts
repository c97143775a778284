// Cross-site request forgery, tried as an attacker would: every form of the web pages posted from
// another site (Sec-Fetch-Site, else Origin, else nothing said) is refused and changes nothing;
// the same form from our own page goes through; bearer-token API calls are not affected.
import request from 'supertest';
import { OwnedTokensService } from '../../src/auth/owned-tokens.service';
import { describeEachBackend, type Harness } from '../support/e2e';
import { makeAccount, postForm, sameOrigin, signIn } from './web-client';

const forged: Array<[string, Record<string, string>]> = [
  ['Sec-Fetch-Site cross-site', { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' }],
  ['Sec-Fetch-Site same-site', { 'Sec-Fetch-Site': 'same-site', Origin: 'https://other.localhost' }],
  ['another Origin only', { Origin: 'https://evil.example' }],
  ['Origin null only', { Origin: 'null' }],
  ['neither header', {}],
];

describeEachBackend('cross-site forms', (harness: () => Harness) => {
  const http = () => request(harness().app.getHttpServer());

  it.each(forged)('refuses a sign-in posted with %s (login CSRF)', async (_, headers) => {
    const account = await makeAccount(harness());
    const response = await postForm(http(), '/signin', { email: account.email, password: account.password }, headers);
    expect(response.status).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each(forged)('refuses a token made by a form posted with %s, and makes none', async (_, headers) => {
    const h = harness();
    const base = await h.fresh();
    const account = await makeAccount(h);
    await h.db.write((tx) => tx.query('INSERT INTO members (base_id, user_id, role) VALUES (?, ?, ?)', [base.baseId, account.userId, 'owner']));
    const cookie = await signIn(h, account);
    const response = await postForm(http(), '/tokens', { name: 'forged', base: base.baseId, scope: 'write', expires: '30' }, { ...headers, Cookie: cookie });
    expect(response.status).toBe(403);
    expect(await h.app.get(OwnedTokensService).listOfUser(account.userId)).toEqual([]);
    const mine = await postForm(http(), '/tokens', { name: 'mine', base: base.baseId, scope: 'write', expires: '30' }, { ...sameOrigin, Cookie: cookie });
    expect(mine.status).toBe(200);
    expect((await h.app.get(OwnedTokensService).listOfUser(account.userId)).map((token) => token.name)).toEqual(['mine']);
  });

  it('accepts our own Origin when Sec-Fetch-Site is not sent (older browsers)', async () => {
    const account = await makeAccount(harness());
    const address = harness().app.getHttpServer().address() as { port: number };
    const response = await postForm(http(), '/signin', { email: account.email, password: account.password }, { Origin: `http://127.0.0.1:${address.port}` });
    expect(response.status).toBe(303);
  });

  it('refuses every other form from another site, signed in as an administrator', async () => {
    const h = harness();
    const admin = await makeAccount(h, { admin: true });
    const other = await makeAccount(h);
    const cookie = await signIn(h, admin);
    const forms: Array<[string, Record<string, string>]> = [
      ['/signout', {}],
      ['/setup/not-a-link', { password: 'a new password of mine' }],
      ['/account/password', { current: admin.password, password: 'another long password' }],
      ['/account/language', { language: 'ja' }],
      ['/account/sign-out-everywhere', {}],
      ['/tokens/some-token/revoke', {}],
      ['/admin/users', { email: 'forged@example.com', name: 'Forged' }],
      [`/admin/users/${other.userId}/admin`, { admin: 'yes' }],
      [`/admin/users/${other.userId}/disable`, {}],
      [`/admin/users/${other.userId}/enable`, {}],
      [`/admin/users/${other.userId}/sign-in-link`, {}],
      ['/admin/bases', { baseId: 'forged-base', description: 'x', view: 'O', owner: admin.email }],
    ];
    for (const [path, fields] of forms) {
      const response = await postForm(http(), path, fields, { 'Sec-Fetch-Site': 'cross-site', Cookie: cookie });
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
    }
    // Nothing changed: still signed in, no user or base made, the other user not promoted.
    expect((await http().get('/account').set('Cookie', cookie)).status).toBe(200);
    const [users] = await h.db.reader.query("SELECT COUNT(*) AS n FROM users WHERE email = 'forged@example.com'");
    expect(Number(users.n)).toBe(0);
    const [bases] = await h.db.reader.query("SELECT COUNT(*) AS n FROM bases WHERE base_id = 'forged-base'");
    expect(Number(bases.n)).toBe(0);
  });

  it('leaves bearer-token API calls alone, whatever site they say they come from', async () => {
    const base = await harness().fresh();
    const response = await base.call('post', base.pagesPath(), { body: { title: 'from a script' }, headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' } });
    expect(response.status).toBe(201);
  });
});
