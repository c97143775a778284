// The SQL of registered clients.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ClientAuthMethod } from './client-authentication';
import { OauthClientEntity } from './oauth-client.entity';

export interface OauthClient {
  clientId: string;
  secretHash: string | null;
  clientName: string;
  redirectUris: string[];
  tokenEndpointAuthMethod: ClientAuthMethod;
  createdAt: string;
}

@Injectable()
export class OauthClientsRepository {
  async insert(tx: EntityManager, client: OauthClient): Promise<void> {
    await tx.getRepository(OauthClientEntity).insert({ ...client, redirectUris: JSON.stringify(client.redirectUris) });
  }

  /** The client of exactly this id (MariaDB's collation ignores trailing spaces: the row must name it as given), or null. */
  async find(em: EntityManager, clientId: string): Promise<OauthClient | null> {
    const row = await em.getRepository(OauthClientEntity).findOneBy({ clientId });
    if (!row || row.clientId !== clientId) return null;
    return { ...row, redirectUris: JSON.parse(row.redirectUris) as string[] };
  }
}
