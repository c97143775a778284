// A token row as both backends select it (tokens joined with users), and its record.
import type { TokenRecord } from './store.ts';

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
