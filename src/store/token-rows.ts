// A token row as both backends select it (tokens joined with users), and its record.
import type { Base, Role } from '../domain/types.ts';
import type { TokenAccess, TokenRecord } from './store.ts';

export interface TokenRow {
  token_id: string;
  base_id: string;
  user_id: number;
  email: string;
  scope: TokenRecord['scope'];
  display_prefix: string;
  last_four: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export function toTokenRecord(row: TokenRow): TokenRecord {
  return {
    tokenId: row.token_id,
    baseId: row.base_id,
    userId: row.user_id,
    userEmail: row.email,
    scope: row.scope,
    displayPrefix: row.display_prefix,
    lastFour: row.last_four,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
}

/** A token row with its base's columns (null when the base is gone) and the user's role there. */
export interface TokenAccessRow extends TokenRow {
  access_base_id: string | null;
  base_description: string | null;
  base_view: Base['view'] | null;
  role: Role | null;
}

/** The joins a token access row selects, after the token columns. */
export const tokenAccessJoins = `, b.base_id AS access_base_id, b.description AS base_description, b.view AS base_view, m.role
  FROM tokens t JOIN users u ON u.user_id = t.user_id
  LEFT JOIN bases b ON b.base_id = t.base_id
  LEFT JOIN members m ON m.base_id = t.base_id AND m.user_id = t.user_id`;

export function toTokenAccess(row: TokenAccessRow): TokenAccess {
  const base = row.access_base_id === null
    ? null
    : { baseId: row.access_base_id, description: row.base_description!, view: row.base_view! };
  return { token: toTokenRecord(row), base, role: row.role };
}
