// Administration over HTTP: only administrators; a new user gets a one-time link that sets a
// password and signs in once; disabling ends a user's sessions and tokens; a base gets its owner.
import request from 'supertest';
import { describeEachBackend, insertToken, type Harness } from '../support/e2e';
import { makeAccount, postForm, sameOrigin, sessionCookieOf, signIn } from './web-client';

const linkIn = (html: string): string | undefined => /<input id="one-time-link" type="text" readonly value="([^"]+)"/.exec(html)?.[1];

describeEachBackend('administration', (harness: () => Harness) => {
  const http = () => request(harness().app.getHttpServer());

  it('is for administrators only', async () => {
    await makeAccount(harness(), { admin: true }); // the first account is an administrator anyway
    const user = await makeAccount(harness());
    const cookie = await signIn(harness(), user);
    const page = await http().get('/admin').set('Cookie', cookie);
    expect(page.status).toBe(403);
    const forged = await postForm(http(), '/admin/users', { email: 'made-by-user@example.com' }, { ...sameOrigin, Cookie: cookie });
    expect(forged.status).toBe(403);
    const [row] = await harness().db.reader.query("SELECT COUNT(*) AS n FROM users WHERE email = 'made-by-user@example.com'");
    expect(Number(row.n)).toBe(0);
  });

  it('creates a user with a one-time link that sets a password once and signs in', async () => {
    const admin = await makeAccount(harness(), { admin: true });
    const cookie = await signIn(harness(), admin);
    const email = `new-${admin.userId}@example.com`;
    const created = await postForm(http(), '/admin/users', { email, name: 'New Person' }, { ...sameOrigin, Cookie: cookie });
    expect(created.status).toBe(200);
    expect(created.headers['cache-control']).toBe('no-store');
    const link = new URL(linkIn(created.text) as string);
    expect(link.pathname).toMatch(/^\/setup\/[A-Za-z0-9_-]{43}$/);
    expect((await http().get(link.pathname)).text).toContain(email);
    const short = await postForm(http(), link.pathname, { password: 'too short' });
    expect(short.status).toBe(400);
    const set = await postForm(http(), link.pathname, { password: 'ｆｕｌｌｗｉｄｔｈ password 1' });
    expect(set.status).toBe(303);
    expect(set.headers.location).toBe('/');
    expect((await http().get('/tokens').set('Cookie', sessionCookieOf(set) as string)).status).toBe(200);
    // Used once; the password (NFKC) signs in.
    expect((await postForm(http(), link.pathname, { password: 'another password here' })).status).toBe(404);
    await signIn(harness(), { email, password: 'fullwidth password 1' });
  });

  it('disables a user: their sessions end and their tokens are refused', async () => {
    const h = harness();
    const admin = await makeAccount(h, { admin: true });
    const base = await h.fresh();
    const user = await makeAccount(h);
    const token = await insertToken(h.db, { baseId: base.baseId, userId: user.userId });
    await h.db.write((tx) => tx.query('INSERT INTO members (base_id, user_id, role) VALUES (?, ?, ?)', [base.baseId, user.userId, 'owner']));
    expect((await base.call('get', base.pagesPath(), { token })).status).toBe(200);
    const userCookie = await signIn(h, user);
    const cookie = await signIn(h, admin);
    expect((await http().get(`/admin/users/${user.userId}/disable`).set('Cookie', cookie)).text).toMatch(/<button type="submit" class="danger">Disable<\/button>/);
    const disabled = await postForm(http(), `/admin/users/${user.userId}/disable`, {}, { ...sameOrigin, Cookie: cookie });
    expect(disabled.status).toBe(303);
    expect((await http().get('/account').set('Cookie', userCookie)).status).toBe(303);
    expect((await base.call('get', base.pagesPath(), { token })).status).toBe(401);
    expect((await postForm(http(), '/signin', { email: user.email, password: user.password })).status).toBe(401);
  });

  it('will not let administrators demote or disable themselves', async () => {
    const admin = await makeAccount(harness(), { admin: true });
    const cookie = await signIn(harness(), admin);
    const response = await postForm(http(), `/admin/users/${admin.userId}/admin`, { admin: 'no' }, { ...sameOrigin, Cookie: cookie });
    expect(response.status).toBe(400);
    expect((await http().get('/admin').set('Cookie', cookie)).status).toBe(200);
  });

  it('creates a knowledge base with its first owner, who can then make a token for it', async () => {
    const h = harness();
    const admin = await makeAccount(h, { admin: true });
    const owner = await makeAccount(h);
    const cookie = await signIn(h, admin);
    const baseId = `made-${admin.userId}-by-admin`;
    const created = await postForm(http(), '/admin/bases', { baseId, description: 'Team <docs>', view: 'I', owner: owner.email }, { ...sameOrigin, Cookie: cookie });
    expect(created.status).toBe(303);
    const page = await http().get(created.headers.location).set('Cookie', cookie);
    expect(page.text).toContain(`The knowledge base ${baseId} was created.`);
    expect(page.text).toContain('Team &lt;docs&gt;');
    const [row] = await h.db.reader.query('SELECT view_mode FROM bases WHERE base_id = ?', [baseId]);
    expect(row.view_mode).toBe('I');
    const ownerCookie = await signIn(h, owner);
    const token = await postForm(http(), '/tokens', { name: 'first', base: baseId, scope: 'write', expires: '30' }, { ...sameOrigin, Cookie: ownerCookie });
    expect(token.status).toBe(200);
    // A taken id or an unknown owner changes nothing and says why.
    const again = await postForm(http(), '/admin/bases', { baseId, description: '', view: 'L', owner: owner.email }, { ...sameOrigin, Cookie: cookie });
    expect(again.status).toBe(400);
    expect(again.text).toContain('already exists');
    const orphan = await postForm(http(), '/admin/bases', { baseId: `${baseId}-2`, description: '', view: 'L', owner: 'nobody@example.com' }, { ...sameOrigin, Cookie: cookie });
    expect(orphan.status).toBe(404);
    const [none] = await h.db.reader.query('SELECT COUNT(*) AS n FROM bases WHERE base_id = ?', [`${baseId}-2`]);
    expect(Number(none.n)).toBe(0);
  });
});
