// The authorization endpoint's rules (RFC 6749 §4.1, OAuth 2.1): the client and its redirect URI,
// PKCE S256, the resource; on consent a single-use code bound to all of them.
import { Injectable } from '@nestjs/common';
import type { AuthorizeCheck, AuthorizeParameters, ConsentDecision } from './authorization';

@Injectable()
export class AuthorizationService {
  /** What to do with an authorize request; `issuer` is the service's public URL. */
  async check(parameters: AuthorizeParameters, issuer: string): Promise<AuthorizeCheck> {
    void parameters; void issuer;
    throw new Error('scaffold');
  }

  /**
   * The user allowed: checks the request again and that the user owns the base, and answers the
   * redirect back with a new code (or an error redirect / error as check() does).
   */
  async approve(parameters: AuthorizeParameters, issuer: string, decision: ConsentDecision): Promise<AuthorizeCheck> {
    void parameters; void issuer; void decision;
    throw new Error('scaffold');
  }

  /** The user denied: the redirect back with error=access_denied (or what check() answers). */
  async deny(parameters: AuthorizeParameters, issuer: string): Promise<AuthorizeCheck> {
    void parameters; void issuer;
    throw new Error('scaffold');
  }
}
