// Access tokens for administration: issued for a member of a base with a scope and a lifetime,
// printed once; lists show only what identifies a token; revocation takes effect at once.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BasesService } from '../bases/bases.service';
import { UnitOfWork } from '../database/unit-of-work';
import { badRequest, notFound } from '../errors/domain-error';
import { now, oneOf, scopes, type Role, type Scope } from '../vocabulary';
import { MembersRepository } from './members.repository';
import { DEFAULT_TOKEN_LIFETIME, parseDuration } from './token-lifetime';
import { checkTokenName } from './token-name';
import { issueToken } from './tokens';
import { TokensRepository, type TokenListRecord } from './tokens.repository';
import { UsersService } from './users.service';

export type TokenSummary = TokenListRecord;

export interface NewTokenInput {
  baseId: string;
  email: string;
  /** read, or write (read and write). */
  scope: string;
  /** A duration such as `30d` (the default); at most 366 days. */
  expiresIn?: string;
  /** 1 to 100 characters; none when not given. */
  name?: string;
}

export interface CreatedToken {
  /** The secret itself: shown once, never stored. */
  token: string;
  tokenId: string;
  expiresAt: string;
  /** The user's role in the base now: only an owner's token is let in (a member may become owner later). */
  role: Role;
}

@Injectable()
export class TokensService {
  constructor(
    private readonly db: UnitOfWork,
    private readonly tokens: TokensRepository,
    private readonly members: MembersRepository,
    private readonly bases: BasesService,
    private readonly users: UsersService,
  ) {}

  /** `clock` is the creation time (tests pin it). */
  async create(input: NewTokenInput, clock = new Date()): Promise<CreatedToken> {
    const scope = oneOf<Scope>(scopes, input.scope, 'scope');
    const lifetime = parseDuration(input.expiresIn ?? DEFAULT_TOKEN_LIFETIME);
    const name = input.name === undefined ? null : checkTokenName(input.name);
    const issued = issueToken();
    const expiresAt = new Date(clock.getTime() + lifetime).toISOString();
    const role = await this.db.write(async (tx) => {
      const base = await this.bases.require(tx, input.baseId);
      const user = await this.users.require(tx, input.email);
      // A token acts with its owner's role, so a token of a non-member could never do anything.
      const role = await this.members.roleOf(tx, base.baseId, user.userId);
      if (!role) {
        throw badRequest(
          `"${user.email}" is not a member of "${base.baseId}"; add them first with: kbp member add ${base.baseId} ${user.email} --role owner`,
        );
      }
      await this.tokens.insert(tx, issued, {
        name, baseId: base.baseId, userId: user.userId, scope, createdAt: clock.toISOString(), expiresAt,
      });
      return role;
    });
    return { token: issued.token, tokenId: issued.tokenId, expiresAt, role };
  }

  /** Every token, or those of one base (which must exist); never the token or its hash. */
  async list(baseId?: string): Promise<TokenSummary[]> {
    if (baseId !== undefined) await this.bases.require(this.db.reader, baseId);
    return this.tokens.list(this.db.reader, baseId);
  }

  /**
   * Revokes every token of the user in the write `tx` (a disabled account's: the identity module
   * disables it in the same transaction); answers how many were still live.
   */
  revokeAllOfUser(tx: EntityManager, userId: number): Promise<number> {
    return this.tokens.revokeAllOfUser(tx, userId, now());
  }

  /** Revokes a token at once; revoking it again keeps the first revocation time. */
  async revoke(tokenId: string): Promise<void> {
    const id = tokenId.trim();
    await this.db.write(async (tx) => {
      if (!(await this.tokens.exists(tx, id))) throw notFound(`There is no token "${tokenId}"; see the ids with: kbp token list`);
      await this.tokens.revoke(tx, id, now());
    });
  }
}
