// The token and revocation endpoints over real HTTP and a real database, on each backend: code
// exchange with PKCE, single-use codes, refresh rotation with reuse detection, resource checks,
// the three client authentication methods, revocation, and the grants of the token page.
import { defaults } from '../../src/config/config';
import { AccessService } from '../../src/auth/access.service';
import { GrantsService } from '../../src/oauth/grants.service';
import { describeEachBackend, type Harness } from '../support/e2e';
import { consent, exchange, http, issuerOf, refresh, registerClient, tokenRequest, type TestClient } from './oauth-flow';

const ACCESS_SECONDS = 120;

describeEachBackend('OAuth tokens', (h) => {
  const accessOf = (token: string) => h().app.get(AccessService).forAuthorizationHeader(`Bearer ${token}`);

  async function signedIn(client?: TestClient, scope: 'read' | 'write' = 'write') {
    const base = await h().fresh();
    const c = client ?? await registerClient(h());
    const consented = await consent(h(), c, { userId: base.ownerId, baseId: base.baseId, scope });
    const res = await exchange(h(), c, consented);
    expect(res.status).toBe(200);
    return { base, client: c, consented, tokens: res.body as Record<string, any> };
  }

  it('exchanges a code for an access token (a tokens row for /mcp) and a refresh token', async () => {
    const { base, tokens } = await signedIn();
    expect(tokens).toEqual({
      access_token: expect.stringMatching(/^kbp_[0-9A-Za-z]{43}$/), token_type: 'Bearer', expires_in: ACCESS_SECONDS,
      refresh_token: expect.stringMatching(/^kbr_[0-9A-Za-z]{43}$/), scope: 'pages:read pages:write',
    });
    const access = await accessOf(tokens.access_token);
    expect(access).toMatchObject({ baseId: base.baseId, userId: base.ownerId, scope: 'write', revokedAt: null, audience: `${issuerOf(h())}/mcp`, grantId: expect.stringMatching(/^grt_/) });
    const lifetime = Date.parse(access!.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan((ACCESS_SECONDS - 30) * 1000);
    expect(lifetime).toBeLessThanOrEqual(ACCESS_SECONDS * 1000);
    // REST takes no OAuth access token (its audience is /mcp).
    expect((await base.call('get', `/bases/${base.baseId}/info`, { token: tokens.access_token })).status).toBe(401);
  });

  it('answers no-store', async () => {
    const base = await h().fresh();
    const client = await registerClient(h());
    const res = await exchange(h(), client, await consent(h(), client, { userId: base.ownerId, baseId: base.baseId }));
    expect(res.headers['cache-control']).toBe('no-store');
    const refused = await exchange(h(), client, { code: 'kbc_nope', verifier: 'x'.repeat(43), parameters: { redirect_uri: client.redirect_uris[0] } });
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('grants a read consent pages:read only', async () => {
    const { tokens } = await signedIn(undefined, 'read');
    expect(tokens.scope).toBe('pages:read');
    expect((await accessOf(tokens.access_token))?.scope).toBe('read');
  });

  it('refuses a code without its PKCE verifier, or with another', async () => {
    const base = await h().fresh();
    const client = await registerClient(h());
    const consented = await consent(h(), client, { userId: base.ownerId, baseId: base.baseId });
    const missing = await exchange(h(), client, consented, { code_verifier: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
    const wrong = await exchange(h(), client, { ...consented, verifier: 'w'.repeat(43) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });
    // The challenge itself as verifier (the plain method) is no verifier either.
    const plain = await exchange(h(), client, { ...consented, verifier: consented.parameters.code_challenge });
    expect(plain.body.error).toBe('invalid_grant');
    expect((await exchange(h(), client, consented)).status).toBe(200);
  });

  it('binds the code to the redirect URI of the authorize request', async () => {
    const base = await h().fresh();
    const client = await registerClient(h());
    const consented = await consent(h(), client, { userId: base.ownerId, baseId: base.baseId }, { redirect_uri: 'http://127.0.0.1:5001/callback' });
    for (const redirect of [undefined, 'http://127.0.0.1:4000/callback', 'http://127.0.0.1:5002/callback']) {
      const res = await exchange(h(), client, consented, { redirect_uri: redirect });
      expect({ redirect, status: res.status, error: res.body.error }).toEqual({ redirect, status: 400, error: 'invalid_grant' });
    }
    expect((await exchange(h(), client, consented, { redirect_uri: 'http://127.0.0.1:5001/callback' })).status).toBe(200);
  });

  it('binds the code to its client', async () => {
    const base = await h().fresh();
    const client = await registerClient(h());
    const thief = await registerClient(h());
    const consented = await consent(h(), client, { userId: base.ownerId, baseId: base.baseId });
    const res = await exchange(h(), thief, consented);
    expect(res.body.error).toBe('invalid_grant');
  });

  it('refuses an expired code', async () => {
    const base = await h().fresh();
    const client = await registerClient(h());
    const consented = await consent(h(), client, { userId: base.ownerId, baseId: base.baseId });
    await h().db.write((tx) => tx.query("UPDATE oauth_codes SET expires_at = '2000-01-01T00:00:00.000Z' WHERE client_id = ?", [client.client_id]));
    expect((await exchange(h(), client, consented)).body.error).toBe('invalid_grant');
  });

  it('takes a code once; a second use is refused and revokes the grant the first made', async () => {
    const { client, consented, tokens } = await signedIn();
    const again = await exchange(h(), client, consented);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    expect((await accessOf(tokens.access_token))?.revokedAt).toEqual(expect.any(String));
    expect((await refresh(h(), client, tokens.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('takes a code once under racing exchanges', async () => {
    const base = await h().fresh();
    const client = await registerClient(h());
    const consented = await consent(h(), client, { userId: base.ownerId, baseId: base.baseId });
    const answers = await Promise.all([1, 2, 3, 4].map(() => exchange(h(), client, consented)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    const winner = answers.find((res) => res.status === 200)!;
    expect((await accessOf(winner.body.access_token))?.revokedAt).toEqual(expect.any(String));
  });

  it('checks the resource (RFC 8707) at the token endpoint', async () => {
    const base = await h().fresh();
    const client = await registerClient(h());
    const consented = await consent(h(), client, { userId: base.ownerId, baseId: base.baseId });
    const other = await exchange(h(), client, consented, { resource: 'https://other.example/mcp' });
    expect(other.status).toBe(400);
    expect(other.body.error).toBe('invalid_target');
    expect((await exchange(h(), client, consented, { resource: `${issuerOf(h())}/mcp` })).status).toBe(200);
  });

  it('rotates refresh tokens: each refresh gives new tokens; the old refresh token replayed revokes the whole grant', async () => {
    const { client, tokens } = await signedIn();
    const first = await refresh(h(), client, tokens.refresh_token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: ACCESS_SECONDS, refresh_token: expect.any(String), scope: 'pages:read pages:write' });
    expect(first.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(first.body.access_token).not.toBe(tokens.access_token);
    expect((await accessOf(first.body.access_token))?.revokedAt).toBeNull();
    const second = await refresh(h(), client, first.body.refresh_token);
    expect(second.status).toBe(200);

    const replay = await refresh(h(), client, tokens.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    for (const token of [tokens.access_token, first.body.access_token, second.body.access_token]) expect((await accessOf(token))?.revokedAt).toEqual(expect.any(String));
    expect((await refresh(h(), client, second.body.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('refuses a refresh token of another client, unknown or expired', async () => {
    const { client, tokens } = await signedIn();
    const other = await registerClient(h());
    expect((await refresh(h(), other, tokens.refresh_token)).body.error).toBe('invalid_grant');
    expect((await refresh(h(), client, 'kbr_unknown')).body.error).toBe('invalid_grant');
    await h().db.write((tx) => tx.query("UPDATE oauth_refresh_tokens SET expires_at = '2000-01-01T00:00:00.000Z' WHERE used_at IS NULL"));
    expect((await refresh(h(), client, tokens.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('checks the resource at refresh', async () => {
    const { client, tokens } = await signedIn();
    const wrong = await refresh(h(), client, tokens.refresh_token, { resource: 'https://other.example/mcp' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_target');
    expect((await refresh(h(), client, tokens.refresh_token, { resource: `${issuerOf(h())}/mcp` })).status).toBe(200);
  });

  it('narrows the scope at refresh, never widens it', async () => {
    const write = await signedIn();
    const narrowed = await refresh(h(), write.client, write.tokens.refresh_token, { scope: 'pages:read' });
    expect(narrowed.body.scope).toBe('pages:read');
    expect((await accessOf(narrowed.body.access_token))?.scope).toBe('read');
    // The grant stays a write grant: the next refresh may ask for write again.
    expect((await refresh(h(), write.client, narrowed.body.refresh_token)).body.scope).toBe('pages:read pages:write');
    const read = await signedIn(undefined, 'read');
    const widened = await refresh(h(), read.client, read.tokens.refresh_token, { scope: 'pages:write' });
    expect(widened.status).toBe(400);
    expect(widened.body.error).toBe('invalid_scope');
  });

  it('refuses unknown grant types, and a grant type missing', async () => {
    const client = await registerClient(h());
    expect((await tokenRequest(h(), client, { grant_type: 'client_credentials' })).body.error).toBe('unsupported_grant_type');
    expect((await tokenRequest(h(), client, { grant_type: 'password', username: 'a', password: 'b' })).body.error).toBe('unsupported_grant_type');
    expect((await tokenRequest(h(), client, {})).body.error).toBe('invalid_request');
  });

  it('refuses JSON bodies and repeated parameters', async () => {
    const client = await registerClient(h());
    const json = await http(h()).post('/oauth/token').set('Content-Type', 'application/json').send({ grant_type: 'refresh_token', client_id: client.client_id });
    expect(json.status).toBe(400);
    expect(json.body.error).toBe('invalid_request');
    const twice = await http(h()).post('/oauth/token').type('form').send(`client_id=${client.client_id}&grant_type=refresh_token&grant_type=authorization_code`);
    expect(twice.body.error).toBe('invalid_request');
  });
}, { oauth: { ...defaults.oauth, accessTokenSeconds: ACCESS_SECONDS } });

describeEachBackend('OAuth client authentication', (h) => {
  async function codeFor(client: TestClient) {
    const base = await h().fresh();
    return consent(h(), client, { userId: base.ownerId, baseId: base.baseId });
  }
  const basicOf = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

  it.each(['none', 'client_secret_basic', 'client_secret_post'])('exchanges a code for a client of %s', async (method) => {
    const client = await registerClient(h(), { token_endpoint_auth_method: method });
    expect((await exchange(h(), client, await codeFor(client))).status).toBe(200);
  });

  it('refuses a wrong Basic secret with 401 and WWW-Authenticate: Basic', async () => {
    const client = await registerClient(h(), { token_endpoint_auth_method: 'client_secret_basic' });
    const consented = await codeFor(client);
    const res = await http(h()).post('/oauth/token').type('form').set('Authorization', basicOf(client.client_id, 'kbs_wrong'))
      .send(new URLSearchParams({ grant_type: 'authorization_code', code: consented.code, code_verifier: consented.verifier, redirect_uri: client.redirect_uris[0] }).toString());
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
    expect(res.headers['www-authenticate']).toMatch(/^Basic /);
    // The code is still good for the real client.
    expect((await exchange(h(), client, consented)).status).toBe(200);
  });

  it('refuses a wrong posted secret with 401 (no Basic challenge)', async () => {
    const client = await registerClient(h(), { token_endpoint_auth_method: 'client_secret_post' });
    const res = await exchange(h(), { ...client, client_secret: 'kbs_wrong' }, await codeFor(client));
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('holds a client to the method it registered', async () => {
    const basic = await registerClient(h(), { token_endpoint_auth_method: 'client_secret_basic' });
    // Its secret posted instead of Basic, or no secret at all.
    expect((await exchange(h(), { ...basic, token_endpoint_auth_method: 'client_secret_post' }, await codeFor(basic))).status).toBe(401);
    expect((await exchange(h(), { ...basic, token_endpoint_auth_method: 'none' }, await codeFor(basic))).status).toBe(401);
    const post = await registerClient(h(), { token_endpoint_auth_method: 'client_secret_post' });
    expect((await exchange(h(), { ...post, token_endpoint_auth_method: 'client_secret_basic' }, await codeFor(post))).status).toBe(401);
    const publicClient = await registerClient(h(), { token_endpoint_auth_method: 'none' });
    expect((await exchange(h(), { ...publicClient, token_endpoint_auth_method: 'client_secret_post', client_secret: 'anything' }, await codeFor(publicClient))).status).toBe(401);
  });

  it('refuses an unknown client, and two methods at once', async () => {
    const client = await registerClient(h(), { token_endpoint_auth_method: 'client_secret_basic' });
    const unknown = await tokenRequest(h(), { ...client, client_id: 'cli_nobody', token_endpoint_auth_method: 'none' }, { grant_type: 'refresh_token', refresh_token: 'kbr_x' });
    expect(unknown.status).toBe(401);
    const both = await http(h()).post('/oauth/token').type('form').set('Authorization', basicOf(client.client_id, client.client_secret!))
      .send(new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'kbr_x', client_id: client.client_id, client_secret: client.client_secret! }).toString());
    expect(both.status).toBe(401);
  });
});

describeEachBackend('OAuth revocation and grants', (h) => {
  const accessOf = (token: string) => h().app.get(AccessService).forAuthorizationHeader(`Bearer ${token}`);
  const grants = () => h().app.get(GrantsService);
  const revoke = (harness: Harness, client: TestClient, token: string, hint?: string) => tokenRequest(harness, client, { token, token_type_hint: hint }, '/oauth/revoke');

  async function signedIn(method = 'none') {
    const base = await h().fresh();
    const client = await registerClient(h(), { token_endpoint_auth_method: method, client_name: 'Revocable' });
    const res = await exchange(h(), client, await consent(h(), client, { userId: base.ownerId, baseId: base.baseId, scope: 'read' }));
    return { base, client, tokens: res.body as Record<string, any> };
  }

  it.each([['refresh token', 'refresh_token'], ['access token', 'access_token']])('revokes the whole grant by its %s', async (_label, which) => {
    const { client, tokens } = await signedIn('client_secret_basic');
    const res = await revoke(h(), client, tokens[which]);
    expect(res.status).toBe(200);
    expect((await accessOf(tokens.access_token))?.revokedAt).toEqual(expect.any(String));
    expect((await refresh(h(), client, tokens.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('answers 200 for an unknown token, and revokes nothing of another client', async () => {
    const { tokens } = await signedIn();
    const other = await registerClient(h());
    expect((await revoke(h(), other, 'kbr_unknown')).status).toBe(200);
    expect((await revoke(h(), other, tokens.refresh_token)).status).toBe(200);
    expect((await revoke(h(), other, tokens.access_token)).status).toBe(200);
    expect((await accessOf(tokens.access_token))?.revokedAt).toBeNull();
  });

  it('authenticates the client and wants a token', async () => {
    const { client, tokens } = await signedIn('client_secret_post');
    expect((await revoke(h(), { ...client, client_secret: 'kbs_wrong' }, tokens.refresh_token)).status).toBe(401);
    expect((await accessOf(tokens.access_token))?.revokedAt).toBeNull();
    expect((await tokenRequest(h(), client, {}, '/oauth/revoke')).body.error).toBe('invalid_request');
  });

  it('lists the user\'s grants newest first with client name, base, scope and last use, and revokes one of theirs', async () => {
    const { base, client, tokens } = await signedIn();
    const second = await exchange(h(), client, await consent(h(), client, { userId: base.ownerId, baseId: base.baseId, scope: 'write' }));
    const list = await grants().listOfUser(base.ownerId);
    expect(list).toEqual([
      { grantId: expect.stringMatching(/^grt_/), clientName: 'Revocable', baseId: base.baseId, scope: 'write', createdAt: expect.any(String), lastUsedAt: null, revokedAt: null },
      { grantId: expect.stringMatching(/^grt_/), clientName: 'Revocable', baseId: base.baseId, scope: 'read', createdAt: expect.any(String), lastUsedAt: null, revokedAt: null },
    ]);
    const [newest, oldest] = list;
    expect((await accessOf(second.body.access_token))?.grantId).toBe(newest.grantId);
    // Last use is the latest of the grant's tokens'.
    await h().db.write((tx) => tx.query("UPDATE tokens SET last_used_at = '2030-01-01T00:00:00.000Z' WHERE grant_id = ?", [oldest.grantId]));
    expect((await grants().listOfUser(base.ownerId))[1].lastUsedAt).toBe('2030-01-01T00:00:00.000Z');

    const stranger = await h().fresh();
    await expect(grants().revokeOfUser(stranger.ownerId, oldest.grantId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(grants().revokeOfUser(base.ownerId, 'grt_nothing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await accessOf(tokens.access_token))?.revokedAt).toBeNull();
    await grants().revokeOfUser(base.ownerId, oldest.grantId);
    expect((await accessOf(tokens.access_token))?.revokedAt).toEqual(expect.any(String));
    expect((await accessOf(second.body.access_token))?.revokedAt).toBeNull();
    expect((await refresh(h(), client, tokens.refresh_token)).body.error).toBe('invalid_grant');
    expect((await grants().listOfUser(base.ownerId))[1].revokedAt).toEqual(expect.any(String));
    expect(await grants().listOfUser(stranger.ownerId)).toEqual([]);
  });
});
