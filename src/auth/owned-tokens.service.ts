// Tokens as their holder manages them on the token page: a signed-in user lists, creates and
// revokes their own tokens. The server decides what a user may do, never the form: a token is made
// only for a base the user owns, checked inside the write that makes it; a revoke names the user.
import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { badRequest, forbidden } from '../errors/domain-error';
import { now, oneOf, scopes, type Scope } from '../vocabulary';
import { MembersRepository } from './members.repository';
import { OwnedTokensRepository, type OwnedToken } from './owned-tokens.repository';
import { checkTokenName } from './token-name';
import { issueToken } from './tokens';
import { TokensRepository } from './tokens.repository';
import type { CreatedToken } from './tokens.service';

export type { OwnedToken } from './owned-tokens.repository';

/** The lifetimes the token page offers, in days; 30 is its default. */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export type TokenExpiryDays = (typeof TOKEN_EXPIRY_DAYS)[number];
export const DEFAULT_TOKEN_EXPIRY_DAYS: TokenExpiryDays = 30;

const DAY_MS = 86_400_000;

export interface NewOwnedTokenInput {
  userId: number;
  /** 1 to 100 characters once trimmed. */
  name: string;
  /** A base the user owns. */
  baseId: string;
  /** read, or write (read and write). */
  scope: string;
  /** One of TOKEN_EXPIRY_DAYS (a form's string of digits is taken too). */
  expiresInDays: TokenExpiryDays | number | string;
}

/** The new token, shown once, with what it was made for. */
export interface CreatedOwnedToken extends CreatedToken {
  name: string;
  baseId: string;
  scope: Scope;
}

@Injectable()
export class OwnedTokensService {
  constructor(
    private readonly db: UnitOfWork,
    private readonly owned: OwnedTokensRepository,
    private readonly tokens: TokensRepository,
    private readonly members: MembersRepository,
  ) {}

  /** The user's tokens, newest first, of every base, made on the page or by kbp; revoked and expired ones too. */
  listOfUser(userId: number): Promise<OwnedToken[]> {
    return this.owned.listOfUser(this.db.reader, userId);
  }

  /**
   * Makes a token for a base the user owns: BAD_REQUEST naming the field for a bad name, scope or
   * expiry; FORBIDDEN when the user is not an owner of the base (or it does not exist: the answer
   * tells nothing about bases the user cannot see). `clock` is the creation time (tests pin it).
   */
  async createForUser(input: NewOwnedTokenInput, clock = new Date()): Promise<CreatedOwnedToken> {
    const name = checkTokenName(input.name);
    const scope = oneOf<Scope>(scopes, String(input.scope), 'scope');
    const days = expiryDays(input.expiresInDays);
    const baseId = String(input.baseId);
    const issued = issueToken();
    const expiresAt = new Date(clock.getTime() + days * DAY_MS).toISOString();
    await this.db.write(async (tx) => {
      // In the write, so the role checked is the role when the token is made.
      if (!(await this.members.isOwner(tx, baseId, input.userId))) {
        throw forbidden('A token can be made only for a knowledge base you own.');
      }
      await this.tokens.insert(tx, issued, {
        name, baseId, userId: input.userId, scope, createdAt: clock.toISOString(), expiresAt,
      });
    });
    return { token: issued.token, tokenId: issued.tokenId, expiresAt, role: 'owner', name, baseId, scope };
  }

  /**
   * Revokes the user's token at once (a revoked one keeps its first revocation time): true when it
   * is the user's, false when it is not (another user's, or none), which changes nothing.
   */
  async revokeOfUser(userId: number, tokenId: string): Promise<boolean> {
    const id = String(tokenId).trim();
    return this.db.write(async (tx) => {
      if (!(await this.owned.isOfUser(tx, id, userId))) return false;
      await this.owned.revokeOfUser(tx, id, userId, now());
      return true;
    });
  }
}

/** One of the offered lifetimes, or BAD_REQUEST naming the field. */
function expiryDays(value: unknown): TokenExpiryDays {
  const days = typeof value === 'string' && /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : value;
  if (!(TOKEN_EXPIRY_DAYS as readonly unknown[]).includes(days)) {
    throw badRequest(`The expiry must be one of ${TOKEN_EXPIRY_DAYS.join(', ')} days, not "${String(value).slice(0, 20)}".`);
  }
  return days as TokenExpiryDays;
}
