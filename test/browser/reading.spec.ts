// Reading in a browser, in English and Japanese: an anonymous visitor, a signed-in non-member and
// a reader on bases of each visibility (public, signed-in users, members only) and on a
// members-only page in a public base; the tree's expand and collapse (the island), a search
// (Japanese terms of two characters and of one), breadcrumbs, and an anonymous visitor sent to
// sign in who lands on the page asked for. Every page is screenshot and checked by axe.
import type { BrowserContext, Page } from 'playwright-core';
import { backends } from '../support/databases';
import { langs, newContext, useBrowser, type Lang } from './support/browser';
import { pageChecks } from './support/check-page';
import { htmlLang, signIn, signOutButton, submitSignIn } from './support/flows';
import { addMember, apiCreatePage, createBase, createMember, ownerToken, serviceAll } from './support/reading-setup';
import { createUser } from './support/service';
import { texts, type Texts } from './support/texts';

const browser = useBrowser();
const checkPage = pageChecks('reading');
const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

const PUBLIC = 'pub-handbook';
const STAFF = 'staff-wiki';
const TEAM = 'team-notes';
const PASSWORD = 'correct horse battery staple reading';
const OWNER = 'owner@example.com';
const READER = 'reader@example.com';
const OUTSIDER = 'outsider@example.com';

const titles = {
  start: '手順書 Getting started',
  install: 'インストール',
  config: '設定ファイル',
  reference: 'Reference',
  apis: 'API 一覧',
  secret: 'Members only notes',
  staff: 'Staff handbook',
  holidays: 'Holidays 休暇',
  plans: 'Team plans 計画',
};

async function open(lang: Lang, url: string): Promise<{ page: Page; t: Texts }> {
  const context = await newContext(browser(), lang, url);
  contexts.push(context);
  return { page: await context.newPage(), t: texts(lang) };
}

const toggle = (page: Page, t: Texts, title: string) => page.getByRole('link', { name: t.treeToggle(title), exact: true });
const pageLink = (page: Page, title: string) => page.getByRole('link', { name: title, exact: true });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

describe.each(backends)('reading on %s', (backend) => {
  const service = serviceAll(backend);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await createBase(service(), PUBLIC, 'O', '公開ハンドブック: Public handbook');
    await createBase(service(), STAFF, 'I', 'For everyone signed in');
    await createBase(service(), TEAM, 'L', 'チームだけのメモ');
    await createMember(service(), PUBLIC, OWNER, PASSWORD, 'owner');
    await createMember(service(), PUBLIC, READER, PASSWORD, 'reader');
    await createUser(service(), OUTSIDER, PASSWORD);
    for (const base of [STAFF, TEAM]) {
      await addMember(service(), base, OWNER, 'owner');
      await addMember(service(), base, READER, 'reader');
    }
    const token = await ownerToken(service(), PUBLIC, OWNER);
    ids.start = await apiCreatePage(service(), token, PUBLIC, {
      title: titles.start, content_type: 'M', content_lang: 'ja',
      body: '# はじめに\n\nこのハンドブックは**開発環境**の準備の手順をまとめたものです。\n\n- 必要なもの: Node.js、Git\n- 所要時間: 約 30 分\n\n```sh\nnpm ci\n```',
    });
    ids.install = await apiCreatePage(service(), token, PUBLIC, {
      title: titles.install, level: 1, content_type: 'H', content_lang: 'ja', body: '<p>パッケージを<strong>インストール</strong>します。</p><ol><li>リポジトリを取得</li><li>依存関係を入れる</li></ol>',
    });
    ids.config = await apiCreatePage(service(), token, PUBLIC, {
      title: titles.config, level: 2, content_type: 'T', content_lang: 'ja', body: '設定は config.json に書きます。\n  <b>タグはそのまま表示</b>\n二行目',
    });
    ids.reference = await apiCreatePage(service(), token, PUBLIC, { title: titles.reference, content_type: 'M', content_lang: 'en', body: 'The *reference* of the API.' });
    ids.apis = await apiCreatePage(service(), token, PUBLIC, { title: titles.apis, level: 1, content_type: 'M', content_lang: 'ja', body: '一覧です。' });
    ids.secret = await apiCreatePage(service(), token, PUBLIC, { title: titles.secret, view: 'L', content_type: 'M', content_lang: 'en', body: 'Only for members.' });
    const staffToken = await ownerToken(service(), STAFF, OWNER);
    ids.staff = await apiCreatePage(service(), staffToken, STAFF, { title: titles.staff, content_lang: 'en', body: 'How we work.' });
    ids.holidays = await apiCreatePage(service(), staffToken, STAFF, { title: titles.holidays, level: 1, content_lang: 'ja', body: '休暇の取り方。' });
    const teamToken = await ownerToken(service(), TEAM, OWNER);
    ids.plans = await apiCreatePage(service(), teamToken, TEAM, { title: titles.plans, content_lang: 'ja', body: '来期の計画。' });
  });

  it.each(langs)('an anonymous visitor reads a public base: tree, expand and collapse, search, breadcrumbs (%s)', async (lang) => {
    const { page, t } = await open(lang, service().url);
    await page.goto('/');
    expect(await htmlLang(page)).toBe(lang);
    await heading(page, t.basesTitle).waitFor();
    expect(await pageLink(page, PUBLIC).count()).toBe(1);
    expect(await pageLink(page, STAFF).count()).toBe(0);
    expect(await pageLink(page, TEAM).count()).toBe(0);
    await page.getByRole('banner').getByRole('link', { name: t.readingSignIn, exact: true }).waitFor();
    await checkPage(page, `${backend}-bases-anonymous`, lang);

    await pageLink(page, PUBLIC).click();
    await heading(page, PUBLIC).waitFor();
    // Roots only, collapsed; the members-only page is nowhere.
    await pageLink(page, titles.start).waitFor();
    await pageLink(page, titles.reference).waitFor();
    expect(await pageLink(page, titles.install).count()).toBe(0);
    expect(await page.getByText(titles.secret).count()).toBe(0);
    expect(await page.getByRole('link', { name: t.baseNewPage }).count()).toBe(0);
    expect(await page.getByRole('search').getByRole('searchbox', { name: t.searchLabel, exact: true }).count()).toBe(1);
    await checkPage(page, `${backend}-base-home-anonymous`, lang);

    // Expand two levels with the island, then collapse the first.
    const start = toggle(page, t, titles.start);
    expect(await start.getAttribute('aria-expanded')).toBe('false');
    await start.click();
    await pageLink(page, titles.install).waitFor();
    expect(await start.getAttribute('aria-expanded')).toBe('true');
    expect(new URL(page.url()).search).toBe('');
    await toggle(page, t, titles.install).click();
    await pageLink(page, titles.config).waitFor();
    await checkPage(page, `${backend}-tree-expanded`, lang);
    await start.click();
    await pageLink(page, titles.install).waitFor({ state: 'detached' });
    expect(await start.getAttribute('aria-expanded')).toBe('false');

    // Search: a Japanese term of two characters, then of one.
    const searchbox = page.getByRole('searchbox', { name: t.searchLabel, exact: true });
    await searchbox.fill('手順');
    await page.getByRole('search').getByRole('button', { name: t.searchButton, exact: true }).click();
    await heading(page, t.searchTitle('手順')).waitFor();
    await pageLink(page, titles.start).waitFor();
    await page.getByRole('status').filter({ hasText: t.searchHits(1) }).waitFor();
    await checkPage(page, `${backend}-search-two-characters`, lang);
    await page.getByRole('searchbox', { name: t.searchLabel, exact: true }).fill('設');
    await page.getByRole('search').getByRole('button', { name: t.searchButton, exact: true }).click();
    await heading(page, t.searchTitle('設')).waitFor();
    await pageLink(page, titles.config).click();

    // A text page three levels down: its path, its text as written, its language.
    await heading(page, titles.config).waitFor();
    const crumbs = page.getByRole('navigation', { name: t.breadcrumbs, exact: true }).getByRole('link');
    expect(await crumbs.allTextContents()).toEqual([PUBLIC, titles.start, titles.install, titles.config]);
    await page.getByText('<b>タグはそのまま表示</b>').waitFor();
    expect(await page.locator('article.page-body').getAttribute('lang')).toBe('ja');
    expect(await page.getByRole('link', { name: t.pageEdit, exact: true }).count()).toBe(0);
    await checkPage(page, `${backend}-page-text`, lang);

    await crumbs.filter({ hasText: titles.start }).click();
    await heading(page, titles.start).waitFor();
    await page.getByRole('heading', { name: 'はじめに' }).waitFor();
    await pageLink(page, titles.install).waitFor();
    await checkPage(page, `${backend}-page-markdown`, lang);
  });

  it.each(langs)('an anonymous visitor is sent to sign in and lands on the page; a non-member reads what signed-in users may (%s)', async (lang) => {
    const { page, t } = await open(lang, service().url);
    const path = `/kb/${STAFF}/pages/${ids.holidays}`;
    await page.goto(path);
    await signOutButton(page, t).or(page.getByRole('button', { name: t.signIn, exact: true })).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    await checkPage(page, `${backend}-sign-in-to-read`, lang);
    await submitSignIn(page, t, OUTSIDER, PASSWORD);
    await heading(page, titles.holidays).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
    expect(await page.getByRole('navigation', { name: t.breadcrumbs, exact: true }).getByRole('link').allTextContents()).toEqual([STAFF, titles.staff, titles.holidays]);
    await checkPage(page, `${backend}-page-signed-in-users`, lang);

    await page.goto('/');
    expect(await pageLink(page, PUBLIC).count()).toBe(1);
    expect(await pageLink(page, STAFF).count()).toBe(1);
    expect(await pageLink(page, TEAM).count()).toBe(0);
    await checkPage(page, `${backend}-bases-non-member`, lang);
    await pageLink(page, PUBLIC).click();
    await pageLink(page, titles.reference).waitFor();
    expect(await page.getByText(titles.secret).count()).toBe(0);

    // Members only: not found, as an unknown base or page would be.
    for (const url of [`/kb/${TEAM}`, `/kb/${PUBLIC}/pages/${ids.secret}`]) {
      const response = await page.goto(url);
      expect(response?.status()).toBe(404);
      await heading(page, t.notFoundTitle).waitFor();
    }
    await checkPage(page, `${backend}-not-found-non-member`, lang);
  });

  it.each(langs)('a reader reads every base and the members-only page, with nothing to change (%s)', async (lang) => {
    const { page, t } = await open(lang, service().url);
    await signIn(page, t, READER, PASSWORD);
    await page.goto('/');
    for (const base of [PUBLIC, STAFF, TEAM]) await pageLink(page, base).waitFor();
    await page.getByText(t.baseYourRole(t.readingRoleReader)).first().waitFor();
    await checkPage(page, `${backend}-bases-reader`, lang);

    await pageLink(page, TEAM).click();
    await heading(page, TEAM).waitFor();
    await pageLink(page, titles.plans).click();
    await heading(page, titles.plans).waitFor();
    await checkPage(page, `${backend}-page-members-only-base`, lang);

    await page.goto(`/kb/${PUBLIC}`);
    await pageLink(page, titles.secret).waitFor();
    expect(await page.getByRole('button', { name: t.treeMoveDown(titles.start) }).count()).toBe(0);
    expect(await page.getByRole('link', { name: t.baseNewPage, exact: true }).count()).toBe(0);
    await checkPage(page, `${backend}-base-home-reader`, lang);
    await pageLink(page, titles.secret).click();
    await heading(page, titles.secret).waitFor();
    await page.getByText(t.pageVisibility(t.viewL)).waitFor();
    expect(await page.getByRole('link', { name: t.pageEdit, exact: true }).count()).toBe(0);
    await checkPage(page, `${backend}-page-members-only`, lang);
  });

  it.each(langs)('an owner sees what writers and owners may do (%s)', async (lang) => {
    const { page, t } = await open(lang, service().url);
    await signIn(page, t, OWNER, PASSWORD);
    await page.goto(`/kb/${PUBLIC}`);
    await page.getByRole('link', { name: t.baseNewPage, exact: true }).waitFor();
    for (const name of [t.baseTrash, t.baseMembers, t.baseSettings]) await page.getByRole('link', { name, exact: true }).waitFor();
    // The first root can only go down; the second up, down (past the members-only page) or in.
    await page.getByRole('button', { name: t.treeMoveDown(titles.start), exact: true }).waitFor();
    expect(await page.getByRole('button', { name: t.treeMoveUp(titles.start), exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: t.treeOutdent(titles.start), exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: t.treeIndent(titles.reference), exact: true }).waitFor();
    await toggle(page, t, titles.start).click();
    await page.getByRole('button', { name: t.treeOutdent(titles.install), exact: true }).waitFor();
    await checkPage(page, `${backend}-base-home-owner`, lang);
    await pageLink(page, titles.install).click();
    await heading(page, titles.install).waitFor();
    await page.getByRole('link', { name: t.pageEdit, exact: true }).waitFor();
    await page.getByRole('link', { name: t.pageDelete, exact: true }).waitFor();
    await checkPage(page, `${backend}-page-owner`, lang);
  });
});
