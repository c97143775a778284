// Revoking a grant: the grant row and every access token issued under it, in the caller's write;
// its refresh tokens die with it (each use checks the grant).
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { revokeGrantTokens } from '../auth/grant-tokens.query';
import { OauthGrantsRepository } from './oauth-grants.repository';

@Injectable()
export class GrantRevocation {
  constructor(private readonly grants: OauthGrantsRepository) {}

  async revoke(tx: EntityManager, grantId: string, at: string): Promise<void> {
    await this.grants.revoke(tx, grantId, at);
    await revokeGrantTokens(tx, grantId, at);
  }
}
