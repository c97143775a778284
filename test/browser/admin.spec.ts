// Administration: the first user (the demo owner) creates a user, who gets a one-time link
// instead of a password; makes them an administrator; creates a knowledge base with a
// description, a visibility and them as first owner; then disables them, which signs them out.
import type { BrowserContext, Page } from 'playwright-core';
import { backends } from '../support/databases';
import { langs, newContext, useBrowser } from './support/browser';
import { pageChecks } from './support/check-page';
import { expectMessage, htmlLang, isSignedOut, passwordFor, setPasswordByLink, submitSignIn } from './support/flows';
import { firstRunLink, serviceEach } from './support/service';
import { texts, type Texts } from './support/texts';

const browser = useBrowser();
const checkPage = pageChecks('admin');
const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** The users table's row of `email`. */
function userRow(page: Page, email: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: email, exact: true }) });
}

async function openAdmin(page: Page, t: Texts): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('heading', { name: t.adminTitle, exact: true }).waitFor();
}

describe.each(backends)('administration on %s', (backend) => {
  const service = serviceEach(backend);

  it.each(langs)('creates, promotes and disables a user, and creates a knowledge base (%s)', async (lang) => {
    const t = texts(lang);
    const writer = `writer-${lang}@example.com`;
    const writerName = lang === 'ja' ? '書き手 <i>太郎</i>' : 'Writer <i>Ann</i>';
    const baseId = `team-notes-${lang}`;

    const adminContext = await newContext(browser(), lang, service().url);
    contexts.push(adminContext);
    const admin = await adminContext.newPage();
    await setPasswordByLink(admin, t, await firstRunLink(service()), passwordFor(lang, 'admin'));
    await openAdmin(admin, t);
    expect(await htmlLang(admin)).toBe(lang);
    await checkPage(admin, `${backend}-admin`, lang);

    // A user made with a one-time link instead of a password.
    await admin.getByRole('textbox', { name: t.email, exact: true }).fill(writer);
    await admin.getByRole('textbox', { name: t.name, exact: true }).fill(writerName);
    await admin.getByRole('button', { name: t.createUser, exact: true }).click();
    const link = await admin.getByRole('textbox', { name: t.oneTimeLink, exact: true }).inputValue();
    expect(link.startsWith(`${service().url}/setup/`)).toBe(true);
    await admin.getByRole('button', { name: t.copy, exact: true }).waitFor();
    await checkPage(admin, `${backend}-user-created`, lang);

    const writerContext = await newContext(browser(), lang, service().url);
    contexts.push(writerContext);
    const writerPage = await writerContext.newPage();
    const writerPassword = passwordFor(lang, 'writer');
    await setPasswordByLink(writerPage, t, link, writerPassword);
    expect(await writerPage.getByRole('link', { name: t.navAdmin, exact: true }).count()).toBe(0);
    const refused = await writerPage.goto('/admin');
    expect(refused?.status()).toBe(403);
    await writerPage.getByText(t.adminOnly).waitFor();
    await checkPage(writerPage, `${backend}-admin-refused`, lang);

    // Made an administrator, the writer may open /admin.
    await openAdmin(admin, t);
    await userRow(admin, writer).getByRole('button', { name: t.makeAdmin, exact: true }).click();
    await expectMessage(admin, t.userUpdated);
    await userRow(admin, writer).getByRole('cell', { name: t.roleAdmin, exact: true }).waitFor();
    // The name is text on the page, not markup.
    expect(await admin.locator('main i').count()).toBe(0);
    await checkPage(admin, `${backend}-user-promoted`, lang);
    await openAdmin(writerPage, t);

    // A knowledge base with a description, a visibility and the writer as its first owner.
    const description = lang === 'ja' ? 'チームのメモ <script>' : 'Notes of the team <script>';
    await admin.getByRole('textbox', { name: t.baseId, exact: true }).fill(baseId);
    await admin.getByRole('textbox', { name: t.description, exact: true }).fill(description);
    await admin.getByRole('combobox', { name: t.visibility, exact: true }).selectOption({ label: t.viewI });
    await admin.getByRole('combobox', { name: t.firstOwner, exact: true }).selectOption({ label: writer });
    await admin.getByRole('button', { name: t.createBase, exact: true }).click();
    await expectMessage(admin, t.baseCreated(baseId));
    const baseRow = admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: baseId, exact: true }) });
    await baseRow.getByRole('cell', { name: description, exact: true }).waitFor();
    await baseRow.getByRole('cell', { name: t.viewI, exact: true }).waitFor();
    await checkPage(admin, `${backend}-base-created`, lang);

    // The writer owns it, so the token page offers it.
    await writerPage.goto('/tokens');
    const offered = await writerPage.getByRole('combobox', { name: t.knowledgeBase, exact: true }).locator('option').allTextContents();
    expect(offered.map((text) => text.trim())).toContain(baseId);

    // Disabled, the writer is signed out and cannot sign in again.
    await userRow(admin, writer).getByRole('button', { name: t.disable, exact: true }).click();
    await admin.getByRole('heading', { name: t.disableTitle, exact: true }).waitFor();
    const confirm = admin.getByRole('button', { name: t.disable, exact: true });
    expect(await confirm.count()).toBe(1);
    await checkPage(admin, `${backend}-disable-confirm`, lang);
    await confirm.click();
    await expectMessage(admin, t.userUpdated);
    await userRow(admin, writer).getByRole('cell', { name: t.disabled, exact: true }).waitFor();
    await checkPage(admin, `${backend}-user-disabled`, lang);

    expect(await isSignedOut(writerPage, t)).toBe(true);
    await submitSignIn(writerPage, t, writer, writerPassword);
    await expectMessage(writerPage, t.signInRefused);
  });
});
