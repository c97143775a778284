// First run: `kbp serve` on an empty database prints a one-time link; the demo owner opens it,
// sets a password and lands signed in. The link works once.
import type { BrowserContext } from 'playwright-core';
import { backends } from '../support/databases';
import { langs, newContext, useBrowser } from './support/browser';
import { pageChecks } from './support/check-page';
import { expectMessage, htmlLang, passwordFor, signIn, signInButton, signOutButton } from './support/flows';
import { firstRunLink, serviceEach } from './support/service';
import { texts } from './support/texts';

const DEMO_OWNER = 'owner@example.com';

const browser = useBrowser();
const checkPage = pageChecks('first-run');
const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

describe.each(backends)('first run on %s', (backend) => {
  const service = serviceEach(backend);

  it.each(langs)('sets the demo owner password through the printed link and signs in (%s)', async (lang) => {
    const t = texts(lang);
    const link = await firstRunLink(service());
    expect(link.startsWith(`${service().url}/setup/`)).toBe(true);

    const context = await newContext(browser(), lang, service().url);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(link);
    expect(await htmlLang(page)).toBe(lang);
    await page.getByRole('heading', { name: t.setupTitle, exact: true }).waitFor();
    await checkPage(page, `${backend}-setup`, lang);

    const password = passwordFor(lang, 'owner');
    await page.getByLabel(t.newPassword, { exact: true }).fill(password);
    await page.getByRole('button', { name: t.setPassword, exact: true }).click();
    await signOutButton(page, t).waitFor();
    expect(await htmlLang(page)).toBe(lang);
    await checkPage(page, `${backend}-signed-in-after-setup`, lang);

    // The link is spent: a second visit offers no password field, and says why.
    const other = await newContext(browser(), lang, service().url);
    contexts.push(other);
    const again = await other.newPage();
    await again.goto(link);
    await again.getByText(t.setupInvalid).waitFor();
    expect(await again.getByLabel(t.newPassword, { exact: true }).count()).toBe(0);
    await checkPage(again, `${backend}-setup-link-used`, lang);

    // The password set through the link is the one that signs in.
    await signIn(again, t, DEMO_OWNER, password);
    await signOutButton(again, t).click();
    await signInButton(again, t).waitFor();
    await expectMessage(again, t.signedOut);
  });
});
