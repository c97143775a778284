// What the token page shows, as plain functions: each token's and MCP client's state, the ready
// curl line and MCP client configuration.
import type { OwnedToken } from '../../auth/owned-tokens.service';
import type { GrantSummary } from '../../oauth/grants.service';
import { mcpResourceOf } from '../../oauth/oauth-urls';

export interface TokenForm {
  name: string;
  base: string;
  scope: string;
  expires: number;
}

export type TokenStatus = 'statusActive' | 'statusRevoked' | 'statusExpired';

export function statusOf(token: Pick<OwnedToken, 'revokedAt' | 'expiresAt'>, now: Date): TokenStatus {
  if (token.revokedAt) return 'statusRevoked';
  return Date.parse(token.expiresAt) <= now.getTime() ? 'statusExpired' : 'statusActive';
}

export function listedTokens(tokens: OwnedToken[], now: Date): Array<OwnedToken & { status: TokenStatus }> {
  return tokens.map((token) => ({ ...token, status: statusOf(token, now) }));
}

/** A shell line that lists the base's pages with the token (single quotes: nothing in it expands). */
export function curlLine(origin: string, baseId: string, token: string): string {
  return `curl -H 'Authorization: Bearer ${token}' '${origin}/api/v1/bases/${encodeURIComponent(baseId)}/pages'`;
}

/** The address MCP clients connect to. */
export function mcpUrlOf(publicUrl: string): string {
  return mcpResourceOf(publicUrl);
}

/**
 * A ready MCP client configuration (the "mcpServers" form most clients read) for a client that
 * sends the token as a bearer header; named after the base, so several bases can sit side by side.
 */
export function mcpClientConfig(publicUrl: string, baseId: string, token: string): string {
  const server = { type: 'http', url: mcpUrlOf(publicUrl), headers: { Authorization: `Bearer ${token}` } };
  return JSON.stringify({ mcpServers: { [`kb-pages-${baseId}`]: server } }, null, 2);
}

export type GrantStatus = 'statusActive' | 'statusRevoked';

export function listedGrants(grants: GrantSummary[]): Array<GrantSummary & { status: GrantStatus }> {
  return grants.map((grant) => ({ ...grant, status: grant.revokedAt ? 'statusRevoked' : 'statusActive' }));
}
