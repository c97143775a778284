// The SQL of refresh tokens, by the SHA-256 of the token.
import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import { sql } from '../database/sql';
import { runLater } from '../database/statement-pipeline';
import { OauthRefreshTokenEntity } from './oauth-refresh-token.entity';

/** A grant's refresh tokens past their life (by oauth_refresh_tokens_of_grant): refused as expired before, as unknown once gone. */
const DELETE_OVER = sql`DELETE FROM oauth_refresh_tokens WHERE grant_id = ? AND expires_at <= ?`;

@Injectable()
export class OauthRefreshTokensRepository {
  async insert(tx: EntityManager, token: OauthRefreshTokenEntity): Promise<void> {
    await tx.getRepository(OauthRefreshTokenEntity).insert(token);
  }

  async find(em: EntityManager, tokenHash: string): Promise<OauthRefreshTokenEntity | null> {
    return em.getRepository(OauthRefreshTokenEntity).findOneBy({ tokenHash });
  }

  /** Marks the token used unless it was before; whether this call did (one statement: rotation holds under races). */
  async use(tx: EntityManager, tokenHash: string, at: string): Promise<boolean> {
    const result = await tx.getRepository(OauthRefreshTokenEntity).update({ tokenHash, usedAt: IsNull() }, { usedAt: at });
    return result.affected === 1;
  }

  /** Deletes the grant's refresh tokens expired by `now`, used or not. */
  async deleteOver(tx: EntityManager, grantId: string, now: string): Promise<void> {
    await runLater(tx, DELETE_OVER, [grantId, now]);
  }
}
