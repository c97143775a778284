// Steps several flows share, each by the accessible names of the issue ("Names a browser test can
// rely on"), in the reader's language.
import type { Page } from 'playwright-core';
import type { Lang } from './browser';
import { escapeRegExp, withAnyNumber, type Texts } from './texts';

/** A password of the allowed length; a Japanese reader's is Japanese, full-width digits and all. */
export function passwordFor(lang: Lang, who: string): string {
  return lang === 'ja' ? `正しい馬の電池とホチキス　${who}　１２３` : `correct horse battery staple ${who}`;
}

export function signOutButton(page: Page, t: Texts) {
  return page.getByRole('button', { name: t.signOut, exact: true });
}

export function signInButton(page: Page, t: Texts) {
  return page.getByRole('button', { name: t.signIn, exact: true });
}

/** The page says, in a live region, `text` (a status or an alert). */
export async function expectMessage(page: Page, text: string | RegExp): Promise<string> {
  const message = page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: text }).first();
  await message.waitFor();
  return (await message.textContent())?.trim() ?? '';
}

/** The <html lang> of the page. */
export function htmlLang(page: Page): Promise<string | null> {
  return page.locator('html').getAttribute('lang');
}

/** Opens a one-time link, sets `password` and waits until the page shows the user signed in. */
export async function setPasswordByLink(page: Page, t: Texts, link: string, password: string): Promise<void> {
  await page.goto(link);
  await page.getByLabel(t.newPassword, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.setPassword, exact: true }).click();
  await signOutButton(page, t).waitFor();
}

/** Fills the sign-in form at /signin and sends it; the caller looks at what follows. */
export async function submitSignIn(page: Page, t: Texts, email: string, password: string): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/signin')) await page.goto('/signin');
  await page.getByRole('textbox', { name: t.email, exact: true }).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await signInButton(page, t).click();
  await page.waitForLoadState();
}

/** Signs in and waits until the page shows it. */
export async function signIn(page: Page, t: Texts, email: string, password: string): Promise<void> {
  await page.goto('/signin');
  await submitSignIn(page, t, email, password);
  await signOutButton(page, t).waitFor();
}

/** True when opening `path` shows the sign-in form rather than a signed-in page. */
export async function isSignedOut(page: Page, t: Texts, path = '/account'): Promise<boolean> {
  await page.goto(path);
  await signInButton(page, t).or(signOutButton(page, t)).first().waitFor();
  return (await signOutButton(page, t).count()) === 0;
}

/** Enough wrong passwords in a row for any sane per-account limit to ask for a wait. */
const MAX_ATTEMPTS = 16;

/**
 * Sends wrong passwords for `email` until the page asks to wait at least `minSeconds`, so that
 * the steps a test takes next surely fall within the wait. A shorter wait is sat out first,
 * since only a failure after it grows the next one. Returns how many attempts it took.
 */
export async function failUntilWait(page: Page, t: Texts, email: string, wrongPassword: string, minSeconds: number): Promise<number> {
  const wait = withAnyNumber(t.signInWait);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    await submitSignIn(page, t, email, wrongPassword);
    const text = await expectMessage(page, new RegExp(`${escapeRegExp(t.signInRefused)}|${wait.source}`));
    const match = wait.exec(text);
    if (!match) continue;
    const seconds = Number(match[1].replace(/,/g, ''));
    if (seconds >= minSeconds) return attempt;
    await new Promise((resolve) => setTimeout(resolve, (seconds + 0.25) * 1000));
  }
  throw new Error(`no request to wait ${minSeconds} seconds or more after ${MAX_ATTEMPTS} wrong passwords`);
}
