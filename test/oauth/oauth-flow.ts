// Driving the authorization server in tests: register a client over HTTP, consent through
// AuthorizationService (as the consent page does), exchange and refresh over HTTP.
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { Harness } from '../support/e2e';
import { AuthorizationService } from '../../src/oauth/authorization.service';
import type { AuthorizeCheck } from '../../src/oauth/authorization';
import type { Scope } from '../../src/vocabulary';

export interface TestClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  token_endpoint_auth_method: string;
}

export const issuerOf = (h: Harness): string => `http://127.0.0.1:${(h.app.getHttpServer().address() as AddressInfo).port}`;
export const http = (h: Harness) => request(h.app.getHttpServer());
export const authorization = (h: Harness): AuthorizationService => h.app.get(AuthorizationService);

export async function registerClient(h: Harness, metadata: Record<string, unknown> = {}): Promise<TestClient> {
  const res = await http(h).post('/oauth/register').set('Content-Type', 'application/json')
    .send(JSON.stringify({ client_name: 'Test MCP client', redirect_uris: ['http://127.0.0.1:4000/callback'], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], ...metadata }));
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${res.text}`);
  return res.body;
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeParameters(client: TestClient, challenge: string, extra: Record<string, string | undefined> = {}): Record<string, string> {
  const all: Record<string, string | undefined> = {
    client_id: client.client_id, redirect_uri: client.redirect_uris[0], response_type: 'code', code_challenge: challenge,
    code_challenge_method: 'S256', state: 'st-1', scope: 'pages:read pages:write', ...extra,
  };
  return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The location of a redirect answer, parsed; throws on another answer. */
export function redirected(check: AuthorizeCheck): URL {
  if (check.kind !== 'redirect') throw new Error(`expected a redirect, got ${JSON.stringify(check)}`);
  return new URL(check.location);
}

export interface Consented {
  code: string;
  verifier: string;
  parameters: Record<string, string>;
}

/** Consent by the user to the base with the scope: the code of the redirect back. */
export async function consent(h: Harness, client: TestClient, user: { userId: number; baseId: string; scope?: Scope }, extra: Record<string, string | undefined> = {}): Promise<Consented> {
  const { verifier, challenge } = pkce();
  const parameters = authorizeParameters(client, challenge, extra);
  const location = redirected(await authorization(h).approve(parameters, issuerOf(h), { userId: user.userId, baseId: user.baseId, scope: user.scope ?? 'write' }));
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code in ${location.href}`);
  return { code, verifier, parameters };
}

/** A token request: form fields, with the client's authentication by its registered method. */
export function tokenRequest(h: Harness, client: TestClient, fields: Record<string, string | undefined>, path = '/oauth/token'): request.Test {
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form[name] = value;
  let req = http(h).post(path).type('form');
  if (client.token_endpoint_auth_method === 'client_secret_basic') {
    req = req.set('Authorization', `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret!)}`).toString('base64')}`);
  } else {
    form.client_id = client.client_id;
    if (client.token_endpoint_auth_method === 'client_secret_post') form.client_secret = client.client_secret!;
  }
  return req.send(new URLSearchParams(form).toString());
}

export function exchange(h: Harness, client: TestClient, consented: Consented, extra: Record<string, string | undefined> = {}): request.Test {
  return tokenRequest(h, client, {
    grant_type: 'authorization_code', code: consented.code, code_verifier: consented.verifier, redirect_uri: consented.parameters.redirect_uri, ...extra,
  });
}

export function refresh(h: Harness, client: TestClient, refreshToken: string, extra: Record<string, string | undefined> = {}): request.Test {
  return tokenRequest(h, client, { grant_type: 'refresh_token', refresh_token: refreshToken, ...extra });
}
