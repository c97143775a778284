// Dynamic client registration (RFC 7591): checked metadata in, a client id (and a secret unless the
// client is public) out. The secret is shown once and stored only as its SHA-256.
import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { now } from '../vocabulary';
import { CODE_KEPT_AFTER_EXPIRY_MS } from './authorization.service';
import { checkClientMetadata } from './client-metadata';
import { OauthClientsRepository } from './oauth-clients.repository';
import { OAuthError } from './oauth-error';
import { newClientId, newClientSecret, secretHashOf } from './oauth-secrets';

/**
 * Registration is open to anyone, so clients nobody signs in with pile up: one with no grant and no
 * code but some a day past expiry (a sign-in never finished) this long after it registered is
 * deleted with those codes, at a later registration. Its id, sent after that, is unknown, as one
 * never registered.
 */
const UNUSED_CLIENT_KEPT_MS = 30 * 86_400_000;
/** Deleted per registration at most, so its write stays small; more than the one it adds, so a backlog shrinks. */
const UNUSED_CLIENTS_PER_REGISTRATION = 20;

export interface RegisteredClient {
  client_id: string;
  client_secret?: string;
  client_id_issued_at: number;
  client_secret_expires_at?: 0;
  client_name: string;
  redirect_uris: string[];
  token_endpoint_auth_method: string;
  grant_types: string[];
  response_types: string[];
}

@Injectable()
export class ClientRegistration {
  constructor(
    private readonly db: UnitOfWork,
    private readonly clients: OauthClientsRepository,
  ) {}

  async register(body: unknown): Promise<RegisteredClient> {
    const checked = checkClientMetadata(body);
    if ('error' in checked) throw new OAuthError(checked.error, checked.description);
    const metadata = checked.ok;
    const clientId = newClientId();
    const secret = metadata.tokenEndpointAuthMethod === 'none' ? null : newClientSecret();
    const createdAt = now();
    const unusedBefore = new Date(Date.parse(createdAt) - UNUSED_CLIENT_KEPT_MS).toISOString();
    const codesOverBefore = new Date(Date.parse(createdAt) - CODE_KEPT_AFTER_EXPIRY_MS).toISOString();
    await this.db.write(async (tx) => {
      await this.clients.deleteUnused(tx, unusedBefore, codesOverBefore, UNUSED_CLIENTS_PER_REGISTRATION);
      await this.clients.insert(tx, {
        clientId,
        secretHash: secret === null ? null : secretHashOf(secret),
        clientName: metadata.clientName,
        redirectUris: metadata.redirectUris,
        tokenEndpointAuthMethod: metadata.tokenEndpointAuthMethod,
        createdAt,
      });
    });
    return {
      client_id: clientId,
      ...(secret === null ? {} : { client_secret: secret, client_secret_expires_at: 0 as const }),
      client_id_issued_at: Math.floor(Date.parse(createdAt) / 1000),
      client_name: metadata.clientName,
      redirect_uris: metadata.redirectUris,
      token_endpoint_auth_method: metadata.tokenEndpointAuthMethod,
      grant_types: metadata.grantTypes,
      response_types: metadata.responseTypes,
    };
  }
}
