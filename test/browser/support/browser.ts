// One Chromium per test file: Debian's /usr/bin/chromium driven by playwright-core, which never
// downloads a browser (.ci/install-browser installs it). Each user or language gets a context of
// its own: its own cookies, and an Accept-Language header that follows its locale.
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export type Lang = 'en' | 'ja';
export const langs: Lang[] = ['en', 'ja'];

const locales: Record<Lang, string> = { en: 'en-US', ja: 'ja-JP' };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** Launches the file's browser before its tests and closes it after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not running (useBrowser() belongs at the top of a describe)');
    return browser;
  };
}

/**
 * A fresh browser profile for one user reading in `lang`, with `baseURL` so a test opens
 * `/signin` rather than a whole address. Its CSP is the page's own (never bypassed).
 */
export async function newContext(browser: Browser, lang: Lang, baseURL?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: locales[lang], baseURL, viewport: { width: 1280, height: 800 } });
  // A page that never answers fails the step soon, with playwright's message naming the control.
  context.setDefaultTimeout(15_000);
  return context;
}
