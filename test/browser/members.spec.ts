// Members and settings of a knowledge base: the demo owner (signed in through the first-run link)
// adds a user made by kbp as a writer, who finds the members page closed to writers; changes the
// role; is refused when demoting themselves, the last owner; removes the member after a
// confirmation; then saves a description and a visibility, which the REST API answers at once.
import type { BrowserContext, Page } from 'playwright-core';
import { backends } from '../support/databases';
import { langs, newContext, useBrowser } from './support/browser';
import { pageChecks } from './support/check-page';
import { expectMessage, htmlLang, passwordFor, setPasswordByLink, signIn } from './support/flows';
import { createUser, firstRunLink, serviceEach, type Service } from './support/service';
import { texts, type Texts } from './support/texts';

const DEMO_BASE = 'demo-base';
const DEMO_OWNER = 'owner@example.com';

const browser = useBrowser();
const checkPage = pageChecks('members');
const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** The members table's row of `email`. */
function memberRow(page: Page, email: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: email, exact: true }) });
}

async function openMembers(page: Page, t: Texts): Promise<void> {
  await page.goto(`/kb/${DEMO_BASE}/members`);
  await page.getByRole('heading', { name: t.membersTitle(DEMO_BASE), exact: true, level: 1 }).waitFor();
}

/** The demo base's summary through the REST API, with the write token kbp serve printed. */
async function baseInfo(service: Service): Promise<{ description: string; view: string }> {
  const token = /write token\s+(\S+)/.exec(service.output())?.[1];
  if (!token) throw new Error(`kbp serve printed no write token:\n${service.output()}`);
  const response = await fetch(`${service.url}/api/v1/bases/${DEMO_BASE}/info`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { description: string; view: string };
  return { description: body.description, view: body.view };
}

describe.each(backends)('members and settings on %s', (backend) => {
  const service = serviceEach(backend);

  it.each(langs)('adds a member, changes the role, keeps the last owner, removes with a confirmation (%s)', async (lang) => {
    const t = texts(lang);
    const writer = `writer-${lang}@example.com`;
    await createUser(service(), writer, passwordFor(lang, 'writer'));

    const ownerContext = await newContext(browser(), lang, service().url);
    contexts.push(ownerContext);
    const owner = await ownerContext.newPage();
    await setPasswordByLink(owner, t, await firstRunLink(service()), passwordFor(lang, 'owner'));
    await openMembers(owner, t);
    expect(await htmlLang(owner)).toBe(lang);
    await memberRow(owner, DEMO_OWNER).waitFor();
    await checkPage(owner, `${backend}-members`, lang);

    // An address nobody has an account for is refused, saying so; what was typed stays.
    const add = owner.getByRole('region', { name: t.membersAddHeading, exact: true });
    await add.getByRole('textbox', { name: t.membersEmail, exact: true }).fill('nobody@example.com');
    await add.getByRole('button', { name: t.membersAdd, exact: true }).click();
    await expectMessage(owner, t.membersUnknownUser('nobody@example.com'));
    expect(await add.getByRole('textbox', { name: t.membersEmail, exact: true }).inputValue()).toBe('nobody@example.com');
    await checkPage(owner, `${backend}-members-unknown-user`, lang);

    await add.getByRole('textbox', { name: t.membersEmail, exact: true }).fill(writer.toUpperCase());
    await add.getByRole('combobox', { name: t.membersRole, exact: true }).selectOption({ label: t.membersRoleNames.writer });
    await add.getByRole('button', { name: t.membersAdd, exact: true }).click();
    await expectMessage(owner, t.memberAdded);
    const row = memberRow(owner, writer);
    expect(await row.getByRole('combobox', { name: t.membersRole, exact: true }).inputValue()).toBe('writer');
    await checkPage(owner, `${backend}-member-added`, lang);

    // The writer may use the base but not manage it.
    const writerContext = await newContext(browser(), lang, service().url);
    contexts.push(writerContext);
    const writerPage = await writerContext.newPage();
    await signIn(writerPage, t, writer, passwordFor(lang, 'writer'));
    const refused = await writerPage.goto(`/kb/${DEMO_BASE}/members`);
    expect(refused?.status()).toBe(403);
    await writerPage.getByText(t.ownersOnly).waitFor();
    await checkPage(writerPage, `${backend}-members-refused`, lang);

    // Change the role: the row's own Role and Change role.
    await row.getByRole('combobox', { name: t.membersRole, exact: true }).selectOption({ label: t.membersRoleNames.reader });
    await row.getByRole('button', { name: t.membersChangeRole, exact: true }).click();
    await expectMessage(owner, t.memberRoleChanged);
    expect(await memberRow(owner, writer).getByRole('combobox', { name: t.membersRole, exact: true }).inputValue()).toBe('reader');
    await checkPage(owner, `${backend}-role-changed`, lang);

    // The last owner cannot step down, nor be removed.
    const ownerRow = memberRow(owner, DEMO_OWNER);
    await ownerRow.getByRole('combobox', { name: t.membersRole, exact: true }).selectOption({ label: t.membersRoleNames.writer });
    await ownerRow.getByRole('button', { name: t.membersChangeRole, exact: true }).click();
    await expectMessage(owner, t.membersLastOwner);
    await checkPage(owner, `${backend}-last-owner-refused`, lang);
    await memberRow(owner, DEMO_OWNER).getByRole('button', { name: t.membersRemove, exact: true }).click();
    await owner.getByRole('heading', { name: t.membersRemoveTitle, exact: true }).waitFor();
    await owner.getByRole('button', { name: t.membersRemove, exact: true }).click();
    await expectMessage(owner, t.membersLastOwner);
    await openMembers(owner, t);
    expect(await memberRow(owner, DEMO_OWNER).getByRole('combobox', { name: t.membersRole, exact: true }).inputValue()).toBe('owner');

    // Remove the member, after a confirmation whose button repeats the action's name.
    await memberRow(owner, writer).getByRole('button', { name: t.membersRemove, exact: true }).click();
    await owner.getByRole('heading', { name: t.membersRemoveTitle, exact: true }).waitFor();
    await owner.getByText(t.membersRemoveQuestion(writer, DEMO_BASE)).waitFor();
    const confirm = owner.getByRole('button', { name: t.membersRemove, exact: true });
    expect(await confirm.count()).toBe(1);
    await checkPage(owner, `${backend}-remove-confirm`, lang);
    await confirm.click();
    await expectMessage(owner, t.memberRemoved);
    expect(await memberRow(owner, writer).count()).toBe(0);
    await checkPage(owner, `${backend}-member-removed`, lang);

    // No longer a member: the base is not there for them.
    const gone = await writerPage.goto(`/kb/${DEMO_BASE}/members`);
    expect(gone?.status()).toBe(404);
  });

  it.each(langs)('saves the description and visibility, which the REST API answers (%s)', async (lang) => {
    const t = texts(lang);
    const context = await newContext(browser(), lang, service().url);
    contexts.push(context);
    const page = await context.newPage();
    await setPasswordByLink(page, t, await firstRunLink(service()), passwordFor(lang, 'owner'));
    await page.goto(`/kb/${DEMO_BASE}/members`);
    await page.getByRole('navigation', { name: t.membersBaseNavigation, exact: true }).getByRole('link', { name: t.membersNavSettings, exact: true }).click();
    await page.getByRole('heading', { name: t.settingsTitle(DEMO_BASE), exact: true, level: 1 }).waitFor();
    expect(await page.getByRole('radio', { name: t.settingsViewNames.L, exact: true }).isChecked()).toBe(true);
    await checkPage(page, `${backend}-settings`, lang);

    const description = lang === 'ja' ? 'チームの手引き <b>社外秘</b>' : 'The team handbook <b>internal</b>';
    await page.getByRole('textbox', { name: t.settingsDescription, exact: true }).fill(description);
    await page.getByRole('radio', { name: t.settingsViewNames.O, exact: true }).check();
    await page.getByRole('button', { name: t.settingsSave, exact: true }).click();
    await expectMessage(page, t.settingsSaved);
    expect(await page.getByRole('textbox', { name: t.settingsDescription, exact: true }).inputValue()).toBe(description);
    expect(await page.getByRole('radio', { name: t.settingsViewNames.O, exact: true }).isChecked()).toBe(true);
    expect(await page.locator('main b').count()).toBe(0);
    await checkPage(page, `${backend}-settings-saved`, lang);
    expect(await baseInfo(service())).toEqual({ description, view: 'O' });

    await page.getByRole('radio', { name: t.settingsViewNames.I, exact: true }).check();
    await page.getByRole('button', { name: t.settingsSave, exact: true }).click();
    await expectMessage(page, t.settingsSaved);
    expect(await page.getByRole('radio', { name: t.settingsViewNames.I, exact: true }).isChecked()).toBe(true);
    expect(await baseInfo(service())).toEqual({ description, view: 'I' });
  });
});
