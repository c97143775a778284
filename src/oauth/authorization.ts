// What the authorization endpoint decides about a request (RFC 6749 §4.1.1, PKCE, RFC 8707), for
// the consent page to act on: show an error without redirecting, redirect back, or ask the user.
import type { Scope } from '../vocabulary';

/** The authorize request's parameters as sent (query of GET /oauth/authorize, hidden fields of the consent form). */
export type AuthorizeParameters = Record<string, unknown>;

export interface ConsentRequest {
  clientId: string;
  clientName: string;
  redirectUri: string;
  /** The host (with port) of the redirect URI, shown to the user. */
  redirectHost: string;
  /** What the client asked for; the consent form preselects it. */
  requestedScope: Scope;
  /** The request's parameters to carry through the consent form unchanged. */
  parameters: Record<string, string>;
}

/** Why a request is refused on the page itself: the page words each in the reader's language. */
export type ConsentRefusal =
  | 'unknown-client'
  | 'repeated-redirect-uri'
  | 'unregistered-redirect-uri'
  | 'no-access-chosen'
  | 'base-not-owned';

export type AuthorizeCheck =
  /** client_id or redirect_uri cannot be trusted, or the answer is not one the page offered: tell the user, never redirect. */
  | { kind: 'error'; refusal: ConsentRefusal }
  /** A request error the client should hear: redirect there (error, state, iss). */
  | { kind: 'redirect'; location: string }
  | { kind: 'consent'; request: ConsentRequest };

export interface ConsentDecision {
  userId: number;
  baseId: string;
  scope: Scope;
}
