// The members and settings pages of a knowledge base over HTTP: only its owners use them (a
// reader or writer gets a 403 page, anyone else a 404 page, an anonymous visitor the sign-in
// page); the last owner is never removed or demoted, not even by two demotions at once on two
// services; forms from another site are refused; what users typed is escaped; a settings change
// is what the REST API's info answers at once, on another service too.
import request from 'supertest';
import { MembershipRefused, MembersService } from '../../src/auth/members.service';
import { MAX_DESCRIPTION_LENGTH } from '../../src/bases/bases.service';
import { describeEachBackend, insertBase, secondService, uniqueName, type Harness } from '../support/e2e';
import { makeAccount, postForm, sameOrigin, signIn, type TestAccount } from './web-client';

async function member(harness: Harness, baseId: string, account: Pick<TestAccount, 'userId'>, role: string): Promise<void> {
  await harness.db.write((tx) => tx.query('INSERT INTO members (base_id, user_id, role) VALUES (?, ?, ?)', [baseId, account.userId, role]));
}

async function rolesOf(harness: Harness, baseId: string): Promise<Record<string, string>> {
  const rows: { email: string; role: string }[] = await harness.db.reader.query(
    'SELECT u.email, m.role FROM members m JOIN users u ON u.user_id = m.user_id WHERE m.base_id = ?', [baseId]);
  return Object.fromEntries(rows.map((row) => [row.email, row.role]));
}

interface OwnedBase {
  baseId: string;
  owner: TestAccount;
  cookie: string;
}

/** A base whose one owner is a signed-in account. */
async function ownedBase(harness: Harness, name?: string): Promise<OwnedBase> {
  const baseId = uniqueName('members');
  await insertBase(harness.db, baseId);
  const owner = await makeAccount(harness, { name });
  await member(harness, baseId, owner, 'owner');
  return { baseId, owner, cookie: await signIn(harness, owner) };
}

const forged: Array<[string, Record<string, string>]> = [
  ['Sec-Fetch-Site cross-site', { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' }],
  ['another Origin only', { Origin: 'https://evil.example' }],
  ['neither header', {}],
];

describeEachBackend('the members and settings pages', (harness: () => Harness) => {
  const http = () => request(harness().app.getHttpServer());
  const other = secondService(harness);

  it('lets an owner add a member by email, change the role and remove them after a confirmation', async () => {
    const h = harness();
    const { baseId, owner, cookie } = await ownedBase(h);
    const alice = await makeAccount(h, { name: 'Alice' });
    const path = `/kb/${baseId}/members`;

    const page = await http().get(path).set('Cookie', cookie);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain(`<h1>Members of ${baseId}</h1>`);
    expect(page.text).toContain(owner.email);
    expect(page.text).toMatch(/<button type="submit">Add member<\/button>/);

    const added = await postForm(http(), path, { email: alice.email.toUpperCase(), role: 'writer' }, { ...sameOrigin, Cookie: cookie });
    expect(added.status).toBe(303);
    expect(added.headers.location).toBe(`${path}?done=member-added`);
    const listed = await http().get(added.headers.location).set('Cookie', cookie);
    expect(listed.text).toContain('The member was added.');
    expect(listed.text).toContain(`<th scope="row" id="member-${alice.userId}">${alice.email}</th>`);
    expect(await rolesOf(h, baseId)).toEqual({ [owner.email]: 'owner', [alice.email]: 'writer' });

    // Added twice, an unknown address, a malformed one, a role that is none: said, nothing changed.
    const twice = await postForm(http(), path, { email: alice.email, role: 'reader' }, { ...sameOrigin, Cookie: cookie });
    expect(twice.status).toBe(400);
    expect(twice.text).toContain(`<p class="problem" role="alert">${alice.email} is already a member (Writer). Change their role in the list below.</p>`);
    const unknown = await postForm(http(), path, { email: 'Nobody-Here@example.com', role: 'reader' }, { ...sameOrigin, Cookie: cookie });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('There is no account for nobody-here@example.com. Ask an administrator to create it, then add it here.');
    expect(unknown.text).toContain('value="Nobody-Here@example.com"');
    const malformed = await postForm(http(), path, { email: 'not an address', role: 'reader' }, { ...sameOrigin, Cookie: cookie });
    expect(malformed.status).toBe(400);
    expect(malformed.text).toContain('is not an email address');
    const badRole = await postForm(http(), path, { email: alice.email, role: 'admin' }, { ...sameOrigin, Cookie: cookie });
    expect(badRole.status).toBe(400);
    expect(badRole.text).toContain('Choose one of the roles');
    expect(await rolesOf(h, baseId)).toEqual({ [owner.email]: 'owner', [alice.email]: 'writer' });

    const changed = await postForm(http(), `${path}/${alice.userId}/role`, { role: 'reader' }, { ...sameOrigin, Cookie: cookie });
    expect(changed.status).toBe(303);
    expect(changed.headers.location).toBe(`${path}?done=member-role-changed`);
    expect((await http().get(changed.headers.location).set('Cookie', cookie)).text).toContain('The role was changed.');
    expect(await rolesOf(h, baseId)).toEqual({ [owner.email]: 'owner', [alice.email]: 'reader' });

    const confirm = await http().get(`${path}/${alice.userId}/remove`).set('Cookie', cookie);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain(`Remove ${alice.email} from ${baseId}?`);
    expect(confirm.text).toContain(`<form method="post" action="${path}/${alice.userId}/remove">`);
    expect(confirm.text).toMatch(/<button type="submit" class="danger">Remove<\/button>/);
    expect(await rolesOf(h, baseId)).toEqual({ [owner.email]: 'owner', [alice.email]: 'reader' });
    const removed = await postForm(http(), `${path}/${alice.userId}/remove`, {}, { ...sameOrigin, Cookie: cookie });
    expect(removed.status).toBe(303);
    expect(removed.headers.location).toBe(`${path}?done=member-removed`);
    expect((await http().get(removed.headers.location).set('Cookie', cookie)).text).toContain('The member was removed.');
    expect(await rolesOf(h, baseId)).toEqual({ [owner.email]: 'owner' });

    // No longer a member: nothing to change or remove.
    expect((await http().get(`${path}/${alice.userId}/remove`).set('Cookie', cookie)).status).toBe(404);
    expect((await postForm(http(), `${path}/${alice.userId}/role`, { role: 'writer' }, { ...sameOrigin, Cookie: cookie })).status).toBe(404);
    expect((await postForm(http(), `${path}/${alice.userId}/remove`, {}, { ...sameOrigin, Cookie: cookie })).status).toBe(404);
    expect((await postForm(http(), `${path}/x1/role`, { role: 'writer' }, { ...sameOrigin, Cookie: cookie })).status).toBe(404);
    expect(await rolesOf(h, baseId)).toEqual({ [owner.email]: 'owner' });
  });

  it.each(['reader', 'writer'])('gives a %s a 403 page on every route and changes nothing', async (role) => {
    const h = harness();
    const { baseId, owner } = await ownedBase(h);
    const someone = await makeAccount(h);
    await member(h, baseId, someone, role);
    const cookie = await signIn(h, someone);
    for (const path of [`/kb/${baseId}/members`, `/kb/${baseId}/members/${owner.userId}/remove`, `/kb/${baseId}/settings`]) {
      const page = await http().get(path).set('Cookie', cookie);
      expect({ path, status: page.status }).toEqual({ path, status: 403 });
      expect(page.text).toContain('Only owners of this knowledge base can do this.');
    }
    const posts: Array<[string, Record<string, string>]> = [
      [`/kb/${baseId}/members`, { email: someone.email, role: 'owner' }],
      [`/kb/${baseId}/members/${someone.userId}/role`, { role: 'owner' }],
      [`/kb/${baseId}/members/${owner.userId}/role`, { role: 'reader' }],
      [`/kb/${baseId}/members/${owner.userId}/remove`, {}],
      [`/kb/${baseId}/settings`, { description: 'taken over', view: 'O' }],
    ];
    for (const [path, fields] of posts) {
      expect({ path, status: (await postForm(http(), path, fields, { ...sameOrigin, Cookie: cookie })).status }).toEqual({ path, status: 403 });
    }
    expect(await rolesOf(h, baseId)).toEqual({ [owner.email]: 'owner', [someone.email]: role });
    const [base] = await h.db.reader.query('SELECT description, view_mode FROM bases WHERE base_id = ?', [baseId]);
    expect(base).toEqual({ description: `Base ${baseId}`, view_mode: 'L' });
  });

  it('gives a signed-in non-member a 404 page, as for a base that does not exist', async () => {
    const h = harness();
    const { baseId } = await ownedBase(h);
    const stranger = await makeAccount(h);
    const cookie = await signIn(h, stranger);
    for (const path of [`/kb/${baseId}/members`, `/kb/${baseId}/settings`, '/kb/no-such-base/members', '/kb/no-such-base/settings']) {
      expect({ path, status: (await http().get(path).set('Cookie', cookie)).status }).toEqual({ path, status: 404 });
    }
    const added = await postForm(http(), `/kb/${baseId}/members`, { email: stranger.email, role: 'owner' }, { ...sameOrigin, Cookie: cookie });
    expect(added.status).toBe(404);
    expect(Object.keys(await rolesOf(h, baseId))).not.toContain(stranger.email);
  });

  it('sends an anonymous visitor to sign in, and back to the page afterwards', async () => {
    const h = harness();
    const { baseId, owner } = await ownedBase(h);
    for (const path of [`/kb/${baseId}/members`, `/kb/${baseId}/settings`]) {
      const page = await http().get(path);
      expect(page.status).toBe(303);
      expect(page.headers.location).toBe(`/signin?next=${encodeURIComponent(path)}`);
    }
    const posted = await postForm(http(), `/kb/${baseId}/members/${owner.userId}/remove`, {});
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe('/signin');
    expect(await rolesOf(h, baseId)).toEqual({ [owner.email]: 'owner' });
  });

  it('never removes or demotes the last owner, and says why', async () => {
    const h = harness();
    const { baseId, owner, cookie } = await ownedBase(h);
    const path = `/kb/${baseId}/members`;
    for (const role of ['writer', 'reader']) {
      const demoted = await postForm(http(), `${path}/${owner.userId}/role`, { role }, { ...sameOrigin, Cookie: cookie });
      expect(demoted.status).toBe(400);
      expect(demoted.text).toContain('<p class="problem" role="alert">A knowledge base needs at least one owner: make another member an owner first.</p>');
    }
    const removed = await postForm(http(), `${path}/${owner.userId}/remove`, {}, { ...sameOrigin, Cookie: cookie });
    expect(removed.status).toBe(400);
    expect(removed.text).toContain('A knowledge base needs at least one owner');
    // Staying owner is no change at all.
    expect((await postForm(http(), `${path}/${owner.userId}/role`, { role: 'owner' }, { ...sameOrigin, Cookie: cookie })).status).toBe(303);
    expect(await rolesOf(h, baseId)).toEqual({ [owner.email]: 'owner' });
  });

  it('leaves one owner when two owners are demoted at once, on two services', async () => {
    const h = harness();
    for (let round = 0; round < 4; round += 1) {
      const { baseId, owner, cookie } = await ownedBase(h);
      const second = await makeAccount(h);
      await member(h, baseId, second, 'owner');
      const secondCookie = await signIn(h, second);
      const path = `/kb/${baseId}/members`;
      // Each demotes the other, one on each service.
      const [first, then] = await Promise.all([
        postForm(http(), `${path}/${second.userId}/role`, { role: 'writer' }, { ...sameOrigin, Cookie: cookie }),
        postForm(request(other().getHttpServer()), `${path}/${owner.userId}/role`, { role: 'reader' }, { ...sameOrigin, Cookie: secondCookie }),
      ]);
      const statuses = [first.status, then.status];
      // The one demoted first may no longer manage members: 403 rather than the last-owner refusal.
      expect(statuses.filter((status) => status === 303)).toHaveLength(1);
      expect(statuses.filter((status) => status === 400 || status === 403)).toHaveLength(1);
      const roles = Object.values(await rolesOf(h, baseId));
      expect(roles.filter((role) => role === 'owner')).toHaveLength(1);
    }
    // Past the guard, the base's lock alone decides: demotions and removals of three owners at
    // once on two services leave exactly one, every other refused as the last owner.
    for (let round = 0; round < 4; round += 1) {
      const { baseId, owner } = await ownedBase(h);
      const others = [await makeAccount(h), await makeAccount(h)];
      for (const account of others) await member(h, baseId, account, 'owner');
      const services = [h.app.get(MembersService), other().get(MembersService)];
      const results = await Promise.allSettled([
        services[0].changeRole(baseId, owner.userId, 'writer'),
        services[1].changeRole(baseId, others[0].userId, 'reader'),
        services[round % 2].remove(baseId, others[1].userId),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
      const refused = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      expect(refused?.reason).toBeInstanceOf(MembershipRefused);
      expect((refused?.reason as MembershipRefused).reason).toBe('last-owner');
      expect(Object.values(await rolesOf(h, baseId)).filter((role) => role === 'owner')).toHaveLength(1);
    }
  });

  it('lets an owner step down or leave while another owner stays', async () => {
    const h = harness();
    const { baseId, owner, cookie } = await ownedBase(h);
    const second = await makeAccount(h);
    await member(h, baseId, second, 'owner');
    const secondCookie = await signIn(h, second);
    const path = `/kb/${baseId}/members`;
    const confirm = await http().get(`${path}/${owner.userId}/remove`).set('Cookie', cookie);
    expect(confirm.text).toContain(`Remove yourself from ${baseId}?`);
    const stepped = await postForm(http(), `${path}/${owner.userId}/role`, { role: 'writer' }, { ...sameOrigin, Cookie: cookie });
    expect(stepped.status).toBe(303);
    expect(stepped.headers.location).toBe(`/kb/${baseId}?done=member-role-changed`);
    expect((await http().get(path).set('Cookie', cookie)).status).toBe(403);
    // The other owner may not now leave the base without an owner.
    expect((await postForm(http(), `${path}/${second.userId}/remove`, {}, { ...sameOrigin, Cookie: secondCookie })).status).toBe(400);
    expect((await postForm(http(), `${path}/${owner.userId}/role`, { role: 'owner' }, { ...sameOrigin, Cookie: secondCookie })).status).toBe(303);
    const left = await postForm(http(), `${path}/${second.userId}/remove`, {}, { ...sameOrigin, Cookie: secondCookie });
    expect(left.status).toBe(303);
    expect(left.headers.location).toBe('/');
    expect(await rolesOf(h, baseId)).toEqual({ [owner.email]: 'owner' });
  });

  it.each(forged)('refuses every form posted with %s, and changes nothing', async (_, headers) => {
    const h = harness();
    const { baseId, owner, cookie } = await ownedBase(h);
    const alice = await makeAccount(h);
    await member(h, baseId, alice, 'writer');
    const posts: Array<[string, Record<string, string>]> = [
      [`/kb/${baseId}/members`, { email: (await makeAccount(h)).email, role: 'owner' }],
      [`/kb/${baseId}/members/${alice.userId}/role`, { role: 'owner' }],
      [`/kb/${baseId}/members/${alice.userId}/remove`, {}],
      [`/kb/${baseId}/settings`, { description: 'forged', view: 'O' }],
    ];
    for (const [path, fields] of posts) {
      const response = await postForm(http(), path, fields, { ...headers, Cookie: cookie });
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
      expect(response.text).toContain('This form was sent from another site, so it was refused.');
    }
    expect(await rolesOf(h, baseId)).toEqual({ [owner.email]: 'owner', [alice.email]: 'writer' });
    const [base] = await h.db.reader.query('SELECT description, view_mode FROM bases WHERE base_id = ?', [baseId]);
    expect(base).toEqual({ description: `Base ${baseId}`, view_mode: 'L' });
  });

  it('shows names, addresses and descriptions as text, never as markup', async () => {
    const h = harness();
    const { baseId, cookie } = await ownedBase(h, '<script>alert(1)</script> Owner');
    const mallory = await makeAccount(h, { name: '<img src=x onerror=alert(2)>' });
    await member(h, baseId, mallory, 'reader');
    const page = await http().get(`/kb/${baseId}/members`).set('Cookie', cookie);
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Owner');
    expect(page.text).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(page.text).not.toContain('<script>alert');
    expect(page.text).not.toContain('<img src=x');
    const typed = await postForm(http(), `/kb/${baseId}/members`, { email: '"><b>x</b>@example.com', role: 'reader' }, { ...sameOrigin, Cookie: cookie });
    expect(typed.status).toBe(400);
    expect(typed.text).not.toContain('<b>x</b>');
    const saved = await postForm(http(), `/kb/${baseId}/settings`, { description: '"><script>alert(3)</script>', view: 'L' }, { ...sameOrigin, Cookie: cookie });
    expect(saved.status).toBe(303);
    const settings = await http().get(`/kb/${baseId}/settings`).set('Cookie', cookie);
    expect(settings.text).toContain('value="&quot;&gt;&lt;script&gt;alert(3)&lt;/script&gt;"');
    expect(settings.text).not.toContain('<script>alert');
  });

  it('saves the description and visibility together; the REST API answers them at once, on another service too', async () => {
    const h = harness();
    const base = await h.fresh();
    const owner = await makeAccount(h);
    await member(h, base.baseId, owner, 'owner');
    const cookie = await signIn(h, owner);
    const path = `/kb/${base.baseId}/settings`;
    const info = async (server = h.app.getHttpServer()) => {
      const response = await request(server).get(`/api/v1/bases/${base.baseId}/info`).set('Authorization', `Bearer ${base.token}`);
      expect(response.status).toBe(200);
      return { description: response.body.description, view: response.body.view };
    };
    expect(await info(other().getHttpServer())).toEqual({ description: `Base ${base.baseId}`, view: 'L' });

    const page = await http().get(path).set('Cookie', cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<h1>Settings of ${base.baseId}</h1>`);
    expect(page.text).toContain(`value="Base ${base.baseId}"`);
    expect(page.text).toMatch(/<input type="radio" name="view" value="L" aria-describedby="view-hint-L" checked>/);

    for (const [description, view] of [['Team docs, 日本語も', 'O'], ['', 'I']] as const) {
      const saved = await postForm(http(), path, { description: `  ${description}  `, view }, { ...sameOrigin, Cookie: cookie });
      expect(saved.status).toBe(303);
      expect(saved.headers.location).toBe(`${path}?done=settings-saved`);
      const shown = await http().get(saved.headers.location).set('Cookie', cookie);
      expect(shown.text).toContain('The settings were saved.');
      expect(shown.text).toMatch(new RegExp(`<input type="radio" name="view" value="${view}" aria-describedby="view-hint-${view}" checked>`));
      expect(await info()).toEqual({ description, view });
      expect(await info(other().getHttpServer())).toEqual({ description, view });
    }

    // Refused as a whole: a description too long, a visibility that is none.
    const long = await postForm(http(), path, { description: 'x'.repeat(MAX_DESCRIPTION_LENGTH + 1), view: 'O' }, { ...sameOrigin, Cookie: cookie });
    expect(long.status).toBe(400);
    expect(long.text).toContain(`<p class="problem" role="alert">The description may have at most ${MAX_DESCRIPTION_LENGTH} characters.</p>`);
    const badView = await postForm(http(), path, { description: 'Fine', view: 'X' }, { ...sameOrigin, Cookie: cookie });
    expect(badView.status).toBe(400);
    expect(badView.text).toContain('Choose who can read the knowledge base.');
    expect(await info()).toEqual({ description: '', view: 'I' });
  });

  it('speaks Japanese to a Japanese browser, refusals included', async () => {
    const h = harness();
    const { baseId, owner, cookie } = await ownedBase(h);
    const page = await http().get(`/kb/${baseId}/members`).set('Cookie', cookie).set('Accept-Language', 'ja');
    expect(page.text).toContain('<html lang="ja">');
    expect(page.text).toContain(`<h1>${baseId} のメンバー</h1>`);
    expect(page.text).toContain('メンバーを追加');
    const refused = await postForm(http(), `/kb/${baseId}/members/${owner.userId}/remove`, {}, { ...sameOrigin, Cookie: cookie, 'Accept-Language': 'ja' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('ナレッジベースには少なくとも 1 人のオーナーが必要です。');
  });
});
