// The SQL of a user's own tokens, as the token page shows and revokes them: every statement
// names the user, so one user's request never reads or changes another's token.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Scope } from '../vocabulary';

/** A token as its holder sees it: never the token or its hash. */
export interface OwnedToken {
  tokenId: string;
  /** Null for a token made by kbp without --name. */
  name: string | null;
  baseId: string;
  scope: Scope;
  displayPrefix: string;
  lastFour: string;
  createdAt: string;
  expiresAt: string;
  /** Recorded at most once an hour (token-uses.ts); null until first used. */
  lastUsedAt: string | null;
  revokedAt: string | null;
}

interface OwnedTokenRow {
  token_id: string;
  name: string | null;
  base_id: string;
  scope: Scope;
  display_prefix: string;
  last_four: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

@Injectable()
export class OwnedTokensRepository {
  /** Newest first, every base. */
  async listOfUser(em: EntityManager, userId: number): Promise<OwnedToken[]> {
    const rows: OwnedTokenRow[] = await em.query(
      `SELECT token_id, name, base_id, scope, display_prefix, last_four, created_at, expires_at, last_used_at, revoked_at
       FROM tokens WHERE user_id = ? AND grant_id IS NULL ORDER BY created_at DESC, token_id DESC`,
      [userId],
    );
    return rows.map((row) => ({
      tokenId: row.token_id,
      name: row.name,
      baseId: row.base_id,
      scope: row.scope,
      displayPrefix: row.display_prefix,
      lastFour: row.last_four,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      lastUsedAt: row.last_used_at,
      revokedAt: row.revoked_at,
    }));
  }

  async isOfUser(em: EntityManager, tokenId: string, userId: number): Promise<boolean> {
    const rows: unknown[] = await em.query('SELECT token_id FROM tokens WHERE token_id = ? AND user_id = ? AND grant_id IS NULL', [tokenId, userId]);
    return rows.length > 0;
  }

  /** Sets the revocation time of the user's token unless it was revoked before. */
  async revokeOfUser(tx: EntityManager, tokenId: string, userId: number, at: string): Promise<void> {
    await tx.query('UPDATE tokens SET revoked_at = ? WHERE token_id = ? AND user_id = ? AND revoked_at IS NULL', [at, tokenId, userId]);
  }
}
