// The token page: the demo owner (signed in through the first-run link) creates a read token for
// the demo base, reads it once from the `New token` field (no-store) beside a ready MCP client
// configuration, calls the REST API with it, then revokes it; a second `kbp serve` on the same
// database refuses it at once.
import type { BrowserContext } from 'playwright-core';
import { backends } from '../support/databases';
import { langs, newContext, useBrowser } from './support/browser';
import { pageChecks } from './support/check-page';
import { expectMessage, htmlLang, passwordFor, setPasswordByLink } from './support/flows';
import { firstRunLink, serviceEach, startService, type Service } from './support/service';
import { texts } from './support/texts';

const DEMO_BASE = 'demo-base';

const browser = useBrowser();
const checkPage = pageChecks('tokens');
let context: BrowserContext | undefined;
let second: Service | undefined;
afterEach(async () => {
  await context?.close();
  await second?.stop();
  context = undefined;
  second = undefined;
});

/** GET the demo base's pages on `service` with `token`; the status. */
async function listPages(service: Service, token: string): Promise<number> {
  const response = await fetch(`${service.url}/api/v1/bases/${DEMO_BASE}/pages`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  return response.status;
}

describe.each(backends)('the token page on %s', (backend) => {
  const service = serviceEach(backend);

  it.each(langs)('creates a token, shows it once, and revokes it on every process at once (%s)', async (lang) => {
    const t = texts(lang);
    context = await newContext(browser(), lang, service().url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await setPasswordByLink(page, t, await firstRunLink(service()), passwordFor(lang, 'owner'));

    await page.goto('/tokens');
    expect(await htmlLang(page)).toBe(lang);
    await page.getByRole('heading', { name: t.tokensTitle, exact: true }).waitFor();
    await checkPage(page, `${backend}-tokens`, lang);

    const name = lang === 'ja' ? '読み取り専用 <b>CI</b>' : 'CI reader <b>bold</b>';
    await page.getByRole('textbox', { name: t.tokenName, exact: true }).fill(name);
    const base = page.getByRole('combobox', { name: t.knowledgeBase, exact: true });
    await base.selectOption(DEMO_BASE);
    await page.getByRole('radio', { name: t.scopeRead, exact: true }).check();
    expect(await page.getByRole('radio', { name: t.scopeWrite, exact: true }).isChecked()).toBe(false);
    const expires = page.getByRole('combobox', { name: t.expiresIn, exact: true });
    expect(await expires.inputValue()).toBe('30');
    expect(await expires.locator('option').allTextContents()).toEqual([7, 30, 90, 365].map((days) => t.days(days)));

    // The page that shows the token is the answer to the form (or where it redirects).
    const shown = page.waitForResponse((r) => r.request().isNavigationRequest() && r.status() === 200);
    await page.getByRole('button', { name: t.createToken, exact: true }).click();
    const response = await shown;
    expect(response.headers()['cache-control']).toMatch(/no-store/);

    const field = page.getByRole('textbox', { name: t.newToken, exact: true });
    const token = await field.inputValue();
    expect(token.length).toBeGreaterThan(20);
    expect(await field.isEditable()).toBe(false);
    const copy = page.getByRole('button', { name: t.copy, exact: true });
    await copy.click();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(token);
    // The name is shown as text, never as markup.
    await page.getByText(t.tokenCreated(name)).waitFor();
    expect(await page.locator('main b').count()).toBe(0);
    // A ready MCP client configuration: the service's /mcp with the token as a bearer header.
    const config = page.getByRole('textbox', { name: t.mcpConfigIntro, exact: true });
    expect(JSON.parse(await config.inputValue())).toEqual({
      mcpServers: { [`kb-pages-${DEMO_BASE}`]: { type: 'http', url: `${service().url}/mcp`, headers: { Authorization: `Bearer ${token}` } } },
    });
    await page.getByRole('button', { name: t.mcpCopy, exact: true }).click();
    expect(JSON.parse(await page.evaluate('navigator.clipboard.readText()'))).toEqual(JSON.parse(await config.inputValue()));
    await page.getByText(t.mcpOauthNote(`${service().url}/mcp`), { exact: true }).waitFor();
    await checkPage(page, `${backend}-token-created`, lang);

    expect(await listPages(service(), token)).toBe(200);
    second = await startService(service().databaseUrl);
    // The second process has used the token before the revocation, so a cache would hold it.
    expect(await listPages(second, token)).toBe(200);

    await page.goto('/tokens');
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    expect(await row.count()).toBe(1);
    // Listed beside the demo's token, which kbp made.
    expect(await page.getByRole('row').filter({ has: page.getByRole('rowheader') }).count()).toBe(2);
    await checkPage(page, `${backend}-tokens-listed`, lang);
    await row.getByRole('button', { name: t.revoke, exact: true }).click();
    // A confirmation whose button repeats the action.
    await page.getByRole('heading', { name: t.revokeTitle, exact: true }).waitFor();
    const confirm = page.getByRole('button', { name: t.revoke, exact: true });
    expect(await confirm.count()).toBe(1);
    await checkPage(page, `${backend}-revoke-confirm`, lang);
    await confirm.click();
    await expectMessage(page, t.tokenRevoked);
    await checkPage(page, `${backend}-revoked`, lang);

    expect(await listPages(second, token)).toBe(401);
    expect(await listPages(service(), token)).toBe(401);
  });
});
