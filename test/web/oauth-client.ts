// An MCP client's side of the OAuth sign-in, as plain HTTP calls to the service's own endpoints:
// register (RFC 7591), the authorize URL with PKCE S256, the code exchange. For tests of the
// consent page; the endpoints' own rules are tested in test/oauth.
import { createHash, randomBytes } from 'node:crypto';

export interface RegisteredClient {
  clientId: string;
  redirectUri: string;
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function newPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Registers a public client (no secret, as MCP clients do) with one redirect URI. */
export async function registerClient(serviceUrl: string, clientName: string, redirectUri: string): Promise<RegisteredClient> {
  const response = await fetch(`${serviceUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: clientName, redirect_uris: [redirectUri], token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'],
    }),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`registration: ${response.status} ${text}`);
  return { clientId: (JSON.parse(text) as { client_id: string }).client_id, redirectUri };
}

/** The path and query of an authorize request (GET /oauth/authorize?…) of `client`. */
export function authorizePath(client: RegisteredClient, pkce: Pkce, options: { state?: string; scope?: string; extra?: Record<string, string> } = {}): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    state: options.state ?? randomBytes(8).toString('hex'),
    ...(options.scope === undefined ? {} : { scope: options.scope }),
    ...options.extra,
  });
  return `/oauth/authorize?${query.toString()}`;
}

export interface TokenAnswer {
  status: number;
  body: { access_token?: string; refresh_token?: string; scope?: string; error?: string };
}

/** POST /oauth/token with `fields` (form-encoded), as a public client. */
export async function tokenRequest(serviceUrl: string, fields: Record<string, string>): Promise<TokenAnswer> {
  const response = await fetch(`${serviceUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

/** Exchanges the code of a redirect back (its full URL) for tokens. */
export function exchangeCode(serviceUrl: string, client: RegisteredClient, pkce: Pkce, redirectedTo: string): Promise<TokenAnswer> {
  const code = new URL(redirectedTo).searchParams.get('code') ?? '';
  return tokenRequest(serviceUrl, {
    grant_type: 'authorization_code', code, redirect_uri: client.redirectUri, code_verifier: pkce.verifier, client_id: client.clientId,
  });
}
