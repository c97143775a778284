// The SQL of grants, with what the token page shows of each: its client's name and when one of its
// access tokens was last used.
import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import { grantLastUsedColumn } from '../auth/grant-tokens.query';
import { sql } from '../database/sql';
import type { Scope } from '../vocabulary';
import { OauthGrantEntity } from './oauth-grant.entity';

export interface GrantListRecord {
  grantId: string;
  clientName: string;
  baseId: string;
  scope: Scope;
  createdAt: string;
  /** When one of the grant's access tokens was last used (recorded as tokens' are), else null. */
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const LIST_OF_USER = sql`
  SELECT g.grant_id, c.client_name, g.base_id, g.scope, g.created_at, g.revoked_at, ${grantLastUsedColumn(sql`g.grant_id`)} AS last_used_at
  FROM oauth_grants g JOIN oauth_clients c ON c.client_id = g.client_id
  WHERE g.user_id = ? ORDER BY g.created_at DESC, g.grant_id DESC`;

@Injectable()
export class OauthGrantsRepository {
  async insert(tx: EntityManager, grant: OauthGrantEntity): Promise<void> {
    await tx.getRepository(OauthGrantEntity).insert(grant);
  }

  async find(em: EntityManager, grantId: string): Promise<OauthGrantEntity | null> {
    const grant = await em.getRepository(OauthGrantEntity).findOneBy({ grantId });
    return grant && grant.grantId === grantId ? grant : null;
  }

  /** Sets the revocation time unless the grant was revoked before. */
  async revoke(tx: EntityManager, grantId: string, at: string): Promise<void> {
    await tx.getRepository(OauthGrantEntity).update({ grantId, revokedAt: IsNull() }, { revokedAt: at });
  }

  async listOfUser(em: EntityManager, userId: number): Promise<GrantListRecord[]> {
    const rows: Record<string, string | null>[] = await em.query(LIST_OF_USER.text, [userId]);
    return rows.map((row) => ({
      grantId: String(row.grant_id),
      clientName: String(row.client_name),
      baseId: String(row.base_id),
      scope: row.scope as Scope,
      createdAt: String(row.created_at),
      lastUsedAt: row.last_used_at ?? null,
      revokedAt: row.revoked_at ?? null,
    }));
  }
}
