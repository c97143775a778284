// The SQL of refresh tokens, by the SHA-256 of the token.
import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import { OauthRefreshTokenEntity } from './oauth-refresh-token.entity';

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
}
