// An MCP client is given only the URL of /mcp and signs in once in a browser, with the official
// clients' own OAuth machinery (@modelcontextprotocol/client 2.x and @modelcontextprotocol/sdk
// 1.x): the 401 and its resource_metadata, discovery (RFC 9728, then RFC 8414), dynamic
// registration, the consent page in Chromium, the redirect to a loopback callback, the code
// exchange, every tool, a refresh, a revocation. On SQLite one service process; on MariaDB two
// on one database behind a balancer, the refresh and what follows it on the other process.
import type { BrowserContext, Page } from 'playwright-core';
import { backends } from '../support/databases';
import { startLoopbackCallback, type LoopbackCallback } from '../support/loopback-callback';
import { newContext, useBrowser } from '../browser/support/browser';
import { texts } from '../browser/support/texts';
import { allowInBrowser, grantRow, revokeOnTokenPage, type ConsentScope } from './support/consent';
import { ACCESS_TOKEN_SECONDS, createOwner, startDeployment, type Deployment, type Owner } from './support/deployment';
import { useEveryTool, useReadTools } from './support/every-tool';
import { MemoryOAuthProvider, type ClientAuthMethod } from './support/memory-provider';
import { oauthMcpClient, type McpConnection, type OAuthMcpClient, type SdkLine, type SeenRequest } from './support/mcp-clients';

// One test waits for its access token to expire.
const EXPIRY_TEST_TIMEOUT_MS = (ACCESS_TOKEN_SECONDS + 90) * 1000;

const browser = useBrowser();
const t = texts('en');

/** A JSON-RPC request to /mcp with `token` (or none), as any client sends it; the raw answer. */
async function postMcp(deployment: Deployment, token?: string): Promise<Response> {
  const response = await fetch(`${deployment.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  await response.arrayBuffer();
  return response;
}

/** /mcp refuses `token` (or its absence) with 401 and the header that starts discovery. */
async function expectDiscoveryChallenge(deployment: Deployment, token?: string): Promise<void> {
  const response = await postMcp(deployment, token);
  expect(response.status).toBe(401);
  const challenge = response.headers.get('www-authenticate') ?? '';
  expect(challenge).toMatch(/^Bearer /);
  expect(challenge).toContain(`resource_metadata="${deployment.url}/.well-known/oauth-protected-resource/mcp"`);
  expect(challenge).toContain('scope="pages:read"');
  if (token) expect(challenge).toContain('error="invalid_token"');
}

/** A form POST to an OAuth endpoint with the client's registered authentication; status and JSON. */
async function oauthPost(deployment: Deployment, path: string, provider: MemoryOAuthProvider, method: ClientAuthMethod, form: Record<string, string>): Promise<{ status: number; body: any }> {
  const { client_id: clientId, client_secret: secret } = provider.registration();
  const params = new URLSearchParams(form);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (method === 'client_secret_basic') {
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret ?? '')}`).toString('base64')}`;
  } else {
    params.set('client_id', clientId);
    if (method === 'client_secret_post') params.set('client_secret', secret ?? '');
  }
  const response = await fetch(`${deployment.url}${path}`, { method: 'POST', headers, body: params });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** The requests since `from` that reached process `index` behind the balancer (MariaDB only). */
function servedBy(deployment: Deployment, from: number, index: number, method: string, path: string): number {
  return deployment.balancer!.log.slice(from).filter((entry) => entry.upstream === index && entry.method === method && entry.path.split('?')[0] === path).length;
}

/** Where in `requests` the first one matching comes, after `after`; fails naming what came instead. */
function indexOfRequest(requests: SeenRequest[], after: number, match: Partial<SeenRequest>): number {
  const index = requests.findIndex((request, i) => i > after && Object.entries(match).every(([key, value]) => request[key as keyof SeenRequest] === value));
  if (index < 0) throw new Error(`no request ${JSON.stringify(match)} after #${after} in ${JSON.stringify(requests, null, 1)}`);
  return index;
}

describe.each(backends)('an MCP client signs in with OAuth [%s]', (backend) => {
  let deployment: Deployment;
  let owner: Owner;
  let callback: LoopbackCallback | undefined;
  let context: BrowserContext | undefined;
  let mcp: McpConnection | undefined;
  const lastProcess = backend === 'mysql' ? 1 : 0;

  beforeAll(async () => {
    deployment = await startDeployment(backend);
    // A base of its own for each test: each starts empty.
    owner = await createOwner(deployment, 4);
  });
  afterAll(async () => {
    await deployment?.stop();
  });
  beforeEach(async () => {
    deployment.useProcess(0);
    callback = await startLoopbackCallback();
    context = await newContext(browser(), 'en', deployment.url);
  });
  afterEach(async () => {
    await mcp?.close().catch(() => undefined);
    await context?.close();
    await callback?.close();
    mcp = undefined;
    context = undefined;
    callback = undefined;
  });

  /**
   * From nothing but the URL to a connected client: the 401, discovery, registration, the
   * consent in the browser, the callback, the code exchange. The page stays signed in.
   */
  async function signIn(line: SdkLine, authMethod: ClientAuthMethod, scope: ConsentScope, baseId: string): Promise<{ client: OAuthMcpClient; page: Page }> {
    const clientName = `Agent ${line} <b>${authMethod}</b>`;
    const provider = new MemoryOAuthProvider(callback!.redirectUri, clientName, authMethod);
    const client = oauthMcpClient(line, `${deployment.url}/mcp`, provider);
    await expectDiscoveryChallenge(deployment);

    expect(await client.connect()).toBe('authorize');
    // The SDK found its way from the 401 alone: RFC 9728, then RFC 8414, then RFC 7591.
    const { requests } = client;
    const challenged = indexOfRequest(requests, -1, { method: 'POST', path: '/mcp', status: 401 });
    const resource = indexOfRequest(requests, challenged, { method: 'GET', path: '/.well-known/oauth-protected-resource/mcp', status: 200 });
    const server = indexOfRequest(requests, resource, { method: 'GET', path: '/.well-known/oauth-authorization-server', status: 200 });
    indexOfRequest(requests, server, { method: 'POST', path: '/oauth/register', status: 201 });
    const registration = provider.registration();
    expect(registration.client_id).toEqual(expect.any(String));
    if (authMethod === 'none') expect(registration.client_secret).toBeUndefined();
    else expect(registration.client_secret).toEqual(expect.any(String));

    const authorizationUrl = provider.authorizationUrl();
    expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(`${deployment.url}/oauth/authorize`);
    expect(Object.fromEntries(authorizationUrl.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: registration.client_id,
      redirect_uri: callback!.redirectUri,
      code_challenge_method: 'S256',
      state: provider.stateValue,
      resource: `${deployment.url}/mcp`,
      scope: 'pages:read',
    });

    const page = await context!.newPage();
    const arrived = callback!.next();
    const seen = await allowInBrowser(page, authorizationUrl, owner, { clientName, redirectUri: callback!.redirectUri, baseId, scope });
    // A fresh browser signs in first. Only the bases the user owns are offered; the 401 asked
    // for pages:read, so Read comes preselected.
    expect(seen.askedToSignIn).toBe(true);
    expect(seen.offeredBases.sort()).toEqual([...owner.bases].sort());
    expect(seen.preselected).toBe('Read');
    const query = await arrived;
    expect(query.get('state')).toBe(provider.stateValue);
    expect(query.get('iss')).toBe(deployment.url);
    expect(query.get('error')).toBeNull();
    expect(query.get('code')).toEqual(expect.any(String));
    // The browser landed on the client's own page (the consent page's CSP let the redirect through).
    await page.waitForURL((url) => url.href.startsWith(callback!.redirectUri));

    const exchanged = requests.length;
    await client.finishAuth(query);
    const exchange = requests[indexOfRequest(requests, exchanged - 1, { method: 'POST', path: '/oauth/token', grantType: 'authorization_code' })];
    expect(exchange.status).toBe(200);
    if (authMethod === 'client_secret_basic') expect(exchange.authorization).toBe('Basic');
    const tokens = provider.current();
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.expires_in).toBe(ACCESS_TOKEN_SECONDS);
    expect(tokens.scope).toBe(scope === 'Read' ? 'pages:read' : 'pages:read pages:write');
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const connected = await client.connect();
    if (connected === 'authorize') throw new Error(`${line} still asks for a sign-in after the code exchange`);
    mcp = connected;
    return { client, page };
  }

  it('client 2.x (public client): every tool, a refresh when the access token expires, RFC 7009 revocation', async () => {
    const baseId = owner.bases[0];
    const { client, page } = await signIn('client 2.x', 'none', 'Read and write', baseId);
    await useEveryTool(mcp!, baseId);

    // The access token runs out while the client works; the next call gets a 401 and the SDK
    // refreshes on its own — here through the other process — and goes on.
    deployment.useProcess(lastProcess);
    const balancerFrom = deployment.balancer?.log.length ?? 0;
    const { provider, requests } = client;
    const before = provider.current();
    await new Promise((resolve) => setTimeout(resolve, provider.accessExpiresAt() - Date.now() + 1500));
    const from = requests.length - 1;
    expect(await mcp!.call('get_base_info')).toMatchObject({ structuredContent: { base_id: baseId, total_pages: 1 } });
    const refused = indexOfRequest(requests, from, { method: 'POST', path: '/mcp', status: 401 });
    const refreshed = indexOfRequest(requests, refused, { method: 'POST', path: '/oauth/token', grantType: 'refresh_token' });
    expect(requests[refreshed].status).toBe(200);
    indexOfRequest(requests, refreshed, { method: 'POST', path: '/mcp', status: 200 });
    const after = provider.current();
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).toEqual(expect.any(String));
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.scope).toBe('pages:read pages:write');
    if (deployment.balancer) {
      expect(servedBy(deployment, balancerFrom, 1, 'POST', '/oauth/token')).toBe(1);
      expect(servedBy(deployment, balancerFrom, 0, 'POST', '/oauth/token')).toBe(0);
    }
    await expectDiscoveryChallenge(deployment, before.access_token);
    // Its uses through /mcp are recorded by now (every half minute): the token page says when.
    const [, , , , lastUsed] = await grantRow(page, provider.clientName);
    expect(lastUsed).not.toBe(t.never);

    // RFC 7009 with the refresh token: the grant ends, its access token with it.
    expect((await oauthPost(deployment, '/oauth/revoke', provider, 'none', { token: after.refresh_token!, token_type_hint: 'refresh_token' })).status).toBe(200);
    await expectDiscoveryChallenge(deployment, after.access_token);
    expect(await oauthPost(deployment, '/oauth/token', provider, 'none', { grant_type: 'refresh_token', refresh_token: after.refresh_token! }))
      .toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    // The client itself learns it at its next call: the refresh is refused, and the SDK asks
    // for a new sign-in rather than going on.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const signIns = provider.authorizationUrls.length;
    try {
      await expect(mcp!.call('get_base_info')).rejects.toThrow(/unauthorized/i);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('invalid_grant'));
    } finally {
      warn.mockRestore();
    }
    expect(provider.authorizationUrls.length).toBe(signIns + 1);
    deployment.useProcess(0);
    await expectDiscoveryChallenge(deployment, after.access_token);
    const [, , , , , status] = await grantRow(page, provider.clientName);
    expect(status).toBe(t.statusRevoked);
  }, EXPIRY_TEST_TIMEOUT_MS);

  it('sdk 1.x (client_secret_basic): every tool, a refresh through auth(), Revoke on the token page', async () => {
    const baseId = owner.bases[1];
    const { client, page } = await signIn('sdk 1.x', 'client_secret_basic', 'Read and write', baseId);
    await useEveryTool(mcp!, baseId);

    deployment.useProcess(lastProcess);
    const balancerFrom = deployment.balancer?.log.length ?? 0;
    const { provider, requests } = client;
    const before = provider.current();
    const from = requests.length - 1;
    expect(await client.reauthorize()).toBe('AUTHORIZED');
    const refresh = requests[indexOfRequest(requests, from, { method: 'POST', path: '/oauth/token', grantType: 'refresh_token' })];
    expect(refresh).toMatchObject({ status: 200, authorization: 'Basic' });
    const after = provider.current();
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    // The connection goes on with the new token, on the other process.
    expect(await mcp!.call('list_pages', {})).toMatchObject({ structuredContent: { total: 1 } });
    if (deployment.balancer) {
      expect(servedBy(deployment, balancerFrom, 1, 'POST', '/oauth/token')).toBe(1);
      expect(servedBy(deployment, balancerFrom, 1, 'POST', '/mcp')).toBeGreaterThan(0);
    }

    // The grant is listed beside the API tokens (who, which base, what scope), with its Revoke.
    const [application, base, scope, , , status] = await grantRow(page, provider.clientName);
    expect({ application, base, scope, status }).toEqual({ application: provider.clientName, base: baseId, scope: 'Read and write', status: t.statusActive });
    await revokeOnTokenPage(page, provider.clientName);
    await expectDiscoveryChallenge(deployment, after.access_token);
    expect(await oauthPost(deployment, '/oauth/token', provider, 'client_secret_basic', { grant_type: 'refresh_token', refresh_token: after.refresh_token! }))
      .toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const signIns = provider.authorizationUrls.length;
    await expect(mcp!.call('list_pages', {})).rejects.toThrow(/unauthorized/i);
    expect(provider.authorizationUrls.length).toBe(signIns + 1);
    deployment.useProcess(0);
    await expectDiscoveryChallenge(deployment, after.access_token);
  });

  it('client 2.x (client_secret_post), Read: the read tools only, and revoking its access token ends the grant', async () => {
    const baseId = owner.bases[2];
    const { client } = await signIn('client 2.x', 'client_secret_post', 'Read', baseId);
    await useReadTools(mcp!, baseId);

    const { provider } = client;
    const tokens = provider.current();
    deployment.useProcess(lastProcess);
    expect((await oauthPost(deployment, '/oauth/revoke', provider, 'client_secret_post', { token: tokens.access_token, token_type_hint: 'access_token' })).status).toBe(200);
    await expectDiscoveryChallenge(deployment, tokens.access_token);
    expect(await oauthPost(deployment, '/oauth/token', provider, 'client_secret_post', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! }))
      .toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('sdk 1.x, Read: a replayed refresh token ends the grant on every process', async () => {
    const baseId = owner.bases[3];
    const { client } = await signIn('sdk 1.x', 'none', 'Read', baseId);
    await useReadTools(mcp!, baseId);

    const { provider } = client;
    const first = provider.current();
    expect(await client.reauthorize()).toBe('AUTHORIZED');
    const second = provider.current();
    expect(second.scope).toBe('pages:read');
    expect(await mcp!.call('get_base_info')).toMatchObject({ structuredContent: { base_id: baseId } });

    // Someone who kept the first refresh token uses it again (on MariaDB, on the other process):
    // refused at once, and the grant ends everywhere.
    deployment.useProcess(lastProcess);
    expect(await oauthPost(deployment, '/oauth/token', provider, 'none', { grant_type: 'refresh_token', refresh_token: first.refresh_token! }))
      .toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    await expectDiscoveryChallenge(deployment, second.access_token);
    expect(await oauthPost(deployment, '/oauth/token', provider, 'none', { grant_type: 'refresh_token', refresh_token: second.refresh_token! }))
      .toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    deployment.useProcess(0);
    await expectDiscoveryChallenge(deployment, second.access_token);
  });
});
