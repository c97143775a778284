// The session cookie: the 32 random bytes of a session (only their hash is stored), HttpOnly,
// SameSite=Lax, and Secure with the __Host- prefix when the service is reached over https.
import type { Request, Response } from 'express';

const PLAIN_NAME = 'kb_session';
const SECURE_NAME = '__Host-kb_session';

export interface CookiePolicy {
  secure: boolean;
  /** How long the browser keeps it: the session's absolute lifetime. */
  maxAgeSeconds: number;
}

export function cookieName(policy: Pick<CookiePolicy, 'secure'>): string {
  return policy.secure ? SECURE_NAME : PLAIN_NAME;
}

/** The value of the cookie named `name` in a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

export function readSessionCookie(request: Request, policy: CookiePolicy): string | undefined {
  return cookieValue(request.headers.cookie, cookieName(policy));
}

export function setSessionCookie(response: Response, value: string, policy: CookiePolicy): void {
  response.cookie(cookieName(policy), value, {
    httpOnly: true, sameSite: 'lax', secure: policy.secure, path: '/', maxAge: policy.maxAgeSeconds * 1000,
  });
}

export function clearSessionCookie(response: Response, policy: CookiePolicy): void {
  response.clearCookie(cookieName(policy), { httpOnly: true, sameSite: 'lax', secure: policy.secure, path: '/' });
}
