// Signing in and out, and what a wrong password shows: the same message for an unknown email,
// and, after repeated failures, a request to wait that holds even for the right password.
import type { BrowserContext } from 'playwright-core';
import { backends } from '../support/databases';
import { langs, newContext, useBrowser } from './support/browser';
import { pageChecks } from './support/check-page';
import { expectMessage, failUntilWait, htmlLang, isSignedOut, passwordFor, signInButton, signOutButton, submitSignIn } from './support/flows';
import { createUser, serviceEach } from './support/service';
import { texts, withAnyNumber } from './support/texts';

const browser = useBrowser();
const checkPage = pageChecks('sign-in');
let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** A wait long enough that the next sign-in surely comes within it. */
const WAIT_LONG_ENOUGH_SECONDS = 4;

describe.each(backends)('sign-in on %s', (backend) => {
  const service = serviceEach(backend, { demo: false });

  describe.each(langs)('in %s', (lang) => {
    const t = texts(lang);
    const email = `reader-${lang}@example.com`;
    const password = passwordFor(lang, 'reader');

    beforeEach(async () => {
      await createUser(service(), email, password);
      context = await newContext(browser(), lang, service().url);
    });

    it('signs in, shows the signed-in pages, and signs out', async () => {
      const page = await context!.newPage();
      await page.goto('/signin');
      expect(await htmlLang(page)).toBe(lang);
      await page.getByRole('heading', { name: t.signInTitle, exact: true }).waitFor();
      await checkPage(page, `${backend}-signin`, lang);

      await submitSignIn(page, t, email, password);
      await signOutButton(page, t).waitFor();
      expect(await htmlLang(page)).toBe(lang);
      await checkPage(page, `${backend}-signed-in`, lang);

      await signOutButton(page, t).click();
      await signInButton(page, t).waitFor();
      await expectMessage(page, t.signedOut);
      await checkPage(page, `${backend}-signed-out`, lang);
      expect(await isSignedOut(page, t, '/tokens')).toBe(true);
    });

    it('shows one message for a wrong password and for an unknown email', async () => {
      const page = await context!.newPage();
      await submitSignIn(page, t, email, `${password} but wrong`);
      const wrongPassword = await expectMessage(page, t.signInRefused);
      await checkPage(page, `${backend}-wrong-password`, lang);

      await submitSignIn(page, t, `nobody-${lang}@example.com`, password);
      const unknownEmail = await expectMessage(page, t.signInRefused);
      expect(unknownEmail).toBe(wrongPassword);
      expect(await signOutButton(page, t).count()).toBe(0);
    });

    it('asks to wait after repeated failures, even when the right password follows', async () => {
      const page = await context!.newPage();
      await failUntilWait(page, t, email, `${password} but wrong`, WAIT_LONG_ENOUGH_SECONDS);
      await checkPage(page, `${backend}-wait`, lang);

      await submitSignIn(page, t, email, password);
      await expectMessage(page, withAnyNumber(t.signInWait));
      expect(await signOutButton(page, t).count()).toBe(0);
    });
  });
});
