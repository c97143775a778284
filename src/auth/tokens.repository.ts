// The SQL of access tokens. Only the hash, the first eight and last four characters are stored.
import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import type { Scope } from '../vocabulary';
import { TokenEntity } from './token.entity';
import type { IssuedToken } from './tokens';

/** What a new token is for; the rest of its row comes from the issued token (tokens.ts). */
export interface TokenGrant {
  baseId: string;
  userId: number;
  scope: Scope;
  createdAt: string;
  expiresAt: string;
  /** Null when none was given (kbp token create without --name). */
  name?: string | null;
  /** An MCP client's access token: the OAuth grant it was issued under and its resource (RFC 8707). */
  grantId?: string | null;
  audience?: string | null;
}

/** A token as lists show it: with its user's address, never the token or its hash. */
export interface TokenListRecord {
  tokenId: string;
  baseId: string;
  displayPrefix: string;
  lastFour: string;
  ownerEmail: string;
  name: string | null;
  scope: Scope;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

interface TokenListRow {
  token_id: string;
  base_id: string;
  display_prefix: string;
  last_four: string;
  email: string;
  name: string | null;
  scope: Scope;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

const LIST_SQL = `
  SELECT t.token_id, t.base_id, t.display_prefix, t.last_four, u.email, t.name, t.scope, t.created_at, t.expires_at,
         t.last_used_at, t.revoked_at
  FROM tokens t JOIN users u ON u.user_id = t.user_id AND t.grant_id IS NULL`;

@Injectable()
export class TokensRepository {
  /** The row of an issued token: its id, hash and what identifies it, never the token itself. */
  async insert(tx: EntityManager, issued: IssuedToken, grant: TokenGrant): Promise<void> {
    const { tokenId, tokenHash, displayPrefix, lastFour } = issued;
    await tx.getRepository(TokenEntity).insert({
      tokenId, tokenHash, displayPrefix, lastFour, ...grant, name: grant.name ?? null, revokedAt: null, lastUsedAt: null,
      grantId: grant.grantId ?? null, audience: grant.audience ?? null,
    });
  }

  /** Oldest first; all bases, or one. */
  async list(em: EntityManager, baseId?: string): Promise<TokenListRecord[]> {
    const rows: TokenListRow[] = baseId === undefined
      ? await em.query(`${LIST_SQL} ORDER BY t.created_at, t.token_id`)
      : await em.query(`${LIST_SQL} WHERE t.base_id = ? ORDER BY t.created_at, t.token_id`, [baseId]);
    return rows.map((row) => ({
      tokenId: row.token_id,
      baseId: row.base_id,
      displayPrefix: row.display_prefix,
      lastFour: row.last_four,
      ownerEmail: row.email,
      name: row.name,
      scope: row.scope,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      lastUsedAt: row.last_used_at,
      revokedAt: row.revoked_at,
    }));
  }

  async exists(em: EntityManager, tokenId: string): Promise<boolean> {
    return em.getRepository(TokenEntity).existsBy({ tokenId });
  }

  /** Revokes every token of the user not revoked before; answers how many. */
  async revokeAllOfUser(tx: EntityManager, userId: number, at: string): Promise<number> {
    const result = await tx.getRepository(TokenEntity).update({ userId, revokedAt: IsNull() }, { revokedAt: at });
    return result.affected ?? 0;
  }

  /** Sets the revocation time unless the token was revoked before. */
  async revoke(tx: EntityManager, tokenId: string, at: string): Promise<void> {
    await tx.getRepository(TokenEntity).update({ tokenId, revokedAt: IsNull() }, { revokedAt: at });
  }
}
