// Authenticates the client of a token or revocation request by the method it registered: a
// public client by its id alone, a confidential one by its secret, Basic or in the body as it chose.
import { Injectable } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { UnitOfWork } from '../database/unit-of-work';
import type { PresentedClient } from './client-authentication';
import { OauthClientsRepository, type OauthClient } from './oauth-clients.repository';
import { invalidClient } from './oauth-error';
import { secretHashOf } from './oauth-secrets';

@Injectable()
export class ClientAuthenticator {
  constructor(
    private readonly db: UnitOfWork,
    private readonly clients: OauthClientsRepository,
  ) {}

  /** The client, or 401 invalid_client (with WWW-Authenticate: Basic when Basic was tried). */
  async authenticate(presented: PresentedClient): Promise<OauthClient> {
    if (presented.method === null) throw invalidClient(presented.basicTried);
    const basicTried = presented.method === 'client_secret_basic';
    const client = await this.clients.find(this.db.reader, presented.clientId);
    if (!client || client.tokenEndpointAuthMethod !== presented.method) throw invalidClient(basicTried);
    if (presented.method !== 'none' && !secretMatches(presented.clientSecret, client.secretHash)) throw invalidClient(basicTried);
    return client;
  }
}

function secretMatches(secret: string, storedHash: string | null): boolean {
  if (storedHash === null) return false;
  return timingSafeEqual(Buffer.from(secretHashOf(secret)), Buffer.from(storedHash));
}
