// What authorizing a request finds out about its token, carried on the request to the handler.
import type { Role, Scope, View } from '../vocabulary';
import type { Sql } from '../database/sql';

/**
 * The kept access's check as part of another read: a column of its SELECT list, 1 while the kept
 * access still holds (else 0, or NULL when the token or the membership is gone), and the joins the
 * column reads, each with the parameters it takes.
 */
export interface AccessCheck {
  column: Sql;
  columnParameters: unknown[];
  joins: Sql;
  joinParameters: unknown[];
  /** The kept access the check is of: confirmed() marks it once the column said it holds. */
  confirms: KeptAccess;
}

export interface AccessBase {
  baseId: string;
  description: string;
  view: View;
  livePages: number;
  outlineVersion: number;
}

export interface Access {
  tokenId: string;
  /** The base the token is bound to. */
  baseId: string;
  userId: number;
  scope: Scope;
  expiresAt: string;
  revokedAt: string | null;
  /** The OAuth grant of an MCP client's access token; null for an API token. */
  grantId: string | null;
  /** The resource an OAuth access token was issued for (the service's /mcp URL); null for an API token. */
  audience: string | null;
  /** Null when the token's base no longer exists. */
  base: AccessBase | null;
  /** The token user's role in its base now, null when not a member. */
  role: Role | null;
  /**
   * Set when the access was answered from memory rather than read for this request (MySQL/MariaDB,
   * on a route that confirms it): the read that answers the request must confirm that it still
   * holds, in the same statement (AccessRepository.holdsCheck), or the request is authorized again.
   * An answer whose reads never confirmed it is not sent before that either (kept-access-retry.ts).
   */
  unconfirmed?: KeptAccess;
  /**
   * SQLite: the database's change stamp at which this access was read, or found kept from a read
   * at it: nothing had committed since. What the request reads may be answered from what was kept
   * at this stamp (KeptBodies.answerAt).
   */
  stamp?: number;
}

/** What a kept access was granted on: the token, its expiry and scope, and its user's role. */
export interface KeptAccess {
  tokenHash: string;
  expiresAt: string;
  scope: Scope;
  role: Role;
  /**
   * Set by confirmed() once a read of this request found it still holds. Without it the request's
   * answer does not go out on the kept access: the request is authorized afresh first, so a route
   * whose read forgot the check fails closed (kept-access-retry.ts).
   */
  confirmed?: true;
}

/**
 * Thrown by a read that finds an unconfirmed access no longer holding (or that cannot tell: no row).
 * Never reaches a client: the handler's answer (AnswerWithAccess) authorizes the request again afresh.
 */
export class KeptAccessChanged extends Error {
  override name = 'KeptAccessChanged';
}

/**
 * What a read confirming a kept access found, when its check held (or none was asked for, `check`
 * undefined); else KeptAccessChanged. `found.accessHolds` is what the check read with it said; no
 * row cannot tell, so it does not confirm either. A check that held marks its kept access confirmed.
 */
export function confirmed<T extends { accessHolds?: boolean }>(found: T | null, check: AccessCheck | undefined): T | null {
  if (!check) return found;
  if (!found?.accessHolds) throw new KeptAccessChanged();
  check.confirms.confirmed = true;
  return found;
}

declare module 'express-serve-static-core' {
  interface Request {
    access?: Access;
    /** Set when a kept access failed its confirmation: the request is authorized on a fresh read. */
    authorizeAfresh?: boolean;
    /** Set while the request stands on an unconfirmed kept access: authorizes it afresh (kept-access-retry.ts). */
    authorizeAgain?: () => Promise<unknown>;
  }
}
