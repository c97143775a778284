// The account page: "Sign out everywhere" ends every session of the user, the one that asked
// included; a password change keeps the session that made it and ends the others; the language
// chosen there wins over the browser's.
import type { BrowserContext, Page } from 'playwright-core';
import { backends } from '../support/databases';
import { langs, newContext, useBrowser, type Lang } from './support/browser';
import { pageChecks } from './support/check-page';
import { expectMessage, htmlLang, isSignedOut, passwordFor, signIn, signOutButton, submitSignIn } from './support/flows';
import { createUser, serviceEach } from './support/service';
import { texts } from './support/texts';

const browser = useBrowser();
const checkPage = pageChecks('account');
const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

describe.each(backends)('the account page on %s', (backend) => {
  const service = serviceEach(backend, { demo: false });

  /** A page of a browser of its own, signed in as `email`. */
  async function signedIn(lang: Lang, email: string, password: string): Promise<Page> {
    const context = await newContext(browser(), lang, service().url);
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, texts(lang), email, password);
    return page;
  }

  describe.each(langs)('in %s', (lang) => {
    const t = texts(lang);
    const email = `member-${lang}@example.com`;
    const password = passwordFor(lang, 'member');

    beforeEach(async () => {
      await createUser(service(), email, password);
    });

    it('signs out everywhere, this browser included', async () => {
      const here = await signedIn(lang, email, password);
      const elsewhere = await signedIn(lang, email, password);
      await here.goto('/account');
      expect(await htmlLang(here)).toBe(lang);
      await here.getByRole('heading', { name: t.accountTitle, exact: true }).waitFor();
      await checkPage(here, `${backend}-account`, lang);

      await here.getByRole('button', { name: t.signOutEverywhere, exact: true }).click();
      await here.waitForLoadState();
      await checkPage(here, `${backend}-signed-out-everywhere`, lang);
      expect(await isSignedOut(elsewhere, t)).toBe(true);
      expect(await isSignedOut(here, t)).toBe(true);
    });

    it('changes the password, ending the other sessions only', async () => {
      const here = await signedIn(lang, email, password);
      const elsewhere = await signedIn(lang, email, password);
      const next = passwordFor(lang, 'member, changed');

      await here.goto('/account');
      await here.getByLabel(t.currentPassword, { exact: true }).fill(`${password}?`);
      await here.getByLabel(t.newPassword, { exact: true }).fill(next);
      await here.getByRole('button', { name: t.changePassword, exact: true }).click();
      await expectMessage(here, t.currentPasswordWrong);
      await checkPage(here, `${backend}-password-wrong-current`, lang);
      expect(await isSignedOut(elsewhere, t)).toBe(false);

      await here.goto('/account');
      await here.getByLabel(t.currentPassword, { exact: true }).fill(password);
      await here.getByLabel(t.newPassword, { exact: true }).fill(next);
      await here.getByRole('button', { name: t.changePassword, exact: true }).click();
      await expectMessage(here, t.passwordChanged);
      await checkPage(here, `${backend}-password-changed`, lang);

      expect(await isSignedOut(elsewhere, t)).toBe(true);
      expect(await isSignedOut(here, t)).toBe(false);
      await submitSignIn(elsewhere, t, email, password);
      await expectMessage(elsewhere, t.signInRefused);
      await signIn(elsewhere, t, email, next);
    });
  });

  it('speaks the language chosen on the account page, whatever the browser asks', async () => {
    const email = 'chooser@example.com';
    const password = passwordFor('en', 'chooser');
    await createUser(service(), email, password);
    const page = await signedIn('en', email, password);
    await page.goto('/account');
    await page.getByRole('combobox', { name: texts('en').language, exact: true }).selectOption('ja');
    await page.getByRole('button', { name: texts('en').saveLanguage, exact: true }).click();
    await expectMessage(page, texts('ja').languageSaved);
    expect(await htmlLang(page)).toBe('ja');
    await signOutButton(page, texts('ja')).waitFor();
    await checkPage(page, `${backend}-language-chosen`, 'ja');
  });
});
