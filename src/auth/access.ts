// What authorizing a request finds out about its token, carried on the request to the handler.
import type { Role, Scope, View } from '../vocabulary';

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
  /** Null when the token's base no longer exists. */
  base: AccessBase | null;
  /** The token user's role in its base now, null when not a member. */
  role: Role | null;
}

declare module 'express-serve-static-core' {
  interface Request {
    access?: Access;
  }
}
