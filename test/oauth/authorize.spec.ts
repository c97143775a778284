// The authorization server's discovery, registration and authorize rules over real HTTP and a real
// database, on each backend. Consent goes through AuthorizationService as the consent page calls it.
import { defaults } from '../../src/config/config';
import { createHarness, describeEachBackend, insertUser, type Harness } from '../support/e2e';
import { authorization, authorizeParameters, http, issuerOf, pkce, redirected, registerClient } from './oauth-flow';

describeEachBackend('OAuth discovery and registration', (h) => {
  it('serves the authorization server metadata (RFC 8414) with the issuer of the request', async () => {
    const issuer = issuerOf(h());
    const res = await http(h()).get('/.well-known/oauth-authorization-server');
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.body).toEqual({
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      registration_endpoint: `${issuer}/oauth/register`,
      revocation_endpoint: `${issuer}/oauth/revoke`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      scopes_supported: ['pages:read', 'pages:write'],
      authorization_response_iss_parameter_supported: true,
    });
  });

  it.each(['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource'])('serves the protected resource metadata (RFC 9728) at %s', async (path) => {
    const issuer = issuerOf(h());
    const res = await http(h()).get(path);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      resource: `${issuer}/mcp`, authorization_servers: [issuer], scopes_supported: ['pages:read', 'pages:write'],
      bearer_methods_supported: ['header'], resource_name: 'kb-pages',
    });
  });

  it('lets only the client cache the metadata when its issuer comes from the request\'s Host', async () => {
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource/mcp']) {
      expect((await http(h()).get(path)).headers['cache-control']).toBe('private, max-age=3600');
    }
  });

  it('is not OpenID Connect: no openid-configuration', async () => {
    expect((await http(h()).get('/.well-known/openid-configuration')).status).toBe(404);
  });

  it('answers a browser client\'s preflight, MCP-Protocol-Version allowed', async () => {
    for (const path of ['/.well-known/oauth-authorization-server', '/oauth/register', '/oauth/token', '/oauth/revoke']) {
      const res = await http(h()).options(path).set('Origin', 'https://client.example').set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type, mcp-protocol-version');
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-headers']).toMatch(/MCP-Protocol-Version/i);
    }
  });

  it('registers a public client: a client id, no secret', async () => {
    const res = await http(h()).post('/oauth/register').set('Content-Type', 'application/json')
      .send({ client_name: 'Claude', redirect_uris: ['http://127.0.0.1:33418/callback'], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] });
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      client_id: expect.stringMatching(/^cli_[0-9a-z]{24}$/), client_id_issued_at: expect.any(Number), client_name: 'Claude',
      redirect_uris: ['http://127.0.0.1:33418/callback'], token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'],
    });
    expect(Math.abs(res.body.client_id_issued_at - Date.now() / 1000)).toBeLessThan(60);
  });

  it('registers a confidential client by default (client_secret_basic) with a secret that never expires', async () => {
    const res = await http(h()).post('/oauth/register').set('Content-Type', 'application/json').send({ redirect_uris: ['https://app.example.com/cb'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ token_endpoint_auth_method: 'client_secret_basic', client_secret: expect.stringMatching(/^kbs_/), client_secret_expires_at: 0, client_name: 'Unnamed client' });
  });

  it.each([
    ['a non-loopback http URI', { redirect_uris: ['http://evil.example/cb'] }, 'invalid_redirect_uri'],
    ['a javascript: URI', { redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri'],
    ['a fragment', { redirect_uris: ['https://app.example.com/cb#x'] }, 'invalid_redirect_uri'],
    ['no redirect URI', { client_name: 'x' }, 'invalid_redirect_uri'],
    ['an unknown auth method', { redirect_uris: ['https://app.example.com/cb'], token_endpoint_auth_method: 'client_secret_jwt' }, 'invalid_client_metadata'],
    ['the implicit grant', { redirect_uris: ['https://app.example.com/cb'], grant_types: ['implicit'] }, 'invalid_client_metadata'],
  ])('refuses %s with 400 %s', async (_label, body, error) => {
    const res = await http(h()).post('/oauth/register').set('Content-Type', 'application/json').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error, error_description: expect.any(String) });
  });

  it('refuses a body that is not JSON, in OAuth terms (not the REST envelope)', async () => {
    const form = await http(h()).post('/oauth/register').type('form').send('redirect_uris=https://a.example/cb');
    expect(form.status).toBe(400);
    expect(form.body.error).toBe('invalid_client_metadata');
    const broken = await http(h()).post('/oauth/register').set('Content-Type', 'application/json').send('{"redirect_uris":');
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe('invalid_request');
  });
});

describeEachBackend('OAuth registration throttling', (h) => {
  it('limits registrations per address', async () => {
    const register = () => http(h()).post('/oauth/register').set('Content-Type', 'application/json').send({ redirect_uris: ['https://app.example.com/cb'] });
    expect((await register()).status).toBe(201);
    expect((await register()).status).toBe(201);
    const refused = await register();
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('too_many_requests');
    expect(refused.headers['retry-after']).toBeDefined();
  });
}, { oauth: { ...defaults.oauth, registrationsPerAddress: 2 } });

describeEachBackend('OAuth authorize requests', (h) => {
  const check = (parameters: Record<string, string>) => authorization(h()).check(parameters, issuerOf(h()));

  it('asks for consent, telling the client, its redirect host and the scope asked for', async () => {
    const client = await registerClient(h());
    const { challenge } = pkce();
    const parameters = authorizeParameters(client, challenge, { resource: `${issuerOf(h())}/mcp`, scope: 'pages:read' });
    expect(await check(parameters)).toEqual({
      kind: 'consent',
      request: {
        clientId: client.client_id, clientName: 'Test MCP client', redirectUri: 'http://127.0.0.1:4000/callback',
        redirectHost: '127.0.0.1:4000', requestedScope: 'read', parameters,
      },
    });
  });

  it('takes a loopback redirect URI on another port than registered (RFC 8252 §7.3)', async () => {
    const client = await registerClient(h());
    const { challenge } = pkce();
    const result = await check(authorizeParameters(client, challenge, { redirect_uri: 'http://127.0.0.1:51234/callback' }));
    expect(result).toMatchObject({ kind: 'consent', request: { redirectUri: 'http://127.0.0.1:51234/callback', redirectHost: '127.0.0.1:51234' } });
  });

  it('takes no redirect URI when exactly one is registered, and asks for one when several are', async () => {
    const one = await registerClient(h());
    const { challenge } = pkce();
    expect(await check(authorizeParameters(one, challenge, { redirect_uri: undefined }))).toMatchObject({ kind: 'consent', request: { redirectUri: 'http://127.0.0.1:4000/callback' } });
    const two = await registerClient(h(), { redirect_uris: ['https://a.example/cb', 'https://b.example/cb'] });
    expect(await check(authorizeParameters(two, challenge, { redirect_uri: undefined }))).toEqual({ kind: 'error', refusal: 'unregistered-redirect-uri' });
  });

  it('never redirects for an unknown client or an unregistered redirect URI (no open redirect)', async () => {
    const client = await registerClient(h(), { redirect_uris: ['https://app.example.com/cb'] });
    const { challenge } = pkce();
    for (const extra of [
      { client_id: 'cli_unknown' },
      { client_id: undefined },
      { redirect_uri: 'https://evil.example/cb' },
      { redirect_uri: 'https://app.example.com/cb?next=https://evil.example' },
      { redirect_uri: 'https://app.example.com/cb/..' },
      { redirect_uri: 'http://127.0.0.1:9999/cb' },
    ]) {
      // Also with every other parameter wrong: the client must not hear of it at an untrusted URI.
      const refused = { kind: 'error', refusal: 'client_id' in extra ? 'unknown-client' : 'unregistered-redirect-uri' };
      expect(await check(authorizeParameters(client, challenge, { ...extra, response_type: 'token' }))).toEqual(refused);
      expect(await authorization(h()).deny(authorizeParameters(client, challenge, extra), issuerOf(h()))).toEqual(refused);
    }
  });

  it.each([
    ['a response type other than code', { response_type: 'token' }, 'unsupported_response_type'],
    ['no response type', { response_type: undefined }, 'invalid_request'],
    ['no code challenge (PKCE required)', { code_challenge: undefined }, 'invalid_request'],
    ['the plain PKCE method', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['no PKCE method (plain by default)', { code_challenge_method: undefined }, 'invalid_request'],
    ['a malformed code challenge', { code_challenge: 'short' }, 'invalid_request'],
    ['another resource (RFC 8707)', { resource: 'https://other.example/mcp' }, 'invalid_target'],
    ['an unknown scope', { scope: 'pages:read admin' }, 'invalid_scope'],
  ])('redirects back %s with error %s, state and iss (RFC 9207)', async (_label, extra, error) => {
    const client = await registerClient(h());
    const { challenge } = pkce();
    const location = redirected(await check(authorizeParameters(client, challenge, extra)));
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:4000/callback');
    expect(Object.fromEntries(location.searchParams)).toEqual({ error, error_description: expect.any(String), state: 'st-1', iss: issuerOf(h()) });
  });

  it('refuses a parameter sent twice', async () => {
    const client = await registerClient(h());
    const { challenge } = pkce();
    const location = redirected(await check({ ...authorizeParameters(client, challenge), scope: ['pages:read', 'pages:write'] } as never));
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('iss')).toBe(issuerOf(h()));
  });

  it('redirects a denial back with access_denied, state and iss', async () => {
    const client = await registerClient(h());
    const { challenge } = pkce();
    const location = redirected(await authorization(h()).deny(authorizeParameters(client, challenge), issuerOf(h())));
    expect(Object.fromEntries(location.searchParams)).toEqual({ error: 'access_denied', error_description: expect.any(String), state: 'st-1', iss: issuerOf(h()) });
  });

  it('redirects an approval back with a code, state and iss, keeping the registered query', async () => {
    const base = await h().fresh();
    const client = await registerClient(h(), { redirect_uris: ['https://app.example.com/cb?tenant=7'] });
    const { challenge } = pkce();
    const location = redirected(await authorization(h()).approve(authorizeParameters(client, challenge), issuerOf(h()), { userId: base.ownerId, baseId: base.baseId, scope: 'read' }));
    expect(`${location.origin}${location.pathname}`).toBe('https://app.example.com/cb');
    expect(Object.fromEntries(location.searchParams)).toEqual({ tenant: '7', code: expect.stringMatching(/^kbc_[0-9A-Za-z]{43}$/), state: 'st-1', iss: issuerOf(h()) });
  });

  it('approves only for a base the user owns (checked again, never trusting the form)', async () => {
    const base = await h().fresh();
    const other = await h().fresh();
    const writer = await insertUser(h().db, base.baseId, 'writer');
    const client = await registerClient(h());
    const { challenge } = pkce();
    const approve = (userId: number, baseId: string) => authorization(h()).approve(authorizeParameters(client, challenge), issuerOf(h()), { userId, baseId, scope: 'write' });
    expect(await approve(base.ownerId, other.baseId)).toEqual({ kind: 'error', refusal: 'base-not-owned' });
    expect(await approve(writer, base.baseId)).toEqual({ kind: 'error', refusal: 'base-not-owned' });
    expect(await approve(base.ownerId, `${base.baseId} `)).toEqual({ kind: 'error', refusal: 'base-not-owned' });
    expect(await approve(base.ownerId, 'no-such-base')).toEqual({ kind: 'error', refusal: 'base-not-owned' });
    // The request itself is checked again too: a tampered form gets what check() gives.
    const tampered = await authorization(h()).approve({ ...authorizeParameters(client, challenge), redirect_uri: 'https://evil.example/cb' }, issuerOf(h()), { userId: base.ownerId, baseId: base.baseId, scope: 'write' });
    expect(tampered.kind).toBe('error');
    const plain = await authorization(h()).approve({ ...authorizeParameters(client, challenge), code_challenge_method: 'plain' }, issuerOf(h()), { userId: base.ownerId, baseId: base.baseId, scope: 'write' });
    expect(redirected(plain).searchParams.get('error')).toBe('invalid_request');
  });
});

describe('OAuth metadata with KB_PUBLIC_URL', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await createHarness('sqlite', { publicUrl: 'https://kb.example.org' });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('names that URL whatever the Host, so any cache may keep it', async () => {
    const res = await http(harness).get('/.well-known/oauth-authorization-server').set('Host', 'elsewhere.example');
    expect(res.body.issuer).toBe('https://kb.example.org');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const resource = await http(harness).get('/.well-known/oauth-protected-resource/mcp').set('Host', 'elsewhere.example');
    expect(resource.body.resource).toBe('https://kb.example.org/mcp');
    expect(resource.headers['cache-control']).toBe('public, max-age=3600');
  });
});
