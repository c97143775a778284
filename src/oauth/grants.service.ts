// A user's OAuth grants (one per MCP client sign-in): listed on the token page, revoked there.
import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { notFound } from '../errors/domain-error';
import { now } from '../vocabulary';
import { GrantRevocation } from './grant-revocation';
import { OauthGrantsRepository, type GrantListRecord } from './oauth-grants.repository';

export type GrantSummary = GrantListRecord;

@Injectable()
export class GrantsService {
  constructor(
    private readonly db: UnitOfWork,
    private readonly grants: OauthGrantsRepository,
    private readonly revocation: GrantRevocation,
  ) {}

  /** The user's grants, newest first, revoked ones included. */
  async listOfUser(userId: number): Promise<GrantSummary[]> {
    return this.grants.listOfUser(this.db.reader, userId);
  }

  /** Revokes the user's grant (its access and refresh tokens with it); NOT_FOUND if not theirs. */
  async revokeOfUser(userId: number, grantId: string): Promise<void> {
    await this.db.write(async (tx) => {
      const grant = await this.grants.find(tx, grantId);
      if (!grant || grant.userId !== userId) throw notFound('No such grant of yours.');
      await this.revocation.revoke(tx, grantId, now());
    });
  }
}
