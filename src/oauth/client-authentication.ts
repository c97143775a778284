// What a client presents to authenticate at the token and revocation endpoints (RFC 6749 §2.3):
// HTTP Basic with its id and secret each form-urlencoded (§2.3.1), both in the body
// (client_secret_post), or only its id in the body (a public client: none). One method a request.
export type ClientAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post';
export const clientAuthMethods: readonly ClientAuthMethod[] = ['none', 'client_secret_basic', 'client_secret_post'];

export type PresentedClient =
  | { method: 'none'; clientId: string }
  | { method: 'client_secret_basic' | 'client_secret_post'; clientId: string; clientSecret: string }
  /** Nothing usable: `basicTried` asks the answer for WWW-Authenticate: Basic. */
  | { method: null; basicTried: boolean };

/** application/x-www-form-urlencoded decoding ('+' is a space); null when the percent-encoding is broken. */
function formDecoded(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** The id and secret of an `Authorization: Basic …` header, or null when it is not one or is malformed. */
export function basicCredentials(header: string): { clientId: string; clientSecret: string } | null {
  const match = /^Basic[ \t]+([A-Za-z0-9+/]+={0,2})[ \t]*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const clientId = formDecoded(decoded.slice(0, colon));
  const clientSecret = formDecoded(decoded.slice(colon + 1));
  if (!clientId || clientSecret === null) return null;
  return { clientId, clientSecret };
}

/** What the request presents: `authorization` is its Authorization header, `clientId`/`clientSecret` its body's fields. */
export function presentedClient(authorization: string | undefined, clientId: string | undefined, clientSecret: string | undefined): PresentedClient {
  if (authorization !== undefined && authorization !== '') {
    const basic = /^Basic\b/i.test(authorization) ? basicCredentials(authorization) : null;
    // Two methods at once, or a body id naming another client: refused (RFC 6749 §2.3).
    if (!basic || clientSecret !== undefined || (clientId !== undefined && clientId !== basic.clientId)) return { method: null, basicTried: true };
    return { method: 'client_secret_basic', ...basic };
  }
  if (!clientId) return { method: null, basicTried: false };
  if (clientSecret !== undefined) return { method: 'client_secret_post', clientId, clientSecret };
  return { method: 'none', clientId };
}
