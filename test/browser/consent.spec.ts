// An MCP client's sign-in in Chromium: the client (registered through the real endpoint) opens
// /oauth/authorize; the visitor signs in first and comes back to the consent page, which names the
// client and its redirect host, lists the bases the user owns and preselects the asked access.
// Allow really reaches the client's loopback callback on another port (the page's CSP form-action
// must let a form's redirect go there), Deny brings access_denied, a user owning no base can only
// deny, the page refuses to be framed, and the grant is listed on the token page and revoked there.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { backends } from '../support/databases';
import { authorizePath, exchangeCode, newPkce, registerClient, tokenRequest, type RegisteredClient } from '../web/oauth-client';
import { langs, newContext, useBrowser, type Lang } from './support/browser';
import { pageChecks } from './support/check-page';
import { expectMessage, htmlLang, passwordFor, signIn, signInButton } from './support/flows';
import { createBase, createMember } from './support/reading-setup';
import { serviceAll, type Service } from './support/service';
import { texts, type Texts } from './support/texts';

const browser = useBrowser();
const checkPage = pageChecks('consent');
const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A native MCP client's loopback redirect endpoint (RFC 8252 §7.3): records what comes back. */
interface Callback {
  url: string;
  origin: string;
  received: URL[];
  /** Resolves with the next request to /callback. */
  next(): Promise<URL>;
  close(): Promise<void>;
}

async function startCallback(): Promise<Callback> {
  const received: URL[] = [];
  let waiting: ((url: URL) => void) | undefined;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/frame') {
      // A page of another site that tries to show the consent page in a frame.
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>Framing</title><iframe title="consent" src="${url.searchParams.get('src') ?? ''}"></iframe>`);
      return;
    }
    received.push(url);
    waiting?.(url);
    waiting = undefined;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><title>Signed in</title><main><h1>You can close this window</h1></main></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/callback`, origin, received,
    next: () => new Promise<URL>((resolve) => { waiting = resolve; }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const clientNames: Record<Lang, string> = { en: 'Test agent <b>bold</b>', ja: 'テスト用エージェント' };

async function openConsent(page: Page, t: Texts, client: RegisteredClient, options: { scope?: string; state?: string } = {}) {
  const pkce = newPkce();
  await page.goto(authorizePath(client, pkce, options));
  await page.getByRole('heading', { name: t.consentTitle, exact: true, level: 1 }).waitFor();
  return pkce;
}

describe.each(backends)('the consent page on %s', (backend) => {
  const service = serviceAll(backend);
  let callback: Callback;
  beforeAll(async () => {
    callback = await startCallback();
  });
  afterAll(async () => {
    await callback?.close();
  });

  async function newPage(lang: Lang): Promise<Page> {
    const context = await newContext(browser(), lang, service().url);
    contexts.push(context);
    return context.newPage();
  }

  it.each(langs)('signs in first, then Allow sends a code to the client, Deny access_denied; the grant is revoked on the token page (%s)', async (lang) => {
    const t = texts(lang);
    const baseId = `consent-${lang}-${backend}`;
    const email = `consent-owner-${lang}@example.com`;
    await createBase(service(), baseId, 'L', 'Consent');
    await createMember(service(), baseId, email, passwordFor(lang, 'owner'), 'owner');
    const client = await registerClient(service().url, clientNames[lang], callback.url);
    const page = await newPage(lang);

    // Not signed in: the sign-in page, then back to the consent page.
    const pkce = newPkce();
    await page.goto(authorizePath(client, pkce, { scope: 'pages:read pages:write', state: 'state-1' }));
    await signInButton(page, t).waitFor();
    await checkPage(page, `${backend}-sign-in-first`, lang);
    await page.getByRole('textbox', { name: t.email, exact: true }).fill(email);
    await page.getByLabel(t.password, { exact: true }).fill(passwordFor(lang, 'owner'));
    await signInButton(page, t).click();
    await page.getByRole('heading', { name: t.consentTitle, exact: true, level: 1 }).waitFor();
    expect(await htmlLang(page)).toBe(lang);

    // The client's name as text, never markup, and where the answer goes.
    await page.getByText(clientNames[lang], { exact: true }).waitFor();
    expect(await page.locator('main b').count()).toBe(0);
    await page.getByText(new URL(callback.url).host, { exact: true }).waitFor();
    const base = page.getByRole('combobox', { name: t.knowledgeBase, exact: true });
    expect(await base.locator('option').allTextContents()).toEqual([baseId]);
    // The client asked for write: preselected.
    expect(await page.getByRole('radio', { name: t.scopeWrite, exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: t.scopeRead, exact: true }).isChecked()).toBe(false);
    await checkPage(page, `${backend}-consent`, lang);

    // The user narrows it to Read and allows: the browser really reaches the client's callback.
    await page.getByRole('radio', { name: t.scopeRead, exact: true }).check();
    const back = callback.next();
    await page.getByRole('button', { name: t.allow, exact: true }).click();
    const allowed = await back;
    expect(allowed.searchParams.get('state')).toBe('state-1');
    expect(allowed.searchParams.get('iss')).toBe(service().url);
    const tokens = await exchangeCode(service().url, client, pkce, `${callback.origin}${allowed.pathname}${allowed.search}`);
    expect(tokens.status).toBe(200);
    expect(tokens.body.scope).toBe('pages:read');
    await page.getByRole('heading', { name: 'You can close this window' }).waitFor();

    // Deny: access_denied, through the same redirect.
    await openConsent(page, t, client, { state: 'state-2' });
    const denied = callback.next();
    await page.getByRole('button', { name: t.deny, exact: true }).click();
    const deniedUrl = await denied;
    expect(deniedUrl.searchParams.get('error')).toBe('access_denied');
    expect(deniedUrl.searchParams.get('state')).toBe('state-2');
    expect(deniedUrl.searchParams.get('code')).toBeNull();

    // The token page lists the grant beside the API tokens; Revoke asks first.
    await page.goto('/tokens');
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: clientNames[lang], exact: true }) });
    expect(await row.count()).toBe(1);
    expect(await row.getByRole('cell', { name: baseId, exact: true }).count()).toBe(1);
    expect(await row.getByRole('cell', { name: t.scopeRead, exact: true }).count()).toBe(1);
    await checkPage(page, `${backend}-tokens-grant`, lang);
    await row.getByRole('button', { name: t.revoke, exact: true }).click();
    await page.getByRole('heading', { name: t.revokeGrantTitle, exact: true }).waitFor();
    await checkPage(page, `${backend}-revoke-grant-confirm`, lang);
    await page.getByRole('button', { name: t.revoke, exact: true }).click();
    await expectMessage(page, t.grantRevoked);
    expect(await row.getByRole('button', { name: t.revoke, exact: true }).count()).toBe(0);
    await checkPage(page, `${backend}-grant-revoked`, lang);
    const refreshed = await tokenRequest(service().url, { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token as string, client_id: client.clientId });
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it.each(langs)('offers a user who owns no knowledge base only Deny (%s)', async (lang) => {
    const t = texts(lang);
    const baseId = `consent-writer-${lang}-${backend}`;
    const email = `consent-writer-${lang}@example.com`;
    await createBase(service(), baseId, 'L', 'Consent');
    await createMember(service(), baseId, email, passwordFor(lang, 'writer'), 'writer');
    const client = await registerClient(service().url, clientNames[lang], callback.url);
    const page = await newPage(lang);
    await signIn(page, t, email, passwordFor(lang, 'writer'));
    await openConsent(page, t, client);
    await page.getByText(t.consentNoOwnedBases, { exact: true }).waitFor();
    expect(await page.getByRole('combobox', { name: t.knowledgeBase, exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: t.allow, exact: true }).count()).toBe(0);
    await checkPage(page, `${backend}-consent-no-base`, lang);
    const denied = callback.next();
    await page.getByRole('button', { name: t.deny, exact: true }).click();
    expect((await denied).searchParams.get('error')).toBe('access_denied');
  });

  it('refuses to be shown in another site\'s frame', async () => {
    const t = texts('en');
    const email = `consent-framed-${backend}@example.com`;
    const baseId = `consent-framed-${backend}`;
    await createBase(service(), baseId, 'L', 'Consent');
    await createMember(service(), baseId, email, passwordFor('en', 'framed'), 'owner');
    const client = await registerClient(service().url, 'Framed agent', callback.url);
    const page = await newPage('en');
    await signIn(page, t, email, passwordFor('en', 'framed'));
    const consentUrl = `${service().url}${authorizePath(client, newPkce())}`;
    // Signed in and reachable at the top level...
    await page.goto(consentUrl);
    await page.getByRole('button', { name: t.allow, exact: true }).waitFor();
    // ...but never inside another site's page.
    await page.goto(`${callback.origin}/frame?src=${encodeURIComponent(consentUrl)}`);
    await page.waitForLoadState('load');
    const frame = page.frames().find((each) => each !== page.mainFrame());
    expect(frame).toBeDefined();
    expect(await frame!.getByRole('button', { name: t.allow, exact: true }).count()).toBe(0);
  });
});
