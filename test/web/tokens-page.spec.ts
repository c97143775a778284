// The token page over HTTP: a token is made only for a base the user owns, whatever the form
// says; it is shown once on an answer no cache keeps; what users typed is escaped; revoking it
// refuses the API at once, on another service too.
import request from 'supertest';
import { OwnedTokensService } from '../../src/auth/owned-tokens.service';
import { TokenUses } from '../../src/auth/token-uses';
import { GrantsService } from '../../src/oauth/grants.service';
import { describeEachBackend, insertToken, secondService, type Harness } from '../support/e2e';
import { authorizePath, exchangeCode, newPkce, registerClient, tokenRequest } from './oauth-client';
import { makeAccount, postForm, sameOrigin, signIn, type TestAccount } from './web-client';

async function member(harness: Harness, baseId: string, account: TestAccount, role: string): Promise<void> {
  await harness.db.write((tx) => tx.query('INSERT INTO members (base_id, user_id, role) VALUES (?, ?, ?)', [baseId, account.userId, role]));
}

/** The value of the read-only New token field. */
const newTokenIn = (html: string): string | undefined => /<input id="new-token" type="text" readonly value="([^"]+)"/.exec(html)?.[1];

const unescapeHtml = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** An MCP initialize request to /mcp with `token`; its status. */
async function mcpStatus(http: ReturnType<typeof request>, token: string): Promise<number> {
  const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } } };
  const response = await http.post('/mcp').set('Content-Type', 'application/json').set('Accept', 'application/json, text/event-stream')
    .set('Authorization', `Bearer ${token}`).send(JSON.stringify(initialize));
  return response.status;
}

/** The MCP client configuration shown with a new token, parsed. */
function mcpConfigIn(html: string): unknown {
  const text = /<textarea id="mcp-config"[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1];
  return text === undefined ? undefined : JSON.parse(unescapeHtml(text));
}

describeEachBackend('the token page', (harness: () => Harness) => {
  const http = () => request(harness().app.getHttpServer());
  const other = secondService(harness);

  it('makes a token shown once, no-store, that the REST API takes; revoking it refuses it at once everywhere', async () => {
    const h = harness();
    const base = await h.fresh();
    const account = await makeAccount(h);
    await member(h, base.baseId, account, 'owner');
    const cookie = await signIn(h, account);
    const created = await postForm(http(), '/tokens', { name: 'CI script', base: base.baseId, scope: 'read', expires: '7' }, { ...sameOrigin, Cookie: cookie });
    expect(created.status).toBe(200);
    expect(created.headers['cache-control']).toBe('no-store');
    const token = newTokenIn(created.text) as string;
    expect(token).toBeDefined();
    expect(created.text).toContain(`curl -H &#39;Authorization: Bearer ${token}&#39;`);
    expect((await base.call('get', base.pagesPath(), { token })).status).toBe(200);
    expect((await base.call('post', base.pagesPath(), { token, body: { title: 'x' } })).status).toBe(403);
    // Listed without the secret, and never shown again.
    const list = await http().get('/tokens').set('Cookie', cookie);
    expect(list.text).toContain('CI script');
    expect(list.text).not.toContain(token);
    const [listed] = await h.app.get(OwnedTokensService).listOfUser(account.userId);
    expect(Date.parse(listed.expiresAt) - Date.parse(listed.createdAt)).toBe(7 * 86_400_000);

    const confirm = await http().get(`/tokens/${listed.tokenId}/revoke`).set('Cookie', cookie);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toMatch(/<button type="submit" class="danger">Revoke<\/button>/);
    const revoked = await postForm(http(), `/tokens/${listed.tokenId}/revoke`, {}, { ...sameOrigin, Cookie: cookie });
    expect(revoked.status).toBe(303);
    const api = await request(other().getHttpServer()).get(`/api/v1/bases/${base.baseId}/pages`).set('Authorization', `Bearer ${token}`);
    expect(api.status).toBe(401);
  });

  it('shows a ready MCP client configuration for the new token and its base', async () => {
    const h = harness();
    const base = await h.fresh();
    const account = await makeAccount(h);
    await member(h, base.baseId, account, 'owner');
    const cookie = await signIn(h, account);
    const created = await postForm(http(), '/tokens', { name: 'agent', base: base.baseId, scope: 'write', expires: '30' }, { ...sameOrigin, Cookie: cookie });
    const token = newTokenIn(created.text) as string;
    const origin = `http://127.0.0.1:${(h.app.getHttpServer().address() as { port: number }).port}`;
    expect(mcpConfigIn(created.text)).toEqual({
      mcpServers: { [`kb-pages-${base.baseId}`]: { type: 'http', url: `${origin}/mcp`, headers: { Authorization: `Bearer ${token}` } } },
    });
    expect(created.text).toContain(`A client that signs in with OAuth needs only the address ${origin}/mcp, and no token.`);
  });

  /** An MCP client signed in through the consent page as `cookie`'s user, allowed `base` with read access. */
  async function allowClient(h: Harness, cookie: string, baseId: string, clientName: string) {
    const origin = `http://127.0.0.1:${(h.app.getHttpServer().address() as { port: number }).port}`;
    const client = await registerClient(origin, clientName, 'http://127.0.0.1:45872/callback');
    const pkce = newPkce();
    const consent = await http().get(authorizePath(client, pkce)).set('Cookie', cookie);
    const fields = Object.fromEntries([...consent.text.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map(([, n, v]) => [n, unescapeHtml(v)]));
    const allowed = await postForm(http(), '/oauth/authorize', { ...fields, base: baseId, access: 'read', decision: 'allow' }, { ...sameOrigin, Cookie: cookie });
    const tokens = await exchangeCode(origin, client, pkce, allowed.headers.location);
    expect(tokens.status).toBe(200);
    return { origin, client, tokens };
  }

  it('lists the MCP clients the user allowed, and revokes one after a confirmation', async () => {
    const h = harness();
    const base = await h.fresh();
    const account = await makeAccount(h);
    await member(h, base.baseId, account, 'owner');
    const cookie = await signIn(h, account);
    const { origin, client, tokens } = await allowClient(h, cookie, base.baseId, 'Agent <i>one</i>');

    // Used once through /mcp: the row says when (the uses are written in batches: now, here).
    expect(await mcpStatus(http(), tokens.body.access_token as string)).toBe(200);
    await h.app.get(TokenUses).flushNow();
    const list = await http().get('/tokens').set('Cookie', cookie);
    expect(list.text).toContain('<th scope="row">Agent &lt;i&gt;one&lt;/i&gt;</th>');
    const [grant] = await h.app.get(GrantsService).listOfUser(account.userId);
    expect(grant.lastUsedAt).not.toBeNull();
    const row = list.text.slice(list.text.indexOf('<th scope="row">Agent &lt;i&gt;one'));
    expect(row.slice(0, row.indexOf('</tr>'))).not.toContain('<td>Never</td>');
    expect(list.text).toContain(`action="/tokens/grants/${grant.grantId}/revoke"`);
    // Not among the API tokens: its access token is the grant's.
    expect(await h.app.get(OwnedTokensService).listOfUser(account.userId)).toEqual([]);

    const confirm = await http().get(`/tokens/grants/${grant.grantId}/revoke`).set('Cookie', cookie);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain(`Revoke the access of Agent &lt;i&gt;one&lt;/i&gt; to ${base.baseId}?`);
    expect(confirm.text).toMatch(/<button type="submit" class="danger">Revoke<\/button>/);
    // From another site: refused, the grant kept.
    const forged = await postForm(http(), `/tokens/grants/${grant.grantId}/revoke`, {}, { 'Sec-Fetch-Site': 'cross-site', Cookie: cookie });
    expect(forged.status).toBe(403);
    expect((await h.app.get(GrantsService).listOfUser(account.userId))[0].revokedAt).toBeNull();

    const revoked = await postForm(http(), `/tokens/grants/${grant.grantId}/revoke`, {}, { ...sameOrigin, Cookie: cookie });
    expect(revoked.status).toBe(303);
    expect(revoked.headers.location).toBe('/tokens?done=grant-revoked');
    expect((await h.app.get(GrantsService).listOfUser(account.userId))[0].revokedAt).not.toBeNull();
    const refreshed = await tokenRequest(origin, { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token as string, client_id: client.clientId });
    expect(refreshed.body.error).toBe('invalid_grant');
    expect(await mcpStatus(http(), tokens.body.access_token as string)).toBe(401);
    const after = await http().get('/tokens?done=grant-revoked').set('Cookie', cookie);
    expect(after.text).toContain('The MCP client was revoked.');
    expect(after.text).not.toContain(`action="/tokens/grants/${grant.grantId}/revoke"`);
  });

  it('neither shows nor revokes another user\'s MCP client', async () => {
    const h = harness();
    const base = await h.fresh();
    const owner = await makeAccount(h);
    await member(h, base.baseId, owner, 'owner');
    const { origin, client, tokens } = await allowClient(h, await signIn(h, owner), base.baseId, 'Owner agent');
    const [grant] = await h.app.get(GrantsService).listOfUser(owner.userId);
    const other = await makeAccount(h);
    const cookie = await signIn(h, other);
    expect((await http().get('/tokens').set('Cookie', cookie)).text).not.toContain('Owner agent');
    expect((await http().get(`/tokens/grants/${grant.grantId}/revoke`).set('Cookie', cookie)).status).toBe(404);
    expect((await postForm(http(), `/tokens/grants/${grant.grantId}/revoke`, {}, { ...sameOrigin, Cookie: cookie })).status).toBe(404);
    expect((await h.app.get(GrantsService).listOfUser(owner.userId))[0].revokedAt).toBeNull();
    const refreshed = await tokenRequest(origin, { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token as string, client_id: client.clientId });
    expect(refreshed.status).toBe(200);
  });

  it.each([
    ['a base the user is a writer of', 'writer'],
    ['a base the user is a reader of', 'reader'],
    ['a base the user is not a member of', null],
  ])('refuses a crafted form for %s and makes nothing', async (_, role) => {
    const h = harness();
    const base = await h.fresh();
    const account = await makeAccount(h);
    if (role) await member(h, base.baseId, account, role);
    const cookie = await signIn(h, account);
    const response = await postForm(http(), '/tokens', { name: 'sneaky', base: base.baseId, scope: 'write', expires: '30' }, { ...sameOrigin, Cookie: cookie });
    expect(response.status).toBe(403);
    expect(newTokenIn(response.text)).toBeUndefined();
    expect(await h.app.get(OwnedTokensService).listOfUser(account.userId)).toEqual([]);
  });

  it('refuses an expiry or scope the form does not offer', async () => {
    const h = harness();
    const base = await h.fresh();
    const account = await makeAccount(h);
    await member(h, base.baseId, account, 'owner');
    const cookie = await signIn(h, account);
    for (const [scope, expires] of [['write', '3650'], ['admin', '30'], ['read', '']]) {
      const response = await postForm(http(), '/tokens', { name: 'n', base: base.baseId, scope, expires }, { ...sameOrigin, Cookie: cookie });
      expect({ scope, expires, status: response.status }).toEqual({ scope, expires, status: 400 });
    }
    expect(await h.app.get(OwnedTokensService).listOfUser(account.userId)).toEqual([]);
  });

  it('lists tokens made by kbp too, and revokes only the user\'s own', async () => {
    const h = harness();
    const base = await h.fresh();
    const account = await makeAccount(h);
    await member(h, base.baseId, account, 'owner');
    await insertToken(h.db, { baseId: base.baseId, userId: account.userId, scope: 'read' });
    const cookie = await signIn(h, account);
    const list = await http().get('/tokens').set('Cookie', cookie);
    expect(list.text).toContain('(no name)');
    // The harness's owner token is not this user's: revoking it by id is refused.
    const [theirs] = await h.app.get(OwnedTokensService).listOfUser(base.ownerId);
    const response = await postForm(http(), `/tokens/${theirs.tokenId}/revoke`, {}, { ...sameOrigin, Cookie: cookie });
    expect(response.status).toBe(404);
    expect((await base.call('get', base.pagesPath())).status).toBe(200);
  });

  it('escapes names and titles with markup', async () => {
    const h = harness();
    const base = await h.fresh();
    const account = await makeAccount(h, { name: '<img src=x onerror=alert(1)>' });
    await member(h, base.baseId, account, 'owner');
    const cookie = await signIn(h, account);
    await postForm(http(), '/tokens', { name: '<script>alert("t")</script>', base: base.baseId, scope: 'read', expires: '30' }, { ...sameOrigin, Cookie: cookie });
    const list = await http().get('/tokens').set('Cookie', cookie);
    expect(list.text).not.toContain('<script>alert');
    expect(list.text).not.toContain('<img src=x');
    expect(list.text).toContain('&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;');
    expect(list.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
