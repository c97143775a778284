// The SQL of accounts. A user made before accounts existed (or by kbp user create before this
// module) has no row: reads join the users row to a possibly missing account.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { USER_COLUMNS, USER_ROW, userColumnsOf, type UserColumns } from '../auth/user-row.query';
import { dialectOf } from '../database/dialect';
import { sql } from '../database/sql';
import { AccountEntity } from './account.entity';

export interface AccountRecord extends UserColumns {
  /** False for a user without an account row yet: the other fields are then the defaults. */
  exists: boolean;
  passwordHash: string | null;
  isAdmin: boolean;
  disabledAt: string | null;
  locale: string | null;
  accountCreatedAt: string | null;
}

const SELECT_ACCOUNT = sql`SELECT ${USER_COLUMNS}, a.user_id AS account_user_id, a.password_hash, a.is_admin, a.disabled_at,
  a.locale, a.created_at FROM ${USER_ROW} LEFT JOIN accounts a ON a.user_id = u.user_id`;
const BY_EMAIL = sql`${SELECT_ACCOUNT} WHERE u.email = ?`;
const BY_ID = sql`${SELECT_ACCOUNT} WHERE u.user_id = ?`;
const ALL = sql`${SELECT_ACCOUNT} ORDER BY u.email`;
const ANY = sql`SELECT user_id FROM accounts LIMIT 1`;
const OTHER_ADMINS = sql`SELECT user_id FROM accounts WHERE is_admin = 1 AND disabled_at IS NULL AND user_id <> ? LIMIT 1`;
const INSERT = sql`INSERT INTO accounts (user_id, password_hash, is_admin, disabled_at, locale, created_at) VALUES (?, ?, ?, NULL, NULL, ?)`;

function recordOf(row: Record<string, unknown>): AccountRecord {
  return {
    ...userColumnsOf(row),
    exists: row.account_user_id !== null && row.account_user_id !== undefined,
    passwordHash: (row.password_hash as string | null) ?? null,
    isAdmin: Number(row.is_admin ?? 0) === 1,
    disabledAt: (row.disabled_at as string | null) ?? null,
    locale: (row.locale as string | null) ?? null,
    accountCreatedAt: (row.created_at as string | null) ?? null,
  };
}

export type AccountChange = Partial<Pick<AccountEntity, 'passwordHash' | 'isAdmin' | 'disabledAt' | 'locale'>>;

@Injectable()
export class AccountsRepository {
  async findByEmail(em: EntityManager, email: string): Promise<AccountRecord | null> {
    const rows: Record<string, unknown>[] = await em.query(BY_EMAIL.text, [email]);
    return rows[0] ? recordOf(rows[0]) : null;
  }

  async findById(em: EntityManager, userId: number): Promise<AccountRecord | null> {
    const rows: Record<string, unknown>[] = await em.query(BY_ID.text, [userId]);
    return rows[0] ? recordOf(rows[0]) : null;
  }

  /** Every user, by address, with their account or its defaults. */
  async list(em: EntityManager): Promise<AccountRecord[]> {
    const rows: Record<string, unknown>[] = await em.query(ALL.text);
    return rows.map(recordOf);
  }

  async anyAccount(tx: EntityManager): Promise<boolean> {
    return (await tx.query(ANY.text)).length > 0;
  }

  /** Whether an enabled administrator other than `userId` exists. */
  async otherAdmin(tx: EntityManager, userId: number): Promise<boolean> {
    return (await tx.query(OTHER_ADMINS.text, [userId])).length > 0;
  }

  /** Adds the user's account unless it has one (safe under races: one statement). */
  async insertIfMissing(tx: EntityManager, userId: number, account: { passwordHash: string | null; isAdmin: boolean }, at: string): Promise<void> {
    const ignore = dialectOf(tx) === 'sqlite' ? sql` ON CONFLICT (user_id) DO NOTHING` : sql` ON DUPLICATE KEY UPDATE user_id = user_id`;
    await tx.query(sql`${INSERT}${ignore}`.text, [userId, account.passwordHash, account.isAdmin ? 1 : 0, at]);
  }

  async update(tx: EntityManager, userId: number, change: AccountChange): Promise<void> {
    await tx.getRepository(AccountEntity).update({ userId }, change);
  }
}
