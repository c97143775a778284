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
