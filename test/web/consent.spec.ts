// The consent page of an MCP client's sign-in over HTTP (GET/POST /oauth/authorize): sign-in
// first and back; the client's name (escaped) and redirect host shown; Allow sends a code back,
// Deny access_denied; a consent posted from another site is refused and grants nothing; the page
// is never framed and its CSP lets its answer reach the client's redirect URI and nothing else.
import request from 'supertest';
import { GrantsService } from '../../src/oauth/grants.service';
import { describeEachBackend, type Harness } from '../support/e2e';
import { authorizePath, exchangeCode, newPkce, registerClient, type RegisteredClient } from './oauth-client';
import { makeAccount, postForm, sameOrigin, signIn, type TestAccount } from './web-client';

const CALLBACK = 'http://127.0.0.1:45871/callback';

/** The form fields a browser would send from the page: every hidden field, by name. */
function hiddenFieldsOf(html: string): Record<string, string> {
  const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  const fields: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unescape(name)] = unescape(value);
  return fields;
}

async function owner(harness: Harness, baseId: string, account: TestAccount, role = 'owner'): Promise<void> {
  await harness.db.write((tx) => tx.query('INSERT INTO members (base_id, user_id, role) VALUES (?, ?, ?)', [baseId, account.userId, role]));
}

describeEachBackend('the consent page', (harness: () => Harness) => {
  const http = () => request(harness().app.getHttpServer());
  const serviceUrl = () => `http://127.0.0.1:${(harness().app.getHttpServer().address() as { port: number }).port}`;

  async function setUp(options: { role?: string; clientName?: string } = {}) {
    const h = harness();
    const base = await h.fresh();
    const account = await makeAccount(h);
    await owner(h, base.baseId, account, options.role ?? 'owner');
    const cookie = await signIn(h, account);
    const client = await registerClient(serviceUrl(), options.clientName ?? 'Test agent', CALLBACK);
    return { h, base, account, cookie, client };
  }

  async function consentPage(client: RegisteredClient, cookie: string, options: Parameters<typeof authorizePath>[2] = {}) {
    const pkce = newPkce();
    const path = authorizePath(client, pkce, options);
    const page = await http().get(path).set('Cookie', cookie);
    return { pkce, path, page, fields: hiddenFieldsOf(page.text) };
  }

  it('sends a visitor to sign in first, then back to the same request', async () => {
    const client = await registerClient(serviceUrl(), 'Test agent', CALLBACK);
    const path = authorizePath(client, newPkce());
    const response = await http().get(path);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`/signin?next=${encodeURIComponent(path)}`);
    const account = await makeAccount(harness());
    const signedIn = await postForm(http(), '/signin', { email: account.email, password: account.password, next: path });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.location).toBe(path);
  });

  it('shows the client and its redirect host, the bases the user owns, and carries the request', async () => {
    const { base, cookie, client } = await setUp({ clientName: '<b>Agent</b> & co' });
    const { page, fields } = await consentPage(client, cookie, { state: 'st&"<>', scope: 'pages:read pages:write' });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('&lt;b&gt;Agent&lt;/b&gt; &amp; co');
    expect(page.text).not.toContain('<b>Agent');
    expect(page.text).toContain('<code class="redirect-host">127.0.0.1:45871</code>');
    expect(page.text).toContain(`<option value="${base.baseId}">`);
    expect(page.text).toMatch(/value="write" aria-describedby="consent-write-hint" checked/);
    expect(fields).toMatchObject({ client_id: client.clientId, redirect_uri: CALLBACK, state: 'st&"<>', code_challenge_method: 'S256' });
  });

  it('never lets itself be framed, and lets its form lead to the client\'s redirect origin only', async () => {
    const { cookie, client } = await setUp();
    const { page } = await consentPage(client, cookie);
    const csp = page.headers['content-security-policy'] as string;
    const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['form-action']).toEqual(["'self'", 'http://127.0.0.1:45871']);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(page.headers['x-frame-options']).toBe('DENY');
    // Every other page keeps its forms to the service itself.
    expect((await http().get('/tokens').set('Cookie', cookie)).headers['content-security-policy']).toMatch(/form-action 'self';/);
  });

  it('Allow sends a code with the state and iss back; the grant has the chosen base and access', async () => {
    const { base, account, cookie, client } = await setUp();
    const { pkce, fields } = await consentPage(client, cookie, { state: 'xyz', scope: 'pages:read' });
    const answer = await postForm(http(), '/oauth/authorize', { ...fields, base: base.baseId, access: 'write', decision: 'allow' }, { ...sameOrigin, Cookie: cookie });
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.location);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('state')).toBe('xyz');
    expect(back.searchParams.get('iss')).toBe(serviceUrl());
    expect(back.searchParams.get('code')).toBeTruthy();
    const tokens = await exchangeCode(serviceUrl(), client, pkce, answer.headers.location);
    expect(tokens.status).toBe(200);
    expect(tokens.body.scope).toBe('pages:read pages:write');
    const grants = await harness().app.get(GrantsService).listOfUser(account.userId);
    expect(grants.map(({ clientName, baseId, scope }) => ({ clientName, baseId, scope }))).toEqual([{ clientName: 'Test agent', baseId: base.baseId, scope: 'write' }]);
  });

  it('sends an answer whose session has ended to sign in, then back to the same consent page, and grants nothing meanwhile', async () => {
    const { base, account, cookie, client } = await setUp();
    const { path, fields } = await consentPage(client, cookie, { state: 'later' });
    const answer = await postForm(http(), '/oauth/authorize', { ...fields, base: base.baseId, access: 'write', decision: 'allow' }, sameOrigin);
    expect(answer.status).toBe(303);
    const next = new URL(answer.headers.location, serviceUrl()).searchParams.get('next')!;
    expect(new URL(answer.headers.location, serviceUrl()).pathname).toBe('/signin');
    expect(Object.fromEntries(new URL(next, serviceUrl()).searchParams)).toEqual(Object.fromEntries(new URL(path, serviceUrl()).searchParams));
    expect(await harness().app.get(GrantsService).listOfUser(account.userId)).toEqual([]);
    const signedIn = await postForm(http(), '/signin', { email: account.email, password: account.password, next });
    expect(signedIn.headers.location).toBe(next);
    const again = await http().get(next).set('Cookie', cookie);
    expect(again.status).toBe(200);
    expect(hiddenFieldsOf(again.text)).toEqual(fields);
  });

  it('Deny sends access_denied back and grants nothing', async () => {
    const { base, account, cookie, client } = await setUp();
    const { fields } = await consentPage(client, cookie, { state: 'abc' });
    const answer = await postForm(http(), '/oauth/authorize', { ...fields, base: base.baseId, access: 'read', decision: 'deny' }, { ...sameOrigin, Cookie: cookie });
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.location);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('abc');
    expect(back.searchParams.get('code')).toBeNull();
    expect(await harness().app.get(GrantsService).listOfUser(account.userId)).toEqual([]);
  });

  it.each([
    ['Sec-Fetch-Site cross-site', { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' }],
    ['Sec-Fetch-Site same-site', { 'Sec-Fetch-Site': 'same-site', Origin: 'https://other.localhost' }],
    ['another Origin only', { Origin: 'https://evil.example' }],
    ['neither header', {}],
  ])('refuses a consent posted from another site (%s), and sends no code', async (_, headers) => {
    const { base, account, cookie, client } = await setUp();
    const { fields } = await consentPage(client, cookie);
    const forged = await postForm(http(), '/oauth/authorize', { ...fields, base: base.baseId, access: 'write', decision: 'allow' }, { ...headers, Cookie: cookie });
    expect(forged.status).toBe(403);
    expect(forged.headers.location).toBeUndefined();
    expect(forged.text).not.toContain('code=');
    expect(await harness().app.get(GrantsService).listOfUser(account.userId)).toEqual([]);
  });

  it('offers a user who owns no base only Deny, and refuses a forged Allow for a base they do not own', async () => {
    const { base, account, cookie, client } = await setUp({ role: 'writer' });
    const { page, fields } = await consentPage(client, cookie);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('<select');
    expect(page.text).not.toContain('value="allow"');
    expect(page.text).toContain('value="deny"');
    const forged = await postForm(http(), '/oauth/authorize', { ...fields, base: base.baseId, access: 'read', decision: 'allow' }, { ...sameOrigin, Cookie: cookie });
    expect(forged.status).toBe(400);
    expect(forged.headers.location).toBeUndefined();
    expect(forged.text).toContain('only grant access to a knowledge base you own');
    expect(await harness().app.get(GrantsService).listOfUser(account.userId)).toEqual([]);
  });

  it('shows an untrusted request as an error page and never redirects it', async () => {
    const { base, cookie, client } = await setUp();
    const unknown = await http().get(authorizePath({ clientId: 'no-such-client', redirectUri: CALLBACK }, newPkce())).set('Cookie', cookie);
    expect(unknown.status).toBe(400);
    expect(unknown.headers.location).toBeUndefined();
    expect(unknown.text).toContain('This sign-in cannot go on');
    expect(unknown.text).toContain('not registered here (unknown client_id)');
    const unknownJa = await http().get(authorizePath({ clientId: 'no-such-client', redirectUri: CALLBACK }, newPkce())).set('Cookie', cookie).set('Accept-Language', 'ja');
    expect(unknownJa.status).toBe(400);
    expect(unknownJa.text).toContain('アクセスを求めているアプリケーションはここに登録されていません');
    const elsewhere = await http().get(authorizePath({ ...client, redirectUri: 'https://evil.example/cb' }, newPkce())).set('Cookie', cookie);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.location).toBeUndefined();
    expect(elsewhere.text).toContain('not one the application registered');
    // Hidden fields are not trusted: a redirect_uri changed in the form is checked again.
    const { fields } = await consentPage(client, cookie);
    const tampered = await postForm(http(), '/oauth/authorize', { ...fields, redirect_uri: 'https://evil.example/cb', base: base.baseId, access: 'read', decision: 'allow' }, { ...sameOrigin, Cookie: cookie });
    expect(tampered.status).toBe(400);
    expect(tampered.headers.location).toBeUndefined();
  });

  it('asks no sign-in for a request it sends back with an error at once', async () => {
    const client = await registerClient(serviceUrl(), 'Test agent', CALLBACK);
    const response = await http().get(authorizePath(client, newPkce(), { extra: { code_challenge_method: 'plain' } }));
    expect(response.status).toBe(303);
    const back = new URL(response.headers.location);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('error')).toBe('invalid_request');
  });
});
