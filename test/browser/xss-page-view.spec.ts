// The XSS corpus of the sanitizer and the Markdown renderer (test/support/xss-corpus.ts, all of
// it), stored through the REST API as H pages (each payload) and M pages (each payload as a block
// and inline, and each Markdown payload), then opened in the page view in Chromium: nothing runs.
// Caught: alert, confirm and prompt (hooked before any script of the page), a dialog, a global
// flag some payloads set, an error thrown by the page, and any script-src violation of the CSP
// (with the CSP on, a violation means active content reached the page). Then once more with the
// CSP bypassed, so that the sanitizer alone is shown to hold. Every element of a body is hovered,
// focused and clicked (links are only checked: their URLs), details are opened.
import type { BrowserContext, Page } from 'playwright-core';
import { backends } from '../support/databases';
import { htmlPayloads, markdownPayloads } from '../support/xss-corpus';
import { useBrowser } from './support/browser';
import { apiCreatePage, createBase, createMember, ownerToken, serviceAll, type NewPage } from './support/reading-setup';

// The callbacks given to page.evaluate run in the page; this program has no DOM types.
declare const window: { __xssHits: string[] };
declare const document: { querySelectorAll(selector: string): ArrayLike<any> };

const BASE = 'xss-corpus';
const OWNER = 'xss-owner@example.com';
const PASSWORD = 'correct horse battery staple xss';

/** Payloads that call our flag instead of alert, in the places a payload can run from. */
const flagPayloads = [
  '<img src=x onerror="__xss(\'img\')">',
  '<svg onload="__xss(\'svg\')"></svg>',
  '<script>__xss("script")</script>',
  '<a href="javascript:__xss(\'href\')">x</a>',
  '<div onmouseover="__xss(\'hover\')">hover</div>',
  '<details open ontoggle="__xss(\'toggle\')"><summary>s</summary></details>',
  '<iframe srcdoc="<script>parent.__xss(\'srcdoc\')</script>"></iframe>',
];

interface Stored {
  what: string;
  page: NewPage;
}

/** Every payload in every form the page view renders it from; the title is the payload too (shown as text). */
function corpus(): Stored[] {
  const stored: Stored[] = [];
  const add = (what: string, content_type: 'H' | 'M', body: string) => {
    const title = `XSS ${stored.length + 1} ${content_type} ${body.replace(/[\u0000-\u001f]/g, ' ')}`.slice(0, 255);
    stored.push({ what, page: { title, body, content_type, content_lang: 'en' } });
  };
  for (const payload of [...htmlPayloads, ...flagPayloads]) {
    add(`H ${JSON.stringify(payload)}`, 'H', payload);
    add(`M block ${JSON.stringify(payload)}`, 'M', `${payload}\n\ntext`);
    add(`M inline ${JSON.stringify(payload)}`, 'M', `text ${payload} more`);
  }
  for (const payload of markdownPayloads) add(`M ${JSON.stringify(payload)}`, 'M', payload);
  return stored;
}

const browser = useBrowser();

/** A context whose pages report, in window.__xssHits, anything a payload could do; requests elsewhere go nowhere. */
async function watchedContext(url: string, bypassCSP: boolean): Promise<BrowserContext> {
  const context = await browser().newContext({ locale: 'en-US', baseURL: url, bypassCSP, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  const origin = new URL(url).origin;
  await context.route((target) => target.origin !== origin, (route) => route.abort());
  await context.addInitScript(`
    window.__xssHits = [];
    const hit = (what) => window.__xssHits.push(String(what));
    window.alert = (m) => hit('alert ' + m);
    window.confirm = (m) => { hit('confirm ' + m); return false; };
    window.prompt = (m) => { hit('prompt ' + m); return null; };
    window.__xss = (m) => hit('flag ' + m);
    document.addEventListener('securitypolicyviolation', (e) => {
      if (e.effectiveDirective.startsWith('script-src')) hit('csp ' + e.effectiveDirective + ' ' + e.blockedURI + ' ' + (e.sample || ''));
    });
  `);
  return context;
}

/** Hovers, focuses and clicks what a body holds (never following a link), opens its details. */
async function poke(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const odd: string[] = [];
    const elements = Array.from(document.querySelectorAll('.page-body *')) as any[];
    for (const element of elements) {
      for (const type of ['mouseover', 'mouseenter', 'focus', 'focusin', 'mousedown', 'mouseup']) {
        element.dispatchEvent(new (globalThis as any).Event(type, { bubbles: true }));
      }
      if (element.tagName === 'DETAILS') element.open = !element.open;
      if (element.tagName === 'A' || element.tagName === 'AREA') {
        const href = element.getAttribute('href');
        if (href !== null && !/^(https?:|mailto:|\/|#|\?|[^:]*$)/i.test(href.trim())) odd.push(`link ${href}`);
      } else if (!['BUTTON', 'INPUT', 'FORM'].includes(element.tagName)) {
        element.click();
      }
    }
    const scripts = document.querySelectorAll('main script, main iframe, main object, main embed, main [onerror], main [onload], main [onclick], main [onmouseover]');
    for (let i = 0; i < scripts.length; i++) odd.push(`element ${scripts[i].outerHTML.slice(0, 120)}`);
    return odd;
  });
}

describe.each(backends)('the XSS corpus in the page view on %s', (backend) => {
  const service = serviceAll(backend);
  const pages: Array<Stored & { contentId: string }> = [];

  beforeAll(async () => {
    await createBase(service(), BASE, 'O', 'XSS corpus');
    await createMember(service(), BASE, OWNER, PASSWORD, 'owner');
    const token = await ownerToken(service(), BASE, OWNER);
    for (const stored of corpus()) pages.push({ ...stored, contentId: await apiCreatePage(service(), token, BASE, stored.page) });
  });

  it.each([['on', false], ['bypassed', true]] as const)('executes nothing, with the CSP %s', async (_, bypassCSP) => {
    const context = await watchedContext(service().url, bypassCSP);
    try {
      const page = await context.newPage();
      const events: string[] = [];
      page.on('dialog', (dialog) => {
        events.push(`dialog ${dialog.message()}`);
        void dialog.dismiss();
      });
      page.on('pageerror', (error) => events.push(`page error ${error.message}`));
      page.on('console', (message) => {
        if (/xss|alert|Content Security Policy.*script/i.test(message.text())) events.push(`console ${message.type()} ${message.text()}`);
      });
      const found: string[] = [];
      for (const stored of pages) {
        const response = await page.goto(`/kb/${BASE}/pages/${stored.contentId}`);
        expect({ what: stored.what, status: response?.status() }).toEqual({ what: stored.what, status: 200 });
        const odd = await poke(page);
        const hits = await page.evaluate(() => window.__xssHits);
        for (const each of [...odd, ...hits, ...events.splice(0)]) found.push(`${stored.what}: ${each}`);
      }
      // The tree shows their titles too: every window of the base's home.
      for (let n = 1; n <= Math.ceil(pages.length / 50); n++) {
        await page.goto(`/kb/${BASE}?page=${n}`);
        for (const each of [...(await page.evaluate(() => window.__xssHits)), ...events.splice(0)]) found.push(`home ${n}: ${each}`);
      }
      expect(found).toEqual([]);
      expect(pages.length).toBe((htmlPayloads.length + flagPayloads.length) * 3 + markdownPayloads.length);
    } finally {
      await context.close();
    }
  });
});
