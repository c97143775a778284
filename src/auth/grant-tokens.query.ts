// The access tokens of OAuth grants, as the oauth module issues, finds, revokes and deletes them:
// rows of tokens (grant_id, audience), so one token check authorizes API and MCP clients alike. The
// auth module builds these statements, so the SQL of its table stays in its files.
import type { EntityManager } from 'typeorm';
import { sql, type Sql } from '../database/sql';
import { query, runLater } from '../database/statement-pipeline';
import type { Scope } from '../vocabulary';
import { TokenEntity } from './token.entity';
import { issueToken } from './tokens';

export interface GrantTokenRequest {
  grantId: string;
  /** The resource (RFC 8707) the token is for. */
  audience: string;
  baseId: string;
  userId: number;
  scope: Scope;
  createdAt: string;
  expiresAt: string;
}

/** Issues an access token of the grant in the caller's write; answers the token itself (only its hash is stored). */
export async function insertGrantToken(tx: EntityManager, request: GrantTokenRequest): Promise<string> {
  const issued = issueToken();
  await tx.getRepository(TokenEntity).insert({
    tokenId: issued.tokenId, tokenHash: issued.tokenHash, displayPrefix: issued.displayPrefix, lastFour: issued.lastFour,
    ...request, name: null, revokedAt: null, lastUsedAt: null,
  });
  return issued.token;
}

/** Revokes every token of the grant not revoked before. */
export async function revokeGrantTokens(tx: EntityManager, grantId: string, at: string): Promise<void> {
  await tx.query('UPDATE tokens SET revoked_at = ? WHERE grant_id = ? AND revoked_at IS NULL', [at, grantId]);
}

/** The grant of the token whose hash is `tokenHash`, or null (an API token, or no such token). */
export async function grantOfToken(em: EntityManager, tokenHash: string): Promise<string | null> {
  const rows: { grant_id: string | null }[] = await em.query('SELECT grant_id FROM tokens WHERE token_hash = ?', [tokenHash]);
  return rows[0]?.grant_id ?? null;
}

// The grant's "last used" is the greatest last_used_at of its tokens (grantLastUsedColumn): the token
// that holds it stays, expired or not. Found first, as MySQL refuses a DELETE reading its own table.
const LAST_USED_OF_GRANT = sql`SELECT token_id FROM tokens WHERE grant_id = ? AND last_used_at IS NOT NULL ORDER BY last_used_at DESC LIMIT 1`;
const DELETE_OVER = sql`DELETE FROM tokens WHERE grant_id = ? AND expires_at <= ?`;
const DELETE_OVER_BUT = sql`${DELETE_OVER} AND token_id <> ?`;

/** Deletes the grant's access tokens expired by `now`, but the one its "last used" comes from: rows do not pile up at each refresh. */
export async function deleteOverGrantTokens(tx: EntityManager, grantId: string, now: string): Promise<void> {
  const rows: { token_id: string }[] = await query(tx, LAST_USED_OF_GRANT, [grantId]);
  const kept = rows[0]?.token_id;
  if (kept === undefined) await runLater(tx, DELETE_OVER, [grantId, now]);
  else await runLater(tx, DELETE_OVER_BUT, [grantId, now, kept]);
}

/** When a token of the grant whose id is `grantIdColumn` was last used: a column of the caller's SELECT. */
export function grantLastUsedColumn(grantIdColumn: Sql): Sql {
  return sql`(SELECT MAX(t.last_used_at) FROM tokens t WHERE t.grant_id = ${grantIdColumn})`;
}
