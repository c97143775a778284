// The authorization endpoint's rules (RFC 6749 §4.1, OAuth 2.1): the client and its redirect URI,
// PKCE S256, the resource; on consent a single-use code bound to all of them. Until the client and
// its redirect URI are known good nothing is sent anywhere (an error for the user to read); after,
// each error goes back to the client, with `iss` (RFC 9207) on every redirect back.
import { Injectable } from '@nestjs/common';
import { MembersService } from '../auth/members.service';
import { UnitOfWork } from '../database/unit-of-work';
import { scopes, type Scope } from '../vocabulary';
import type { AuthorizeCheck, AuthorizeParameters, ConsentDecision, ConsentRequest } from './authorization';
import { OauthClientsRepository } from './oauth-clients.repository';
import { OauthCodesRepository } from './oauth-codes.repository';
import { newCode, secretHashOf } from './oauth-secrets';
import { mcpResourceOf } from './oauth-urls';
import { parseScope, requestedScope } from './oauth-scopes';
import { isCodeChallenge } from './pkce';
import { matchRedirectUri, redirectHostOf, withParameters } from './redirect-uris';

/** A code is exchanged at once by the client that asked for it: a minute is plenty. */
export const CODE_LIFETIME_MS = 60_000;
/**
 * A code stays this long past its expiry, then the client's next approve deletes it: until then
 * a late replay of a used code still finds it and revokes the grant it gave.
 */
export const CODE_KEPT_AFTER_EXPIRY_MS = 86_400_000;

/** The parameters the consent form carries through, as they were sent. */
const carried = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'resource'] as const;

/** A request that passed every check: what a code is bound to. */
interface CheckedRequest {
  consent: ConsentRequest;
  /** The redirect URI as the request named it (null: none named, the one registered is used). */
  namedRedirectUri: string | null;
  codeChallenge: string;
  resource: string;
  state: string | undefined;
}

type Checked = { kind: 'checked'; request: CheckedRequest } | Exclude<AuthorizeCheck, { kind: 'consent' }>;

@Injectable()
export class AuthorizationService {
  constructor(
    private readonly db: UnitOfWork,
    private readonly clients: OauthClientsRepository,
    private readonly codes: OauthCodesRepository,
    private readonly members: MembersService,
  ) {}

  /** What to do with an authorize request; `issuer` is the service's public URL. */
  async check(parameters: AuthorizeParameters, issuer: string): Promise<AuthorizeCheck> {
    const checked = await this.checked(parameters, issuer);
    return checked.kind === 'checked' ? { kind: 'consent', request: checked.request.consent } : checked;
  }

  /**
   * The user allowed: checks the request again and that the user owns the base, and answers the
   * redirect back with a new code (or an error redirect / error as check() does).
   */
  async approve(parameters: AuthorizeParameters, issuer: string, decision: ConsentDecision): Promise<AuthorizeCheck> {
    const checked = await this.checked(parameters, issuer);
    if (checked.kind !== 'checked') return checked;
    const { consent, namedRedirectUri, codeChallenge, resource, state } = checked.request;
    if (!(scopes as readonly string[]).includes(decision.scope)) return { kind: 'error', refusal: 'no-access-chosen' };
    const owned = await this.members.basesOwnedBy(decision.userId);
    // Compared here, in JavaScript: the database's comparison may ignore trailing spaces.
    if (!owned.includes(decision.baseId)) return { kind: 'error', refusal: 'base-not-owned' };
    const code = newCode();
    const now = Date.now();
    await this.db.write(async (tx) => {
      // Each sign-in adds a code: the client's codes long over go with it.
      await this.codes.deleteExpiredBefore(tx, consent.clientId, new Date(now - CODE_KEPT_AFTER_EXPIRY_MS).toISOString());
      await this.codes.insert(tx, {
        codeHash: secretHashOf(code),
        clientId: consent.clientId,
        userId: decision.userId,
        baseId: decision.baseId,
        scope: decision.scope,
        redirectUri: namedRedirectUri,
        codeChallenge,
        resource,
        expiresAt: new Date(now + CODE_LIFETIME_MS).toISOString(),
        usedAt: null,
        grantId: null,
      });
    });
    return { kind: 'redirect', location: withParameters(consent.redirectUri, { code, state, iss: issuer }) };
  }

  /** The user denied: the redirect back with error=access_denied (or what check() answers). */
  async deny(parameters: AuthorizeParameters, issuer: string): Promise<AuthorizeCheck> {
    const checked = await this.checked(parameters, issuer);
    if (checked.kind !== 'checked') return checked;
    const { consent, state } = checked.request;
    return {
      kind: 'redirect',
      location: withParameters(consent.redirectUri, { error: 'access_denied', error_description: 'The user denied the request.', state, iss: issuer }),
    };
  }

  private async checked(parameters: AuthorizeParameters, issuer: string): Promise<Checked> {
    const clientId = single(parameters, 'client_id');
    const client = typeof clientId === 'string' && clientId !== '' ? await this.clients.find(this.db.reader, clientId) : null;
    if (!client) return { kind: 'error', refusal: 'unknown-client' };
    const named = single(parameters, 'redirect_uri');
    if (named === null) return { kind: 'error', refusal: 'repeated-redirect-uri' };
    const redirectUri = matchRedirectUri(client.redirectUris, named);
    if (!redirectUri) return { kind: 'error', refusal: 'unregistered-redirect-uri' };

    // From here on the client hears about errors, at the redirect URI it registered.
    const stateValue = single(parameters, 'state');
    const state = typeof stateValue === 'string' ? stateValue : undefined;
    const back = (error: string, description: string): Checked => ({
      kind: 'redirect', location: withParameters(redirectUri, { error, error_description: description, state, iss: issuer }),
    });
    const values: Partial<Record<(typeof carried)[number], string>> = {};
    for (const name of carried) {
      const value = single(parameters, name);
      if (value === null) return back('invalid_request', `The parameter ${name} was sent more than once.`);
      if (value !== undefined) values[name] = value;
    }
    if (values.response_type === undefined) return back('invalid_request', 'response_type is required.');
    if (values.response_type !== 'code') return back('unsupported_response_type', 'Only response_type=code is supported.');
    if (values.code_challenge === undefined) return back('invalid_request', 'code_challenge is required (PKCE).');
    if (values.code_challenge_method !== 'S256') return back('invalid_request', 'code_challenge_method must be S256.');
    if (!isCodeChallenge(values.code_challenge)) return back('invalid_request', 'code_challenge must be the base64url SHA-256 of the code verifier.');
    const resource = mcpResourceOf(issuer);
    if (values.resource !== undefined && values.resource !== resource) return back('invalid_target', `The only resource here is ${resource}.`);
    const scope: Scope | null = parseScope(values.scope);
    if (scope === null) return back('invalid_scope', 'The scope may name only pages:read and pages:write.');
    return {
      kind: 'checked',
      request: {
        consent: {
          clientId: client.clientId,
          clientName: client.clientName,
          redirectUri,
          redirectHost: redirectHostOf(redirectUri),
          requestedScope: requestedScope(values.scope),
          parameters: values as Record<string, string>,
        },
        namedRedirectUri: named ?? null,
        codeChallenge: values.code_challenge,
        resource,
        state,
      },
    };
  }
}

/** The parameter's one text value; undefined when absent (or empty), null when sent more than once or not text. */
function single(parameters: AuthorizeParameters, name: string): string | undefined | null {
  if (!Object.hasOwn(parameters, name)) return undefined;
  const value = parameters[name];
  if (value === undefined || value === '') return undefined;
  return typeof value === 'string' ? value : null;
}
