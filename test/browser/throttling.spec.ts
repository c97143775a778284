// The per-account wait is kept in the database, so it holds across processes: after wrong
// passwords sent to one `kbp serve`, a second one on the same database, which has seen no request
// at all, refuses the right password with the same request to wait.
import type { BrowserContext } from 'playwright-core';
import { backends } from '../support/databases';
import { newContext, useBrowser } from './support/browser';
import { pageChecks } from './support/check-page';
import { expectMessage, failUntilWait, passwordFor, signOutButton, submitSignIn } from './support/flows';
import { createUser, serviceEach, startService, type Service } from './support/service';
import { texts, withAnyNumber } from './support/texts';

const browser = useBrowser();
const checkPage = pageChecks('throttling');
const contexts: BrowserContext[] = [];
let second: Service | undefined;
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  await second?.stop();
  second = undefined;
});

/** A wait long enough that the next sign-ins surely come within it. */
const WAIT_LONG_ENOUGH_SECONDS = 8;

describe.each(backends)('sign-in throttling on %s', (backend) => {
  const first = serviceEach(backend, { demo: false });

  it('holds across two kbp serve processes on one database', async () => {
    const t = texts('en');
    const email = 'target@example.com';
    const password = passwordFor('en', 'target');
    await createUser(first(), email, password);
    second = await startService(first().databaseUrl, { demo: false });

    const pages = [];
    for (const service of [first(), second]) {
      const context = await newContext(browser(), 'en', service.url);
      contexts.push(context);
      pages.push(await context.newPage());
    }
    await failUntilWait(pages[0], t, email, `${password} but wrong`, WAIT_LONG_ENOUGH_SECONDS);
    await checkPage(pages[0], `${backend}-wait`, 'en');

    for (const each of [pages[1], pages[0]]) {
      await submitSignIn(each, t, email, password);
      await expectMessage(each, withAnyNumber(t.signInWait));
      expect(await signOutButton(each, t).count()).toBe(0);
    }
  });

  it('says so in Japanese to a Japanese reader', async () => {
    const t = texts('ja');
    const email = 'target@example.com';
    const password = passwordFor('ja', 'target');
    await createUser(first(), email, password);
    const context = await newContext(browser(), 'ja', first().url);
    contexts.push(context);
    const page = await context.newPage();
    await failUntilWait(page, t, email, `${password}x`, 1);
    await checkPage(page, `${backend}-wait`, 'ja');
  });
});
