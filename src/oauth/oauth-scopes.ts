// The OAuth scopes of an MCP client's grant, and the token scopes (read, write) they stand for.
// pages:write includes pages:read: a write grant's token answers with both.
import type { Scope } from '../vocabulary';

export const PAGES_READ = 'pages:read';
export const PAGES_WRITE = 'pages:write';
export const oauthScopes = [PAGES_READ, PAGES_WRITE] as const;

/** The scope string a token answer and the metadata give for a token scope. */
export function oauthScopeOf(scope: Scope): string {
  return scope === 'write' ? `${PAGES_READ} ${PAGES_WRITE}` : PAGES_READ;
}

/**
 * The token scope a requested scope string asks for (space-separated, RFC 6749 §3.3): write when it
 * names pages:write, else read. Unknown words are ignored (the consent decides what is granted).
 */
export function requestedScope(scope: string | undefined): Scope {
  return (scope ?? '').split(' ').includes(PAGES_WRITE) ? 'write' : 'read';
}

/**
 * The token scope of a scope parameter when every word is one of ours (absent or blank: read),
 * else null (invalid_scope). Stricter than requestedScope: for the authorize and token endpoints.
 */
export function parseScope(scope: string | undefined): Scope | null {
  const words = (scope ?? '').split(' ').filter((word) => word !== '');
  if (words.some((word) => !(oauthScopes as readonly string[]).includes(word))) return null;
  return words.includes(PAGES_WRITE) ? 'write' : 'read';
}
