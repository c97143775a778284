// Accounts: a user's password, administrator flag, disabled state and language. Users stay auth's
// (UsersService); the very first account is an administrator. Every write is one transaction, the
// password hashed before it opens (argon2 takes tens of milliseconds; a SQLite write holds the lock).
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { TokensService } from '../auth/tokens.service';
import { normaliseEmail, UsersService } from '../auth/users.service';
import { UnitOfWork } from '../database/unit-of-work';
import { badRequest, notFound } from '../errors/domain-error';
import { AccountsRepository, type AccountChange, type AccountRecord } from './accounts.repository';
import { IdentityClock } from './clock';
import { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem, verifyPassword } from './passwords';
import { hashSecret } from './secrets';
import { SessionsRepository } from './sessions.repository';
import { dummyHash } from './dummy-hash';

export type Locale = 'en' | 'ja';
const locales: readonly (Locale | null)[] = ['en', 'ja', null];

export interface Account {
  userId: number;
  email: string;
  name: string;
  isAdmin: boolean;
  disabled: boolean;
  locale: Locale | null;
  hasPassword: boolean;
  createdAt: string;
}

export interface NewAccountInput {
  email: string;
  name?: string;
  /** Administrator; the very first account is one anyway. */
  admin?: boolean;
  /** Without one the user signs in first through a one-time link. */
  password?: string;
}

export type PasswordChange = 'changed' | 'wrong-current' | 'too-short' | 'too-long';

export function accountOf(record: AccountRecord): Account {
  return {
    userId: record.userId,
    email: record.email,
    name: record.name,
    isAdmin: record.isAdmin,
    disabled: record.disabledAt !== null,
    locale: record.locale === 'en' || record.locale === 'ja' ? record.locale : null,
    hasPassword: record.passwordHash !== null,
    createdAt: record.accountCreatedAt ?? record.createdAt,
  };
}

/** BAD_REQUEST naming the rule a password breaks, or nothing. */
export function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem === 'too-short') throw badRequest(`The password is too short: use at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (problem === 'too-long') throw badRequest(`The password is too long: use at most ${PASSWORD_MAX_LENGTH} characters.`);
}

@Injectable()
export class AccountsService {
  constructor(
    private readonly db: UnitOfWork,
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionsRepository,
    private readonly users: UsersService,
    private readonly tokens: TokensService,
    private readonly clock: IdentityClock,
  ) {}

  async create(input: NewAccountInput): Promise<Account> {
    if (input.password !== undefined) checkPassword(input.password);
    const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
    return this.db.write(async (tx) => {
      const user = await this.users.createIn(tx, { email: input.email, name: input.name });
      const isAdmin = input.admin === true || !(await this.accounts.anyAccount(tx));
      await this.accounts.insertIfMissing(tx, user.userId, { passwordHash, isAdmin }, this.now());
      return this.require(tx, user.userId);
    });
  }

  /** The user's account, made now (not administrator, unless it is the first) if the user has none yet. */
  ensureAccount(userId: number): Promise<Account> {
    return this.db.write(async (tx) => {
      await this.ensureIn(tx, userId);
      return this.require(tx, userId);
    });
  }

  /** The account of an address in any case; null when no user has it. */
  async findByEmail(email: string): Promise<Account | null> {
    const record = await this.accounts.findByEmail(this.db.reader, normaliseEmail(email));
    return record && accountOf(record);
  }

  async get(userId: number): Promise<Account | null> {
    const record = await this.accounts.findById(this.db.reader, userId);
    return record && accountOf(record);
  }

  /** Every user by address, with or without an account row. */
  async list(): Promise<Account[]> {
    return (await this.accounts.list(this.db.reader)).map(accountOf);
  }

  /** Sets the password of the user of `email` (kbp user set-password) and ends all their sessions. */
  async setPassword(email: string, password: string): Promise<Account> {
    checkPassword(password);
    const passwordHash = await hashPassword(password);
    return this.db.write(async (tx) => {
      const user = await this.users.require(tx, email);
      await this.setPasswordIn(tx, user.userId, passwordHash);
      await this.sessions.deleteOfUser(tx, user.userId);
      return this.require(tx, user.userId);
    });
  }

  /** The signed-in user's change: the current password must be right; every other session ends. */
  async changePassword(userId: number, current: string, next: string, keepSessionCookie: string): Promise<PasswordChange> {
    const problem = passwordProblem(next);
    if (problem) return problem;
    const record = await this.accounts.findById(this.db.reader, userId);
    // The same work whether or not there is a hash to check against.
    const right = await verifyPassword(current, record?.passwordHash ?? (await dummyHash()));
    if (!record?.passwordHash || !right) return 'wrong-current';
    const passwordHash = await hashPassword(next);
    await this.db.write(async (tx) => {
      await this.accounts.update(tx, userId, { passwordHash });
      await this.sessions.deleteOfUser(tx, userId, hashSecret(keepSessionCookie));
    });
    return 'changed';
  }

  /** Makes the user an administrator or not; the last enabled administrator stays one. */
  setAdmin(userId: number, admin: boolean): Promise<Account> {
    return this.change(userId, { isAdmin: admin }, async (tx, before) => {
      if (!admin && before.isAdmin && !(await this.accounts.otherAdmin(tx, userId))) {
        throw badRequest(`${before.email} is the only administrator; make another user administrator first.`);
      }
    });
  }

  /** Disabling ends the user's sessions and revokes the user's tokens, in the same transaction. */
  setDisabled(userId: number, disabled: boolean): Promise<Account> {
    return this.change(userId, {}, async (tx, before) => {
      if (!disabled) {
        await this.accounts.update(tx, userId, { disabledAt: null });
        return;
      }
      if (before.disabledAt === null) await this.accounts.update(tx, userId, { disabledAt: this.now() });
      await this.sessions.deleteOfUser(tx, userId);
      await this.tokens.revokeAllOfUser(tx, userId);
    });
  }

  async setLocale(userId: number, locale: Locale | null): Promise<Account> {
    if (!locales.includes(locale)) throw badRequest(`The language must be en, ja or none, not "${String(locale)}".`);
    return this.change(userId, { locale });
  }

  /** In the write `tx`: the account row, made first if the user has none; NOT_FOUND for no such user. */
  async ensureIn(tx: EntityManager, userId: number): Promise<AccountRecord> {
    const record = await this.accounts.findById(tx, userId);
    if (!record) throw notFound(`There is no user with id ${userId}.`);
    if (record.exists) return record;
    const isAdmin = !(await this.accounts.anyAccount(tx));
    await this.accounts.insertIfMissing(tx, userId, { passwordHash: null, isAdmin }, this.now());
    return (await this.accounts.findById(tx, userId))!;
  }

  /** In the write `tx`: the user's password hash, the account made first if need be. */
  async setPasswordIn(tx: EntityManager, userId: number, passwordHash: string): Promise<void> {
    await this.ensureIn(tx, userId);
    await this.accounts.update(tx, userId, { passwordHash });
  }

  private change(userId: number, change: AccountChange, also?: (tx: EntityManager, before: AccountRecord) => Promise<void>): Promise<Account> {
    return this.db.write(async (tx) => {
      const before = await this.ensureIn(tx, userId);
      await also?.(tx, before);
      if (Object.keys(change).length > 0) await this.accounts.update(tx, userId, change);
      return this.require(tx, userId);
    });
  }

  private async require(em: EntityManager, userId: number): Promise<Account> {
    const record = await this.accounts.findById(em, userId);
    if (!record) throw notFound(`There is no user with id ${userId}.`);
    return accountOf(record);
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}
