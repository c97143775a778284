// The writing pages in Chromium, in English and Japanese, on both backends: a writer creates a
// page and edits it with the preview (Enter during an IME composition submits nothing), two
// browsers save the same page (the second sees both texts), a page is deleted and restored (and
// the REST API sees it back at once), an owner deletes one forever, and pages are reordered by
// their buttons and by the keyboard. Every page: a screenshot and axe.
import type { BrowserContext, Page } from 'playwright-core';
import { backends } from '../support/databases';
import { langs, newContext, useBrowser, type Lang } from './support/browser';
import { pageChecks } from './support/check-page';
import { expectMessage, passwordFor, signIn } from './support/flows';
import { createUser, kbpOk, serviceAll } from './support/service';
import { texts, type Texts } from './support/texts';

// The callbacks below run in the page; this program is compiled without the DOM's types.
declare const document: { activeElement: { textContent: string | null } | null };
declare const KeyboardEvent: new (type: string, init: Record<string, unknown>) => { defaultPrevented: boolean };

const browser = useBrowser();
const checkPage = pageChecks('editing');
const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

let bases = 0;

interface Writer {
  baseId: string;
  email: string;
  password: string;
  /** A write token of the base's owner, for the REST API's view of it. */
  token: string;
}

describe.each(backends)('the writing pages on %s', (backend) => {
  const service = serviceAll(backend);

  /** A new base whose owner is a new user, and a write token of theirs. */
  async function ownerOfNewBase(lang: Lang): Promise<Writer> {
    bases += 1;
    const baseId = `edit-${lang}-${bases}-${Date.now().toString(36)}`;
    const email = `owner-${baseId}@example.com`;
    const password = passwordFor(lang, `owner ${bases}`);
    await createUser(service(), email, password);
    await kbpOk(service().databaseUrl, ['base', 'create', baseId, '--description', lang === 'ja' ? '編集のテスト' : 'Editing test']);
    await kbpOk(service().databaseUrl, ['member', 'add', baseId, email, '--role', 'owner']);
    const { stdout } = await kbpOk(service().databaseUrl, ['token', 'create', '--base', baseId, '--user', email, '--scope', 'write']);
    return { baseId, email, password, token: stdout.trim() };
  }

  async function signedIn(lang: Lang, who: Writer): Promise<Page> {
    const context = await newContext(browser(), lang, service().url);
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, texts(lang), who.email, who.password);
    return page;
  }

  async function api(who: Writer, path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: any }> {
    const response = await fetch(`${service().url}/api/v1/bases/${who.baseId}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${who.token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  const titles = async (who: Writer) => (await api(who, '/pages')).body.pages.map((p: { title: string; level: number }) => [p.title, p.level]);

  const editor = (page: Page, t: Texts) => ({
    title: page.getByRole('textbox', { name: t.editorTitle, exact: true }),
    body: page.getByRole('textbox', { name: t.editorBody, exact: true }),
    format: page.getByRole('combobox', { name: t.editorFormat, exact: true }),
    language: page.getByRole('combobox', { name: t.editorLanguage, exact: true }),
    write: page.getByRole('tab', { name: t.tabWrite, exact: true }),
    preview: page.getByRole('tab', { name: t.tabPreview, exact: true }),
    save: page.getByRole('button', { name: t.editorSave, exact: true }),
  });

  it.each(langs)('creates a page and edits it with the preview; Enter while composing submits nothing (%s)', async (lang) => {
    const t = texts(lang);
    const owner = await ownerOfNewBase(lang);
    const page = await signedIn(lang, owner);
    await page.goto(`/kb/${owner.baseId}`);
    await page.getByRole('link', { name: t.baseNewPage, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: t.newPage, exact: true }).waitFor();
    const e = editor(page, t);
    expect(await e.format.inputValue()).toBe('M');
    expect(await e.language.inputValue()).toBe(lang);
    expect(await e.write.getAttribute('aria-selected')).toBe('true');
    await checkPage(page, `${backend}-new-page`, lang);

    const title = lang === 'ja' ? 'はじめに　使い方' : 'Getting started';
    await e.title.fill(title);
    // Enter that confirms an IME conversion: the page stays, the form is not sent.
    await page.evaluate('window.__stayed = true');
    const prevented = await e.title.evaluate((input: { dispatchEvent(event: unknown): boolean }) => {
      const event = new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', isComposing: true, bubbles: true, cancelable: true });
      input.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(prevented).toBe(true);
    expect(await page.evaluate('window.__stayed')).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/kb/${owner.baseId}/new`);

    const body = lang === 'ja'
      ? '# 見出し\n\n日本語の**本文**です。\n\n- 一つ目\n- 二つ目\n\n<img src=x alt="x" onerror="document.title=\'pwned\'">'
      : '# Heading\n\nSome **bold** text.\n\n- one\n- two\n\n<img src=x alt="x" onerror="document.title=\'pwned\'">';
    await e.body.fill(body);
    await e.preview.click();
    const shown = page.locator('#panel-preview');
    await shown.getByRole('heading', { name: lang === 'ja' ? '見出し' : 'Heading' }).waitFor();
    expect(await e.preview.getAttribute('aria-selected')).toBe('true');
    expect(await e.body.isVisible()).toBe(false);
    expect(await shown.locator('strong').textContent()).toBe(lang === 'ja' ? '本文' : 'bold');
    expect(await shown.locator('[onerror]').count()).toBe(0);
    expect(await page.title()).not.toBe('pwned');
    const previewed = await shown.locator('.preview').innerHTML();
    await checkPage(page, `${backend}-new-page-preview`, lang);
    await e.write.click();
    await e.body.waitFor();
    // A plain Enter in the title saves (Save is the form's default button).
    await e.title.press('Enter');
    await expectMessage(page, t.pageCreated);
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    // The page shows what the preview showed.
    expect((await page.locator('article.page-body').innerHTML()).trim()).toBe(previewed.trim());
    await checkPage(page, `${backend}-page-created`, lang);

    await page.getByRole('link', { name: t.pageEdit, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: t.editPageTitle(title) }).waitFor();
    expect(await e.body.inputValue()).toBe(body);
    await e.format.selectOption('T');
    await e.language.selectOption(lang === 'ja' ? 'en' : 'ja');
    await e.body.fill('Plain <b>text</b>\n  kept as typed');
    await e.preview.click();
    await page.locator('#panel-preview pre.page-text').waitFor();
    expect(await page.locator('#panel-preview pre.page-text').textContent()).toBe('Plain <b>text</b>\n  kept as typed');
    await checkPage(page, `${backend}-edit-preview-text`, lang);
    await e.save.click();
    await expectMessage(page, t.pageSaved);
    const [summary] = (await api(owner, '/pages')).body.pages;
    const stored = (await api(owner, `/pages/${summary.content_id}`)).body;
    expect(stored).toMatchObject({ title, type: 'T', lang: lang === 'ja' ? 'en' : 'ja', body: 'Plain <b>text</b>\n  kept as typed' });
  });

  it.each(langs)('keeps both texts when two browsers save the same page (%s)', async (lang) => {
    const t = texts(lang);
    const owner = await ownerOfNewBase(lang);
    const title = lang === 'ja' ? '共有のメモ' : 'Shared notes';
    const created = (await api(owner, '/pages', { method: 'POST', body: { title, body: lang === 'ja' ? '最初の版' : 'First version', content_lang: lang } })).body;
    const edit = `/kb/${owner.baseId}/pages/${created.content_id}/edit`;
    const alice = await signedIn(lang, owner);
    const bob = await signedIn(lang, owner);
    await alice.goto(edit);
    await bob.goto(edit);
    const theirs = lang === 'ja' ? 'ボブの版：先に保存' : "Bob's version, saved first";
    const mine = lang === 'ja' ? 'アリスの版：後から保存' : "Alice's version, saved second";
    await editor(bob, t).body.fill(theirs);
    await editor(bob, t).save.click();
    await expectMessage(bob, t.pageSaved);

    const a = editor(alice, t);
    await a.body.fill(mine);
    await a.save.click();
    await expectMessage(alice, t.conflictProblem);
    expect(await a.body.inputValue()).toBe(mine);
    const theirBody = alice.getByRole('textbox', { name: t.theirBody, exact: true });
    expect(await theirBody.inputValue()).toBe(theirs);
    expect(await theirBody.getAttribute('readonly')).not.toBeNull();
    await checkPage(alice, `${backend}-edit-conflict`, lang);
    expect((await api(owner, `/pages/${created.content_id}`)).body.body).toBe(theirs);

    // Saving again, knowing, replaces their version.
    await a.save.click();
    await expectMessage(alice, t.pageSaved);
    expect((await api(owner, `/pages/${created.content_id}`)).body.body).toBe(mine);
  });

  it.each(langs)('deletes a page, restores it for the REST API at once, and deletes another forever (%s)', async (lang) => {
    const t = texts(lang);
    const owner = await ownerOfNewBase(lang);
    const names = lang === 'ja' ? ['一章', '二章 復元テスト', '三章'] : ['Chapter one', 'Chapter two restorable', 'Chapter three'];
    const ids: string[] = [];
    for (const title of names) ids.push((await api(owner, '/pages', { method: 'POST', body: { title, content_lang: lang } })).body.content_id);
    const page = await signedIn(lang, owner);

    await page.goto(`/kb/${owner.baseId}/pages/${ids[1]}`);
    await page.getByRole('link', { name: t.pageDelete, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: t.deletePageTitle, exact: true }).waitFor();
    await checkPage(page, `${backend}-delete-confirm`, lang);
    await page.getByRole('button', { name: t.deletePage, exact: true }).click();
    await expectMessage(page, t.pageDeleted);
    await checkPage(page, `${backend}-deleted`, lang);
    expect((await api(owner, `/pages/${ids[1]}`)).status).toBe(404);
    expect((await api(owner, '/info')).body.total_pages).toBe(2);

    await page.getByRole('link', { name: t.baseTrash, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: t.trashTitle, exact: true }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: names[1], exact: true }) });
    expect(await row.count()).toBe(1);
    await checkPage(page, `${backend}-trash`, lang);
    await row.getByRole('button', { name: t.restore, exact: true }).click();
    await expectMessage(page, t.pageRestored);
    await checkPage(page, `${backend}-restored`, lang);

    // Back in every REST answer at once, at its former place.
    expect(await titles(owner)).toEqual(names.map((title) => [title, 0]));
    expect((await api(owner, `/pages/${ids[1]}`)).body.title).toBe(names[1]);
    const keyword = lang === 'ja' ? '復元テスト' : 'restorable';
    expect((await api(owner, `/search?q=${encodeURIComponent(keyword)}`)).body.pages.map((p: { content_id: string }) => p.content_id)).toEqual([ids[1]]);
    expect((await api(owner, '/tree')).body.tree.map((n: { content_id: string }) => n.content_id)).toEqual(ids);
    expect((await api(owner, '/info')).body.total_pages).toBe(3);

    // Delete forever: the owner's, confirmed, for good.
    expect((await api(owner, `/pages/${ids[2]}`, { method: 'DELETE' })).status).toBe(204);
    await page.goto(`/kb/${owner.baseId}/trash`);
    const doomed = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: names[2], exact: true }) });
    await doomed.getByRole('button', { name: t.deleteForever, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: t.deleteForeverTitle, exact: true }).waitFor();
    const confirm = page.getByRole('button', { name: t.deleteForever, exact: true });
    expect(await confirm.count()).toBe(1);
    await checkPage(page, `${backend}-delete-forever-confirm`, lang);
    await confirm.click();
    await expectMessage(page, t.pageDeletedForever);
    await page.getByText(t.trashEmpty).waitFor();
    await checkPage(page, `${backend}-trash-empty`, lang);
    expect((await api(owner, `/pages/${ids[2]}`)).status).toBe(404);
    expect((await api(owner, '/info')).body.total_pages).toBe(2);
  });

  it.each(langs)('reorders pages by their buttons and by the keyboard (%s)', async (lang) => {
    const t = texts(lang);
    const owner = await ownerOfNewBase(lang);
    const [a, b, c] = lang === 'ja' ? ['甲のページ', '乙のページ', '丙のページ'] : ['Alpha', 'Bravo', 'Charlie'];
    for (const title of [a, b, c]) await api(owner, '/pages', { method: 'POST', body: { title, content_lang: lang } });
    const page = await signedIn(lang, owner);
    await page.goto(`/kb/${owner.baseId}`);
    await page.getByText(t.moveShortcutsHelp).waitFor();
    await checkPage(page, `${backend}-tree-writer`, lang);

    // Each move answers with the base home again, at the moved page's anchor.
    const moved = async (action: Promise<unknown>) => {
      await Promise.all([
        page.waitForResponse((r) => r.request().isNavigationRequest() && r.request().method() === 'GET' && new URL(r.url()).pathname === `/kb/${owner.baseId}`),
        action,
      ]);
      await page.waitForLoadState();
    };
    await moved(page.getByRole('button', { name: t.treeMoveDown(a), exact: true }).click());
    expect(new URL(page.url()).hash).toBe(`#p-${await idOf(a)}`);
    expect(await titles(owner)).toEqual([[b, 0], [a, 0], [c, 0]]);
    await moved(page.getByRole('button', { name: t.treeIndent(a), exact: true }).click());
    expect(await titles(owner)).toEqual([[b, 0], [a, 1], [c, 0]]);
    await checkPage(page, `${backend}-tree-moved-by-buttons`, lang);

    // The keyboard, on a node's link: the focus comes back to the moved node after each move.
    const focusedOn = (title: string) => page.waitForFunction((name) => document.activeElement?.textContent === name, title);
    await page.getByRole('link', { name: c, exact: true }).focus();
    await moved(page.keyboard.press('Alt+Shift+ArrowUp'));
    expect(await titles(owner)).toEqual([[c, 0], [b, 0], [a, 1]]);
    await focusedOn(c);
    await moved(page.keyboard.press('Alt+Shift+ArrowDown'));
    expect(await titles(owner)).toEqual([[b, 0], [a, 1], [c, 0]]);
    await focusedOn(c);
    await moved(page.keyboard.press('Alt+Shift+ArrowRight'));
    expect(await titles(owner)).toEqual([[b, 0], [a, 1], [c, 1]]);
    // Charlie is under Bravo now: open Bravo, and outdent Charlie from its node there.
    // (Its name begins with the arrow the stylesheet draws.)
    await page.getByRole('link', { name: t.treeToggle(b) }).click();
    await page.getByRole('link', { name: c, exact: true }).focus();
    await moved(page.keyboard.press('Alt+Shift+ArrowLeft'));
    expect(await titles(owner)).toEqual([[b, 0], [a, 1], [c, 0]]);
    await focusedOn(c);
    await checkPage(page, `${backend}-tree-moved-by-keys`, lang);

    async function idOf(title: string): Promise<string> {
      const found = (await api(owner, '/pages')).body.pages.find((p: { title: string }) => p.title === title);
      return found.content_id;
    }
  });
});
