// The browser harness itself, against what the service already serves: Chromium starts from
// /usr/bin/chromium, Japanese text renders in a CJK font, the axe check fails on a page that
// breaks a serious rule, and a screenshot of a real page is kept.
import { existsSync, statSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { backends } from '../support/databases';
import { axeViolations, expectAccessible } from './support/axe';
import { newContext, useBrowser } from './support/browser';
import { Screenshots } from './support/screenshots';
import { serviceEach } from './support/service';

// The callbacks given to page.evaluate run in the page; this program has no DOM types.
declare const document: { fonts: { ready: Promise<unknown>; check(font: string): boolean } };
declare const navigator: { language: string };

const browser = useBrowser();
let context: BrowserContext;
afterEach(async () => {
  await context?.close();
});

describe('the browser harness', () => {
  it('renders Japanese in a CJK font, not in empty boxes', async () => {
    context = await newContext(browser(), 'ja');
    const page = await context.newPage();
    await page.setContent('<!doctype html><html lang="ja"><title>t</title><p id="p" style="font-size:32px">日本語のページ</p></html>');
    const font = await page.evaluate(async () => {
      await document.fonts.ready;
      return document.fonts.check('32px "Noto Sans CJK JP"');
    });
    expect(font).toBe(true);
    // The locale drives navigator.language (and with it Accept-Language).
    expect(await page.evaluate(() => navigator.language)).toBe('ja-JP');
  });

  it('fails the axe check on a page with a serious violation, naming it', async () => {
    context = await newContext(browser(), 'en');
    const page = await context.newPage();
    await page.setContent('<!doctype html><html lang="en"><title>t</title><main><button></button><img src="x.png"></main></html>');
    await expect(expectAccessible(page, 'a broken page')).rejects.toThrow(/critical: button-name[\s\S]*image-alt/);
  });

  it('passes the axe check on a plain accessible page', async () => {
    context = await newContext(browser(), 'en');
    const page = await context.newPage();
    await page.setContent('<!doctype html><html lang="en"><title>Fine</title><main><h1>Fine</h1><button>Go</button></main></html>');
    await expect(expectAccessible(page, 'a plain page')).resolves.toEqual([]);
  });

  describe.each(backends)('on %s', (backend) => {
    const service = serviceEach(backend);

    it('opens the API documentation of a real kbp serve, screenshots it and runs axe', async () => {
      context = await newContext(browser(), 'en', service().url);
      const page = await context.newPage();
      const response = await page.goto('/api/v1/docs');
      expect(response?.status()).toBe(200);
      // Swagger UI draws the operations with its script: wait for one of them.
      await page.getByText('/bases/{base_id}/pages').first().waitFor();
      const path = await new Screenshots(`harness-${backend}`).take(page, 'api-docs', 'en');
      expect(statSync(path).size).toBeGreaterThan(10_000);
      // Swagger UI is not ours to fix: axe runs on it, the result is only checked to be a list.
      expect(Array.isArray(await axeViolations(page))).toBe(true);
      expect(existsSync(path)).toBe(true);
    });
  });
});
