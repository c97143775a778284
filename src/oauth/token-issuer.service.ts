// The token endpoint's grants (RFC 6749 §4.1.3, §6; OAuth 2.1): a code for a grant and its first
// tokens, a refresh token for new ones. Codes and refresh tokens are single use, marked so by one
// conditional UPDATE: a second use is refused and revokes the grant (RFC 6749 §4.1.2; a replayed
// refresh token, OAuth 2.1 §4.3.1, at once, with no grace period). Revocation (RFC 7009) too.
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { deleteOverGrantTokens, grantOfToken, insertGrantToken } from '../auth/grant-tokens.query';
import { hashToken } from '../auth/tokens';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { UnitOfWork } from '../database/unit-of-work';
import { now as nowText, type Scope } from '../vocabulary';
import { GrantRevocation } from './grant-revocation';
import type { OauthClient } from './oauth-clients.repository';
import { OauthCodesRepository } from './oauth-codes.repository';
import { OAuthError, invalidGrant, invalidRequest } from './oauth-error';
import type { OauthGrantEntity } from './oauth-grant.entity';
import { OauthGrantsRepository } from './oauth-grants.repository';
import { OauthRefreshTokensRepository } from './oauth-refresh-tokens.repository';
import { oauthScopeOf, parseScope } from './oauth-scopes';
import { newGrantId, newRefreshToken, secretHashOf } from './oauth-secrets';
import { verifierMatches } from './pkce';

export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** The token request's parameters, each once (the controller refuses repeats). */
export type TokenParameters = Record<string, string | undefined>;

const invalidTarget = () => new OAuthError('invalid_target', 'The resource is not the one this grant is for.');
const invalidScope = (description: string) => new OAuthError('invalid_scope', description);

/** What a write found: the answer, or an error to send once the write (a revocation) has committed. */
type Outcome = { answer: TokenAnswer } | { refused: OAuthError } | { replayedCode: string };

@Injectable()
export class TokenIssuer {
  constructor(
    private readonly db: UnitOfWork,
    private readonly codes: OauthCodesRepository,
    private readonly grants: OauthGrantsRepository,
    private readonly refreshTokens: OauthRefreshTokensRepository,
    private readonly revocation: GrantRevocation,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async exchangeCode(client: OauthClient, parameters: TokenParameters): Promise<TokenAnswer> {
    const { code, code_verifier: verifier, redirect_uri: redirectUri, resource } = parameters;
    if (!code) throw invalidRequest('code is required.');
    if (!verifier) throw invalidRequest('code_verifier is required (PKCE).');
    const codeHash = secretHashOf(code);
    const outcome = await this.db.write(async (tx): Promise<Outcome> => {
      const row = await this.codes.find(tx, codeHash);
      if (!row || row.codeHash !== codeHash || row.clientId !== client.clientId) return { refused: invalidGrant('The code is unknown.') };
      const at = nowText();
      if (row.usedAt !== null) return { replayedCode: codeHash };
      if (row.expiresAt <= at) return { refused: invalidGrant('The code has expired.') };
      if (row.redirectUri !== null && redirectUri !== row.redirectUri) return { refused: invalidGrant('redirect_uri is not the one of the authorization request.') };
      if (!verifierMatches(verifier, row.codeChallenge)) return { refused: invalidGrant('The code_verifier does not match the code_challenge.') };
      if (resource !== undefined && resource !== row.resource) return { refused: invalidTarget() };
      if (!(await this.codes.use(tx, codeHash, at))) return { replayedCode: codeHash };
      const grant: OauthGrantEntity = {
        grantId: newGrantId(), clientId: client.clientId, userId: Number(row.userId), baseId: row.baseId,
        scope: row.scope, resource: row.resource, createdAt: at, revokedAt: null,
      };
      await this.grants.insert(tx, grant);
      await this.codes.setGrant(tx, codeHash, grant.grantId);
      return { answer: await this.issue(tx, grant, grant.scope, at) };
    });
    if ('replayedCode' in outcome) {
      // Read again in a write of its own: a racing exchange's grant is committed by now.
      await this.db.write(async (tx) => {
        const row = await this.codes.find(tx, codeHash);
        if (row?.grantId) await this.revocation.revoke(tx, row.grantId, nowText());
      });
      throw invalidGrant('The code was used before; the access it gave is revoked.');
    }
    if ('refused' in outcome) throw outcome.refused;
    return outcome.answer;
  }

  async refresh(client: OauthClient, parameters: TokenParameters): Promise<TokenAnswer> {
    const { refresh_token: token, resource, scope: scopeText } = parameters;
    if (!token) throw invalidRequest('refresh_token is required.');
    const tokenHash = secretHashOf(token);
    const outcome = await this.db.write(async (tx): Promise<Outcome> => {
      const row = await this.refreshTokens.find(tx, tokenHash);
      const grant = row && row.tokenHash === tokenHash ? await this.grants.find(tx, row.grantId) : null;
      if (!row || !grant || grant.clientId !== client.clientId) return { refused: invalidGrant('The refresh token is unknown.') };
      if (grant.revokedAt !== null) return { refused: invalidGrant('The grant of this refresh token is revoked.') };
      const at = nowText();
      const replay = async (): Promise<Outcome> => {
        await this.revocation.revoke(tx, grant.grantId, at);
        return { refused: invalidGrant('The refresh token was used before; the grant is revoked.') };
      };
      if (row.usedAt !== null) return replay();
      if (row.expiresAt <= at) return { refused: invalidGrant('The refresh token has expired.') };
      if (resource !== undefined && resource !== grant.resource) return { refused: invalidTarget() };
      let scope: Scope = grant.scope;
      if (scopeText !== undefined) {
        const asked = parseScope(scopeText);
        if (asked === null) return { refused: invalidScope('The scope may name only pages:read and pages:write.') };
        if (asked === 'write' && grant.scope !== 'write') return { refused: invalidScope('The grant does not include pages:write.') };
        scope = asked;
      }
      if (!(await this.refreshTokens.use(tx, tokenHash, at))) return replay();
      const answer = await this.issue(tx, grant, scope, at);
      // Each refresh adds a refresh token and an access token: the grant's expired ones go with it.
      await this.refreshTokens.deleteOver(tx, grant.grantId, at);
      await deleteOverGrantTokens(tx, grant.grantId, at);
      return { answer };
    });
    if ('refused' in outcome) throw outcome.refused;
    if ('replayedCode' in outcome) throw invalidGrant('The refresh token is unknown.');
    return outcome.answer;
  }

  /** RFC 7009: a refresh token or an access token of the client's grant revokes the grant; anything else is ignored. */
  async revoke(client: OauthClient, token: string): Promise<void> {
    const tokenHash = hashToken(token);
    await this.db.write(async (tx) => {
      const refresh = await this.refreshTokens.find(tx, tokenHash);
      const grantId = refresh && refresh.tokenHash === tokenHash ? refresh.grantId : await grantOfToken(tx, tokenHash);
      const grant = grantId ? await this.grants.find(tx, grantId) : null;
      if (grant && grant.clientId === client.clientId) await this.revocation.revoke(tx, grant.grantId, nowText());
    });
  }

  /** A new access token (with `scope`, at most the grant's) and refresh token of the grant. */
  private async issue(tx: EntityManager, grant: OauthGrantEntity, scope: Scope, at: string): Promise<TokenAnswer> {
    const { accessTokenSeconds, refreshTokenDays } = this.config.oauth;
    const start = Date.parse(at);
    const accessToken = await insertGrantToken(tx, {
      grantId: grant.grantId, audience: grant.resource, baseId: grant.baseId, userId: Number(grant.userId), scope,
      createdAt: at, expiresAt: new Date(start + accessTokenSeconds * 1000).toISOString(),
    });
    const refreshToken = newRefreshToken();
    await this.refreshTokens.insert(tx, {
      tokenHash: secretHashOf(refreshToken), grantId: grant.grantId, createdAt: at,
      expiresAt: new Date(start + refreshTokenDays * 86_400_000).toISOString(), usedAt: null,
    });
    return { access_token: accessToken, token_type: 'Bearer', expires_in: accessTokenSeconds, refresh_token: refreshToken, scope: oauthScopeOf(scope) };
  }
}
