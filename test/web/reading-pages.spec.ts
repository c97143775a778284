// The reading pages over HTTP: the front door for anonymous and signed-in visitors, sign-in and
// back to a page, what each role is offered (New page, Edit, Delete, the move buttons by their
// exact names, only the possible moves), the search landmark, a page's body (stored HTML, or
// text escaped) in its language, the tree fragment, and the size of a full window of the tree.
import request from 'supertest';
import { describeEachBackend, type Harness } from '../support/e2e';
import { addMember, api, makeBase } from './reading-fixtures';
import { makeAccount, postForm, sessionCookieOf, signIn, type TestAccount } from './web-client';

const MAX_HTML_BYTES = 200 * 1024;

/** The accessible name of each button of the page: its visually hidden text (or its text). */
const buttonNames = (html: string): string[] =>
  [...html.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].map(([, inner]) => {
    const hidden = /<span class="vh">([^<]*)<\/span>/.exec(inner);
    return (hidden ? hidden[1] : inner.replace(/<[^>]+>/g, '')).replace(/&quot;/g, '"').replace(/&amp;/g, '&').trim();
  });

describeEachBackend('the reading pages', (harness: () => Harness) => {
  const http = () => request(harness().app.getHttpServer());
  let owner: TestAccount;
  let writer: TestAccount;
  let reader: TestAccount;
  let cookies: { owner: string; writer: string; reader: string; stranger: string };
  let open: { baseId: string; token: string };
  let closed: { baseId: string; token: string };
  let ids: Record<string, string>;

  beforeAll(async () => {
    const h = harness();
    owner = await makeAccount(h, { name: 'Owner' });
    writer = await makeAccount(h, { name: 'Writer' });
    reader = await makeAccount(h, { name: 'Reader' });
    const stranger = await makeAccount(h, { name: 'Stranger' });
    open = await makeBase(h, 'O', owner, 'Public handbook <b>bold?</b>');
    closed = await makeBase(h, 'L', owner, 'Team only');
    for (const base of [open, closed]) {
      await addMember(h, base.baseId, writer, 'writer');
      await addMember(h, base.baseId, reader, 'reader');
    }
    ids = {};
    const pages: Array<[string, number, Record<string, unknown>]> = [
      ['Getting started', 0, { body: '# Hello\n\nFirst **steps**.', content_type: 'M', content_lang: 'en' }],
      ['Install', 1, { body: '<p>Run <code>npm ci</code></p><script>window.bad=1</script>', content_type: 'H', content_lang: 'en' }],
      ['手順書', 2, { body: '<b>not markup</b>\n  二行目', content_type: 'T', content_lang: 'ja' }],
      ['Reference', 0, { body: 'ref', content_type: 'M' }],
    ];
    for (const [title, level, fields] of pages) {
      const created = await api(h, open.token, 'post', `/bases/${open.baseId}/pages`, { title, ...fields });
      ids[title] = created.body.content_id;
      if (level > 0) await api(h, open.token, 'patch', `/bases/${open.baseId}/pages/${ids[title]}`, { level });
    }
    const secret = await api(h, closed.token, 'post', `/bases/${closed.baseId}/pages`, { title: 'Team secret', body: 'hush' });
    ids['Team secret'] = secret.body.content_id;
    cookies = {
      owner: await signIn(h, owner), writer: await signIn(h, writer), reader: await signIn(h, reader), stranger: await signIn(h, stranger),
    };
  });

  it('lists the bases a visitor may see on the front door, and offers sign-in to anonymous visitors', async () => {
    const anonymous = await http().get('/');
    expect(anonymous.status).toBe(200);
    expect(anonymous.text).toContain(`href="/kb/${open.baseId}"`);
    expect(anonymous.text).not.toContain(closed.baseId);
    expect(anonymous.text).toContain('Public handbook &lt;b&gt;bold?&lt;/b&gt;');
    // The home page is where sign-in lands anyway: no next.
    expect(anonymous.text).toContain('<a class="signin-link" href="/signin">Sign in</a>');
    expect(anonymous.headers['content-security-policy']).toContain("script-src 'self'");
    const member = await http().get('/').set('Cookie', cookies.reader);
    expect(member.text).toContain(`href="/kb/${closed.baseId}"`);
    expect(member.text).toContain('<a href="/" aria-current="page">Knowledge bases</a>');
    expect(member.text).not.toContain('signin-link');
    const stranger = await http().get('/').set('Cookie', cookies.stranger);
    expect(stranger.text).not.toContain(closed.baseId);
  });

  it('sends an anonymous visitor of a members-only page to sign in, then back to the page', async () => {
    const path = `/kb/${closed.baseId}/pages/${ids['Team secret']}`;
    const first = await http().get(path);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe(`/signin?next=${encodeURIComponent(path)}`);
    const form = await http().get(first.headers.location);
    expect(form.text).toContain(`<input type="hidden" name="next" value="${path}">`);
    const signedIn = await postForm(http(), '/signin', { email: reader.email, password: reader.password, next: path });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.location).toBe(path);
    const page = await http().get(path).set('Cookie', sessionCookieOf(signedIn) as string);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1 lang="ja">Team secret</h1>');
    // A signed-in visitor who is no member gets the page an unknown one gets.
    const stranger = await http().get(path).set('Cookie', cookies.stranger);
    expect(stranger.status).toBe(404);
    expect(stranger.text).not.toContain('Team secret');
    expect((await http().get(`/kb/${open.baseId}/pages/nosuch`).set('Cookie', cookies.stranger)).status).toBe(404);
  });

  it('offers writers New page and the possible moves by their exact names, readers none', async () => {
    const home = `/kb/${open.baseId}`;
    const asWriter = await http().get(home).set('Cookie', cookies.writer);
    expect(asWriter.status).toBe(200);
    expect(asWriter.text).toContain(`<a class="button-link" href="${home}/new">New page</a>`);
    expect(asWriter.text).toContain(`href="${home}/trash"`);
    expect(asWriter.text).not.toContain(`href="${home}/members"`);
    // Roots: Getting started (first) and Reference (last, may indent under the first).
    expect(buttonNames(asWriter.text)).toEqual(expect.arrayContaining(['Move down "Getting started"', 'Move up "Reference"', 'Indent "Reference"']));
    expect(buttonNames(asWriter.text)).not.toContain('Move up "Getting started"');
    expect(buttonNames(asWriter.text)).not.toContain('Outdent "Getting started"');
    expect(asWriter.text).toContain(`<form class="moves" method="post" action="${home}/pages/${ids['Getting started']}/move"><input type="hidden" name="next" value="${home}">`);
    expect(asWriter.text).toMatch(/<button type="submit" name="direction" value="down">/);
    expect(asWriter.text).toContain(`<li id="p-${ids['Getting started']}">`);

    const asOwner = await http().get(home).set('Cookie', cookies.owner);
    expect(asOwner.text).toContain(`href="${home}/members"`);
    expect(asOwner.text).toContain(`href="${home}/settings"`);

    for (const cookie of [cookies.reader, cookies.stranger, undefined]) {
      const page = cookie ? await http().get(home).set('Cookie', cookie) : await http().get(home);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('/move"');
      expect(page.text).not.toContain(`${home}/new`);
      expect(page.text).toContain('Getting started');
    }
  });

  it('has a search landmark whose searchbox is named Search, and finds pages', async () => {
    const home = await http().get(`/kb/${open.baseId}`);
    expect(home.text).toMatch(/<form class="search" role="search" method="get" action="\/kb\/[^"]+\/search">\s*<label for="q" class="vh">Search<\/label>\s*<input id="q" name="q" type="search"/);
    const found = await http().get(`/kb/${open.baseId}/search?q=${encodeURIComponent('手順')}`);
    expect(found.status).toBe(200);
    expect(found.text).toContain(`href="/kb/${open.baseId}/pages/${ids['手順書']}"`);
    const one = await http().get(`/kb/${open.baseId}/search?q=${encodeURIComponent('手')}`);
    expect(one.text).toContain('手順書');
    const none = await http().get(`/kb/${open.baseId}/search?q=zzzznothing`);
    expect(none.text).toContain('No page matches.');
  });

  it('shows a page: breadcrumbs, stored HTML, text escaped, its language, Edit and Delete for writers', async () => {
    const base = `/kb/${open.baseId}`;
    const text = await http().get(`${base}/pages/${ids['手順書']}`).set('Accept-Language', 'ja');
    expect(text.status).toBe(200);
    expect(text.text).toContain('<html lang="ja">');
    expect(text.text).toContain('<article class="page-body" lang="ja"><pre class="page-text">&lt;b&gt;not markup&lt;/b&gt;\n  二行目</pre></article>');
    expect(text.text).toMatch(new RegExp(`<nav class="breadcrumbs" aria-label="パンくずリスト">[\\s\\S]*>Getting started</a>[\\s\\S]*>Install</a>[\\s\\S]*aria-current="page">手順書</a>`));
    expect(text.text).not.toContain('/edit"');

    const html = await http().get(`${base}/pages/${ids.Install}`).set('Cookie', cookies.writer);
    expect(html.text).toContain('<article class="page-body" lang="en"><p>Run <code>npm ci</code></p>');
    expect(html.text).not.toContain('window.bad');
    expect(html.text).toContain(`<a class="button-link" href="${base}/pages/${ids.Install}/edit">Edit</a>`);
    expect(html.text).toContain(`<a href="${base}/pages/${ids.Install}/delete">Delete</a>`);
    // Its children are listed under it.
    expect(html.text).toContain(`<li id="p-${ids['手順書']}">`);

    const markdown = await http().get(`${base}/pages/${ids['Getting started']}`);
    expect(markdown.text).toMatch(/<article class="page-body" lang="en"><h1[^>]*>Hello<\/h1>/);
    expect(markdown.text).toMatch(/Updated \d/);
  });

  it('answers a node\'s children as a fragment for the tree island, and as a page without it', async () => {
    const path = `/kb/${open.baseId}/tree/${ids['Getting started']}`;
    const fragment = await http().get(`${path}?next=${encodeURIComponent(`/kb/${open.baseId}?page=1`)}`).set('HX-Request', 'true').set('Cookie', cookies.writer);
    expect(fragment.status).toBe(200);
    expect(fragment.text).not.toContain('<html');
    expect(fragment.text.trim()).toMatch(new RegExp(`^<ul class="tree" id="c-${ids['Getting started']}">`));
    expect(fragment.text).toContain(`<li id="p-${ids.Install}">`);
    expect(fragment.text).toContain(`data-children="/kb/${open.baseId}/tree/${ids.Install}" aria-expanded="false"`);
    expect(fragment.text).toContain(`name="next" value="/kb/${open.baseId}?page=1"`);
    // Not a page of this base: the move forms come back to the base's home.
    const elsewhere = await http().get(`${path}?next=${encodeURIComponent('//evil.example/')}`).set('HX-Request', 'true').set('Cookie', cookies.writer);
    expect(elsewhere.text).toContain(`name="next" value="/kb/${open.baseId}"`);
    const page = await http().get(path);
    expect(page.text).toContain('<html lang="en">');
    expect(page.text).toContain('<h1>Pages under &quot;Getting started&quot;</h1>');
    const opened = await http().get(`/kb/${open.baseId}?open=${ids['Getting started']}`);
    expect(opened.text).toContain(`aria-expanded="true"`);
    expect(opened.text).toContain(`<ul class="tree" id="c-${ids['Getting started']}">`);
  });

  it('keeps a full window of the tree, one node open, under 200 KB for a writer', async () => {
    const h = harness();
    const big = await makeBase(h, 'O', owner, 'Big');
    await addMember(h, big.baseId, writer, 'writer');
    const title = (i: number) => `ページ ${i}: 開発環境の準備と運用のための手順 (setup and operations guide)`;
    let first = '';
    for (let i = 0; i < 110; i++) {
      const created = await api(h, big.token, 'post', `/bases/${big.baseId}/pages`, { title: title(i), body: 'x' });
      if (i === 0) first = created.body.content_id;
      // Pages 1..55 under the first one, the rest roots.
      if (i >= 1 && i <= 55) await api(h, big.token, 'patch', `/bases/${big.baseId}/pages/${created.body.content_id}`, { level: 1 });
    }
    const home = await http().get(`/kb/${big.baseId}?open=${first}`).set('Cookie', cookies.writer);
    expect(home.status).toBe(200);
    expect((home.text.match(/<li id="p-/g) ?? []).length).toBe(100);
    expect(Buffer.byteLength(home.text)).toBeLessThanOrEqual(MAX_HTML_BYTES);
    expect(home.text).toContain(`href="/kb/${big.baseId}/tree/${first}">`);
    const second = await http().get(`/kb/${big.baseId}?page=2`).set('Cookie', cookies.writer);
    expect(second.text).toContain('Page 2 of 2');
    expect(second.text).toContain(title(109));
  });
});
