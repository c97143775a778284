// A user's OAuth grants (one per MCP client sign-in): listed on the token page, revoked there.
import { Injectable } from '@nestjs/common';
import type { Scope } from '../vocabulary';

export interface GrantSummary {
  grantId: string;
  clientName: string;
  baseId: string;
  scope: Scope;
  createdAt: string;
  /** When one of the grant's access tokens was last used (recorded as tokens' are), else null. */
  lastUsedAt: string | null;
  revokedAt: string | null;
}

@Injectable()
export class GrantsService {
  /** The user's grants, newest first, revoked ones included. */
  async listOfUser(userId: number): Promise<GrantSummary[]> {
    void userId;
    throw new Error('scaffold');
  }

  /** Revokes the user's grant (its access and refresh tokens with it); NOT_FOUND if not theirs. */
  async revokeOfUser(userId: number, grantId: string): Promise<void> {
    void userId; void grantId;
    throw new Error('scaffold');
  }
}
