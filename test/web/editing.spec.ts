// The writing pages over HTTP, on both backends: who may open them (writers and owners; owners alone
// delete forever), cross-site forms refused, the editor's preview being what a save stores (XSS
// cleaned alike), a save over someone else's shown rather than lost, delete then restore seen at
// once by the REST API, moves going back to the tree at the moved page.
import request from 'supertest';
import { catalogues } from '../../src/web/i18n/languages';
import { escapeHtml } from '../../src/web/editing/editor-form';
import { describeEachBackend, type Harness, type TestBase } from '../support/e2e';
import { makeAccount, postForm, sameOrigin, signIn, type TestAccount } from './web-client';

const en = catalogues.en;

async function member(harness: Harness, baseId: string, account: TestAccount, role: string): Promise<void> {
  await harness.db.write((tx) => tx.query('INSERT INTO members (base_id, user_id, role) VALUES (?, ?, ?)', [baseId, account.userId, role]));
}

/** A signed-in member of the base with `role` (null: signed in, not a member); its cookie. */
async function visitor(harness: Harness, base: TestBase, role: string | null, name = 'Web User'): Promise<string> {
  const account = await makeAccount(harness, { name });
  if (role) await member(harness, base.baseId, account, role);
  return signIn(harness, account);
}

/** The value attribute of the hidden input `name` in the page. */
const hiddenValue = (html: string, name: string): string | undefined => new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1];
/** The text of the textarea with id `id`, unescaped as a browser would read it. */
const textareaText = (html: string, id: string): string | undefined => {
  const match = new RegExp(`<textarea id="${id}"[^>]*>\\n([\\s\\S]*?)</textarea>`).exec(html);
  return match?.[1].replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
};

describeEachBackend('the writing pages', (harness: () => Harness) => {
  const http = () => request(harness().app.getHttpServer());
  const get = (path: string, cookie?: string) => (cookie ? http().get(path).set('Cookie', cookie) : http().get(path));
  const post = (path: string, fields: Record<string, string>, cookie?: string, headers: Record<string, string> = sameOrigin) =>
    postForm(http(), path, fields, cookie ? { ...headers, Cookie: cookie } : headers);

  async function storedHtml(baseId: string, contentId: string): Promise<string | null> {
    const [row] = await harness().db.reader.query(
      'SELECT t.body_html AS html FROM pages p JOIN page_texts t ON t.page_id = p.page_id WHERE p.base_id = ? AND p.content_id = ?', [baseId, contentId],
    );
    return row.html;
  }

  describe('who may open them', () => {
    let base: TestBase;
    let contentId: string;
    let cookies: Record<'reader' | 'stranger', string>;
    beforeAll(async () => {
      base = await harness().fresh();
      contentId = (await base.createPage({ title: 'Guarded' })).content_id;
      cookies = { reader: await visitor(harness(), base, 'reader'), stranger: await visitor(harness(), base, null) };
    });
    const gets = () => [`/kb/${base.baseId}/new`, `/kb/${base.baseId}/pages/${contentId}/edit`, `/kb/${base.baseId}/pages/${contentId}/delete`, `/kb/${base.baseId}/trash`];
    const posts = (): [string, Record<string, string>][] => [
      [`/kb/${base.baseId}/new`, { title: 'x', body: '', type: 'M', lang: 'en' }],
      [`/kb/${base.baseId}/pages/${contentId}/edit`, { title: 'x', body: '', type: 'M', lang: 'en' }],
      [`/kb/${base.baseId}/preview`, { type: 'M', body: 'x' }],
      [`/kb/${base.baseId}/pages/${contentId}/delete`, {}],
      [`/kb/${base.baseId}/pages/${contentId}/move`, { direction: 'down' }],
      [`/kb/${base.baseId}/trash/${contentId}/restore`, {}],
    ];

    it('refuses a reader (403) and hides the base from a non-member (404)', async () => {
      for (const path of gets()) {
        expect({ path, status: (await get(path, cookies.reader)).status }).toEqual({ path, status: 403 });
        expect({ path, status: (await get(path, cookies.stranger)).status }).toEqual({ path, status: 404 });
      }
      for (const [path, fields] of posts()) {
        const refused = await post(path, fields, cookies.reader);
        expect({ path, status: refused.status }).toEqual({ path, status: 403 });
        expect(refused.text).toContain(en.writersOnly);
        expect({ path, status: (await post(path, fields, cookies.stranger)).status }).toEqual({ path, status: 404 });
      }
      expect((await base.call('get', base.pagesPath())).body.total).toBe(1);
      expect((await base.call('get', base.pagesPath(contentId))).body.title).toBe('Guarded');
    });

    it('sends an anonymous visitor to sign in, and back to the page', async () => {
      for (const path of gets()) {
        const response = await get(path);
        expect(response.status).toBe(303);
        expect(response.headers.location).toBe(`/signin?next=${encodeURIComponent(path)}`);
      }
      for (const [path, fields] of posts()) {
        const response = await post(path, fields);
        expect({ path, status: response.status, location: response.headers.location }).toEqual({ path, status: 303, location: '/signin' });
      }
    });

    it('refuses forms sent from another site, and writes nothing', async () => {
      const writer = await visitor(harness(), base, 'writer');
      for (const [path, fields] of posts()) {
        const response = await post(path, fields, writer, { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' });
        expect({ path, status: response.status }).toEqual({ path, status: 403 });
        expect(response.text).toContain(en.crossSiteRefused);
      }
      expect((await base.call('get', base.pagesPath())).body.total).toBe(1);
    });
  });

  it('creates a page with the rules of the REST API, keeping what was typed when refused', async () => {
    const h = harness();
    const base = await h.fresh();
    const writer = await visitor(h, base, 'writer');
    const form = await get(`/kb/${base.baseId}/new`, writer);
    expect(form.status).toBe(200);
    expect(form.headers['cache-control']).toBe('no-store');
    expect(form.text).toContain('<textarea id="page-body" name="body"');

    const body = 'まだ保存していない本文 <b>太字</b>\n\n二段落目';
    const blank = await post(`/kb/${base.baseId}/new`, { title: '   ', body, type: 'M', lang: 'ja' }, writer);
    expect(blank.status).toBe(400);
    expect(blank.text).toContain(en.titleRequired);
    expect(textareaText(blank.text, 'page-body')).toBe(body);
    const long = await post(`/kb/${base.baseId}/new`, { title: 'x'.repeat(256), body, type: 'M', lang: 'ja' }, writer);
    expect(long.status).toBe(400);
    expect(long.text).toContain(en.titleTooLong(255));
    const badType = await post(`/kb/${base.baseId}/new`, { title: 'ok', body, type: 'X', lang: 'ja' }, writer);
    expect(badType.status).toBe(400);
    expect(textareaText(badType.text, 'page-body')).toBe(body);
    expect((await base.call('get', base.pagesPath())).body.total).toBe(0);

    const created = await post(`/kb/${base.baseId}/new`, { title: '始めに', body, type: 'M', lang: 'ja' }, writer);
    expect(created.status).toBe(303);
    const [, contentId] = /^\/kb\/[^/]+\/pages\/([a-z0-9]{6})\?done=page-created$/.exec(created.headers.location)!;
    const detail = (await base.call('get', base.pagesPath(contentId))).body;
    expect(detail).toMatchObject({ title: '始めに', body, type: 'M', lang: 'ja', level: 0 });
  });

  it('previews what a save stores, in every format, XSS cleaned alike', async () => {
    const h = harness();
    const base = await h.fresh();
    const writer = await visitor(h, base, 'writer');
    const page = await base.createPage({ title: 'Preview me', body: 'old', content_type: 'M' });
    const attacks = '<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">link</a><svg onload=alert(4)></svg>';
    for (const type of ['M', 'H', 'T'] as const) {
      const body = `# Heading ${type}\n\n**bold** text\n\n${attacks}\n`;
      const preview = await post(`/kb/${base.baseId}/preview`, { type, body }, writer);
      expect(preview.status).toBe(200);
      expect(preview.headers['cache-control']).toBe('no-store');
      // No script element, event handler attribute or javascript: address in any tag (as text, a T page may say them).
      expect(preview.text).not.toMatch(/<script|<[^>]+\son[a-z]+\s*=|<[^>]+(?:href|src)\s*=\s*["']?\s*javascript:/i);
      expect(preview.text).toContain(type === 'M' ? '<strong>bold</strong>' : '**bold**');
      // Without the island: the Preview tab re-renders the editor with the same fragment, saving nothing.
      const noScript = await post(`/kb/${base.baseId}/pages/${page.content_id}/edit`, { title: 'Preview me', body, type, lang: 'en', tab: 'preview' }, writer);
      expect(noScript.status).toBe(200);
      expect(noScript.text).toContain('id="tab-preview" name="tab" value="preview" formnovalidate aria-controls="panel-preview" aria-selected="true"');
      expect(noScript.text).toContain(preview.text);
      expect(textareaText(noScript.text, 'page-body')).toBe(body);
      expect((await base.call('get', base.pagesPath(page.content_id))).body.body).not.toBe(body);

      const saved = await post(`/kb/${base.baseId}/pages/${page.content_id}/edit`, { title: 'Preview me', body, type, lang: 'en' }, writer);
      expect(saved.status).toBe(303);
      expect(saved.headers.location).toBe(`/kb/${base.baseId}/pages/${page.content_id}?done=page-saved`);
      const stored = (await base.call('get', base.pagesPath(page.content_id))).body;
      expect(stored.type).toBe(type);
      if (type === 'M') expect(preview.text).toBe(await storedHtml(base.baseId, page.content_id));
      if (type === 'H') expect(preview.text).toBe(stored.body);
      if (type === 'T') expect(preview.text).toBe(`<pre class="page-text">${escapeHtml(stored.body)}</pre>`);
    }
  });

  it('says a body the renderer refuses, in the preview and on save, keeping the text', async () => {
    const h = harness();
    const base = await h.fresh();
    const writer = await visitor(h, base, 'writer');
    const body = `${'>'.repeat(5000)} too deep`;
    const preview = await post(`/kb/${base.baseId}/preview`, { type: 'M', body }, writer);
    expect(preview.status).toBe(400);
    expect(preview.text).toMatch(/^<p class="problem">The field &quot;body&quot; /);
    const saved = await post(`/kb/${base.baseId}/new`, { title: 'Deep', body, type: 'M', lang: 'en' }, writer);
    expect(saved.status).toBe(400);
    expect(saved.text).toContain('The field &quot;body&quot;');
    expect(textareaText(saved.text, 'page-body')).toBe(body);
  });

  it('shows both texts when someone else saved meanwhile; a second save replaces theirs knowingly', async () => {
    const h = harness();
    const base = await h.fresh();
    const writer = await visitor(h, base, 'writer');
    const page = await base.createPage({ title: 'Shared', body: 'first version', content_lang: 'en' });
    const opened = await get(`/kb/${base.baseId}/pages/${page.content_id}/edit`, writer);
    const version = hiddenValue(opened.text, 'version')!;
    expect(version).toMatch(/^[\w-]{22}$/);
    expect(textareaText(opened.text, 'page-body')).toBe('first version');

    // Someone else saves through the REST API, which keeps last-write-wins.
    expect((await base.call('patch', base.pagesPath(page.content_id), { body: { body: 'their <version>' } })).status).toBe(200);
    const mine = { title: 'Shared', body: 'my version', type: 'M', lang: 'en', version, editing: 'Shared' };
    const conflict = await post(`/kb/${base.baseId}/pages/${page.content_id}/edit`, mine, writer);
    expect(conflict.status).toBe(409);
    expect(conflict.text).toContain(escapeHtml(en.conflictProblem));
    expect(textareaText(conflict.text, 'page-body')).toBe('my version');
    expect(textareaText(conflict.text, 'their-body')).toBe('their <version>');
    expect(conflict.text).toMatch(/<textarea id="their-body" rows="12" readonly/);
    expect((await base.call('get', base.pagesPath(page.content_id))).body.body).toBe('their <version>');

    // A title change alone is someone else's save too.
    const fresh = hiddenValue(conflict.text, 'version')!;
    expect(fresh).not.toBe(version);
    expect((await base.call('patch', base.pagesPath(page.content_id), { body: { title: 'Shared (renamed)' } })).status).toBe(200);
    const again = await post(`/kb/${base.baseId}/pages/${page.content_id}/edit`, { ...mine, version: fresh }, writer);
    expect(again.status).toBe(409);
    const latest = hiddenValue(again.text, 'version')!;
    const replaced = await post(`/kb/${base.baseId}/pages/${page.content_id}/edit`, { ...mine, version: latest }, writer);
    expect(replaced.status).toBe(303);
    expect((await base.call('get', base.pagesPath(page.content_id))).body).toMatchObject({ title: 'Shared', body: 'my version' });
  });

  it('keeps the text of a page deleted while it was edited, as a new page to save', async () => {
    const h = harness();
    const base = await h.fresh();
    const writer = await visitor(h, base, 'writer');
    const page = await base.createPage({ title: 'Gone soon' });
    const version = hiddenValue((await get(`/kb/${base.baseId}/pages/${page.content_id}/edit`, writer)).text, 'version')!;
    expect((await base.call('delete', base.pagesPath(page.content_id))).status).toBe(204);
    const saved = await post(`/kb/${base.baseId}/pages/${page.content_id}/edit`, { title: 'Gone soon', body: 'kept text', type: 'M', lang: 'en', version }, writer);
    expect(saved.status).toBe(404);
    expect(saved.text).toContain(escapeHtml(en.pageGoneWhileEditing));
    expect(saved.text).toContain(`action="/kb/${base.baseId}/new"`);
    expect(textareaText(saved.text, 'page-body')).toBe('kept text');
  });

  it('deletes after a confirmation, lists it in the trash, and restores it into every REST answer', async () => {
    const h = harness();
    const base = await h.fresh();
    const writer = await visitor(h, base, 'writer', 'Wanda Writer');
    const [first, middle, last] = await base.createOutline([0, 0, 0]);
    expect((await base.call('patch', base.pagesPath(middle), { body: { title: 'Restorable findme' } })).status).toBe(200);

    const confirm = await get(`/kb/${base.baseId}/pages/${middle}/delete`, writer);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain(escapeHtml(en.deletePageQuestion('Restorable findme')));
    expect(confirm.text).toMatch(/<button type="submit" class="danger">Delete<\/button>/);
    const deleted = await post(`/kb/${base.baseId}/pages/${middle}/delete`, {}, writer);
    expect(deleted.status).toBe(303);
    expect(deleted.headers.location).toBe(`/kb/${base.baseId}?done=page-deleted`);
    expect((await base.call('get', base.pagesPath(middle))).status).toBe(404);

    const trash = await get(`/kb/${base.baseId}/trash`, writer);
    expect(trash.status).toBe(200);
    expect(trash.text).toContain('<th scope="row">Restorable findme</th>');
    expect(trash.text).toContain('<td>Wanda Writer</td>');
    expect(trash.text).toContain(`action="/kb/${base.baseId}/trash/${middle}/restore"><button type="submit">Restore</button>`);
    // Delete forever is the owners' alone.
    expect(trash.text).not.toContain('Delete forever');

    const restored = await post(`/kb/${base.baseId}/trash/${middle}/restore`, {}, writer);
    expect(restored.status).toBe(303);
    expect(restored.headers.location).toBe(`/kb/${base.baseId}/trash?done=page-restored`);
    expect((await get(restored.headers.location, writer)).text).toContain(en.pageRestored);

    const list = (await base.call('get', base.pagesPath())).body;
    expect(list.total).toBe(3);
    expect(list.pages.map((p: { content_id: string; order: number }) => [p.content_id, p.order])).toEqual([[first, 0], [middle, 1], [last, 2]]);
    expect((await base.call('get', base.pagesPath(middle))).body.title).toBe('Restorable findme');
    const found = (await base.call('get', `/bases/${base.baseId}/search?q=findme`)).body;
    expect(found.pages.map((p: { content_id: string }) => p.content_id)).toEqual([middle]);
    const tree = (await base.call('get', `/bases/${base.baseId}/tree`)).body.tree;
    expect(tree.map((n: { content_id: string }) => n.content_id)).toEqual([first, middle, last]);
    expect((await base.call('get', `/bases/${base.baseId}/info`)).body.total_pages).toBe(3);
    expect((await post(`/kb/${base.baseId}/trash/${middle}/restore`, {}, writer)).status).toBe(404);
  });

  it('deletes forever for owners only, after a confirmation', async () => {
    const h = harness();
    const base = await h.fresh();
    const writer = await visitor(h, base, 'writer');
    const owner = await visitor(h, base, 'owner');
    const page = await base.createPage({ title: 'Doomed unicorn' });
    expect((await base.call('delete', base.pagesPath(page.content_id))).status).toBe(204);
    const path = `/kb/${base.baseId}/trash/${page.content_id}/delete-forever`;
    expect((await get(path, writer)).status).toBe(403);
    const refused = await post(path, {}, writer);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain(en.ownersOnly);

    const trash = await get(`/kb/${base.baseId}/trash`, owner);
    expect(trash.text).toContain(`<form method="get" action="${path}"><button type="submit" class="danger">Delete forever</button></form>`);
    const confirm = await get(path, owner);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain(escapeHtml(en.deleteForeverQuestion('Doomed unicorn')));
    expect(confirm.text).toMatch(/<button type="submit" class="danger">Delete forever<\/button>/);
    const gone = await post(path, {}, owner);
    expect(gone.status).toBe(303);
    expect(gone.headers.location).toBe(`/kb/${base.baseId}/trash?done=page-deleted-forever`);
    const after = await get(gone.headers.location, owner);
    expect(after.text).toContain(en.pageDeletedForever);
    expect(after.text).not.toContain('Doomed unicorn');
    expect((await post(`/kb/${base.baseId}/trash/${page.content_id}/restore`, {}, owner)).status).toBe(404);
    expect((await get(path, owner)).status).toBe(404);
  });

  it('lists the trash 50 a page, the latest deletion first', async () => {
    const h = harness();
    const base = await h.fresh();
    const writer = await visitor(h, base, 'writer');
    const ids = await base.createOutline(Array.from({ length: 52 }, () => 0));
    for (const id of ids) expect((await base.call('delete', base.pagesPath(id))).status).toBe(204);
    const first = await get(`/kb/${base.baseId}/trash`, writer);
    const rows = (html: string) => [...html.matchAll(/<th scope="row">([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(rows(first.text)).toEqual(Array.from({ length: 50 }, (_, i) => `P${51 - i}`));
    expect(first.text).toContain(en.pagingOf(1, 2));
    expect(first.text).toContain(`href="/kb/${base.baseId}/trash?page=2" rel="next"`);
    const second = await get(`/kb/${base.baseId}/trash?page=2`, writer);
    expect(rows(second.text)).toEqual(['P1', 'P0']);
  });

  it('moves a page and goes back to the tree at it; a refused move says why', async () => {
    const h = harness();
    const base = await h.fresh();
    const writer = await visitor(h, base, 'writer');
    const [a, b, c] = await base.createOutline([0, 0, 0]);
    const order = async () => (await base.call('get', base.pagesPath())).body.pages.map((p: { content_id: string; level: number }) => [p.content_id, p.level]);

    const down = await post(`/kb/${base.baseId}/pages/${a}/move`, { direction: 'down', next: `/kb/${base.baseId}?page=1#elsewhere` }, writer);
    expect(down.status).toBe(303);
    expect(down.headers.location).toBe(`/kb/${base.baseId}?page=1#p-${a}`);
    expect(await order()).toEqual([[b, 0], [a, 0], [c, 0]]);

    const indent = await post(`/kb/${base.baseId}/pages/${a}/move`, { direction: 'indent', next: '//evil.example/x' }, writer);
    expect(indent.headers.location).toBe(`/kb/${base.baseId}#p-${a}`);
    expect(await order()).toEqual([[b, 0], [a, 1], [c, 0]]);

    const refused = await post(`/kb/${base.baseId}/pages/${b}/move`, { direction: 'up' }, writer);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(en.moveRefused.up);
    expect(refused.text).toContain(`href="/kb/${base.baseId}#p-${b}"`);
    const unknown = await post(`/kb/${base.baseId}/pages/${b}/move`, { direction: 'sideways' }, writer);
    expect(unknown.status).toBe(400);
    expect(await order()).toEqual([[b, 0], [a, 1], [c, 0]]);
    expect((await post(`/kb/${base.baseId}/pages/zzzzzz/move`, { direction: 'down' }, writer)).status).toBe(404);
  });
});
