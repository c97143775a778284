// Redirect URIs: which a client may register (RFC 7591 §2, RFC 8252 §7, OAuth 2.1 §2.3) and which
// registered one an authorize request names. Matching is by exact string, except that a loopback
// http URI matches on any port (RFC 8252 §7.3: a native client listens on a port it gets at run
// time), whatever application_type the client sent, since MCP clients send none.

/** Schemes that run or read something in the browser itself: never a place to send a code. */
const refusedSchemes = new Set(['javascript', 'data', 'file', 'vbscript', 'about', 'blob']);
const loopbackHosts = new Set(['127.0.0.1', '[::1]', 'localhost']);
export const MAX_REDIRECT_URI_LENGTH = 2000;

/** The URI parsed, or null when it is not an absolute URI without a fragment and without spaces or control characters. */
function parsed(uri: string): URL | null {
  // A fragment is refused even empty: URL drops an empty `#`, so the text is looked at.
  if (uri.length > MAX_REDIRECT_URI_LENGTH || uri.includes('#') || /[\s\u0000-\u001f\u007f]/.test(uri)) return null;
  try {
    return new URL(uri);
  } catch {
    return null;
  }
}

const schemeOf = (url: URL): string => url.protocol.slice(0, -1).toLowerCase();
const isLoopbackHttp = (url: URL): boolean => schemeOf(url) === 'http' && loopbackHosts.has(url.hostname.toLowerCase());

/** Why the URI cannot be registered, or null when it can. */
export function redirectUriProblem(uri: unknown): string | null {
  if (typeof uri !== 'string') return 'Each redirect URI must be a string.';
  const url = parsed(uri);
  if (!url) return `The redirect URI "${uri.slice(0, 200)}" is not an absolute URI without a fragment.`;
  if (url.username || url.password) return `The redirect URI "${uri}" must not carry user information.`;
  const scheme = schemeOf(url);
  if (scheme === 'https') return url.hostname ? null : `The redirect URI "${uri}" has no host.`;
  if (scheme === 'http') return isLoopbackHttp(url) ? null : `The redirect URI "${uri}" must use https, or http on a loopback address (127.0.0.1, [::1], localhost).`;
  if (refusedSchemes.has(scheme) || scheme === 'ws' || scheme === 'wss') return `The redirect URI "${uri}" uses the scheme "${scheme}", which is not allowed.`;
  // A private-use scheme of a native app (RFC 8252 §7.1).
  return null;
}

/** The two loopback http URIs are the same but for the port. */
function sameButPort(registered: URL, requested: URL): boolean {
  return isLoopbackHttp(registered) && isLoopbackHttp(requested)
    && registered.hostname.toLowerCase() === requested.hostname.toLowerCase()
    && registered.pathname === requested.pathname && registered.search === requested.search
    && !requested.username && !requested.password;
}

/**
 * The redirect URI the request goes back to: `requested` when registered (or a loopback one
 * registered on another port), the one registered when none was requested and there is exactly
 * one; else null, and then nothing may be sent there.
 */
export function matchRedirectUri(registered: readonly string[], requested: string | undefined): string | null {
  if (requested === undefined) return registered.length === 1 ? registered[0] : null;
  if (registered.includes(requested)) return requested;
  const url = parsed(requested);
  if (!url || !isLoopbackHttp(url)) return null;
  return registered.some((each) => {
    const candidate = parsed(each);
    return candidate !== null && sameButPort(candidate, url);
  }) ? requested : null;
}

/** What the consent page shows of where the client is: host and port, or the private-use scheme. */
export function redirectHostOf(uri: string): string {
  const url = new URL(uri);
  return url.host || `${url.protocol}`;
}

/** `uri` with the parameters added to its query (which it may have already), in order. */
export function withParameters(uri: string, parameters: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) query.append(name, value);
  return `${uri}${uri.includes('?') ? '&' : '?'}${query.toString()}`;
}
