// The consent form as plain functions: its own fields beside the authorize request's parameters
// (carried in hidden fields, checked again by AuthorizationService, never trusted), and where its
// answer may redirect the browser to.
import type { AuthorizeParameters } from '../../oauth/authorization';
import type { Scope } from '../../vocabulary';
import { field } from '../forms';

/** The form's own fields; every other posted field is a parameter of the authorize request. */
export const consentFields = { base: 'base', access: 'access', decision: 'decision' } as const;
const ownFields = new Set<string>(Object.values(consentFields));

export type Decision = 'allow' | 'deny';

/** The authorize request's parameters from the posted form (the hidden fields), as sent. */
export function authorizeParametersOf(body: unknown): AuthorizeParameters {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(Object.entries(body).filter(([name]) => !ownFields.has(name)));
}

/** The consent page of the same authorize request (its text parameters), to come back to. */
export function consentPathOf(parameters: AuthorizeParameters): string {
  const texts = Object.entries(parameters).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return `/oauth/authorize?${new URLSearchParams(texts)}`;
}

export function decisionOf(body: unknown): Decision | undefined {
  const decision = field(body, consentFields.decision);
  return decision === 'allow' || decision === 'deny' ? decision : undefined;
}

/** The access chosen; anything but write is read, the least. */
export function accessOf(body: unknown): Scope {
  return field(body, consentFields.access) === 'write' ? 'write' : 'read';
}

/** Schemes the browser runs or reads itself: never a redirect target (registration refuses them too). */
const browserSchemes = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'about:', 'blob:']);

/**
 * The CSP source that lets the form's answer redirect to `redirectUri`: its origin for http(s),
 * its scheme for a native app's private-use scheme (RFC 8252 §7.1); undefined for anything else.
 */
export function formTargetOf(redirectUri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return undefined;
  }
  // CSP host sources cannot name an IPv6 literal ([::1]): its scheme then, for this one page.
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.hostname.startsWith('[') ? url.protocol : url.origin;
  return /^[a-z][a-z0-9+.-]*:$/i.test(url.protocol) && !browserSchemes.has(url.protocol) ? url.protocol : undefined;
}
