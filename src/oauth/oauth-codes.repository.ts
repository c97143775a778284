// The SQL of authorization codes, by the SHA-256 of the code.
import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import { sql } from '../database/sql';
import { runLater } from '../database/statement-pipeline';
import { OauthCodeEntity } from './oauth-code.entity';

/** A client's codes that expired before a time (by the client_id index). */
const DELETE_EXPIRED_BEFORE = sql`DELETE FROM oauth_codes WHERE client_id = ? AND expires_at <= ?`;

@Injectable()
export class OauthCodesRepository {
  async insert(tx: EntityManager, code: OauthCodeEntity): Promise<void> {
    await tx.getRepository(OauthCodeEntity).insert(code);
  }

  async find(em: EntityManager, codeHash: string): Promise<OauthCodeEntity | null> {
    return em.getRepository(OauthCodeEntity).findOneBy({ codeHash });
  }

  /** Marks the code used unless it was before; whether this call did (one statement: a code is used once, even by racing requests). */
  async use(tx: EntityManager, codeHash: string, at: string): Promise<boolean> {
    const result = await tx.getRepository(OauthCodeEntity).update({ codeHash, usedAt: IsNull() }, { usedAt: at });
    return result.affected === 1;
  }

  async setGrant(tx: EntityManager, codeHash: string, grantId: string): Promise<void> {
    await tx.getRepository(OauthCodeEntity).update({ codeHash }, { grantId });
  }

  /** Deletes the client's codes that expired by `before`, used or not. */
  async deleteExpiredBefore(tx: EntityManager, clientId: string, before: string): Promise<void> {
    await runLater(tx, DELETE_EXPIRED_BEFORE, [clientId, before]);
  }
}
