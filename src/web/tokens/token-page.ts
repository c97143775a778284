// What the token page shows, as plain functions: each token's state, the ready curl line.
import type { OwnedToken } from '../../auth/owned-tokens.service';

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
