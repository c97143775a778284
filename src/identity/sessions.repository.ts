// The SQL of sessions: rows keyed by the SHA-256 of the cookie value, read with their account and
// user in one statement on every signed-in request.
import { Injectable } from '@nestjs/common';
import { Not, type EntityManager } from 'typeorm';
import { joinUserRow, USER_COLUMNS, userColumnsOf, type UserColumns } from '../auth/user-row.query';
import { sql } from '../database/sql';
import { SessionEntity } from './session.entity';

export interface SessionRecord extends UserColumns {
  sessionHash: string;
  lastSeenAt: string;
  expiresAt: string;
  isAdmin: boolean;
  disabledAt: string | null;
  locale: string | null;
}

const BY_HASH = sql`SELECT s.session_hash, s.last_seen_at, s.expires_at, ${USER_COLUMNS}, a.is_admin, a.disabled_at, a.locale
  FROM sessions s ${joinUserRow(sql`s.user_id`)} LEFT JOIN accounts a ON a.user_id = s.user_id
  WHERE s.session_hash = ?`;
/** A user's sessions that are over: removed when the user signs in again, so rows do not pile up. */
const DELETE_OVER = sql`DELETE FROM sessions WHERE user_id = ? AND (expires_at <= ? OR last_seen_at <= ?)`;

@Injectable()
export class SessionsRepository {
  async insert(tx: EntityManager, session: SessionEntity): Promise<void> {
    await tx.getRepository(SessionEntity).insert(session);
  }

  async findByHash(em: EntityManager, sessionHash: string): Promise<SessionRecord | null> {
    const rows: Record<string, unknown>[] = await em.query(BY_HASH.text, [sessionHash]);
    const row = rows[0];
    if (!row) return null;
    return {
      ...userColumnsOf(row),
      sessionHash: String(row.session_hash),
      lastSeenAt: String(row.last_seen_at),
      expiresAt: String(row.expires_at),
      isAdmin: Number(row.is_admin ?? 0) === 1,
      disabledAt: (row.disabled_at as string | null) ?? null,
      locale: (row.locale as string | null) ?? null,
    };
  }

  /** Moves last_seen_at forward (never back, should two requests touch it at once). */
  async touch(tx: EntityManager, sessionHash: string, at: string): Promise<void> {
    await tx.query('UPDATE sessions SET last_seen_at = ? WHERE session_hash = ? AND last_seen_at < ?', [at, sessionHash, at]);
  }

  async deleteOver(tx: EntityManager, userId: number, now: string, idleSince: string): Promise<void> {
    await tx.query(DELETE_OVER.text, [userId, now, idleSince]);
  }

  async delete(tx: EntityManager, sessionHash: string): Promise<void> {
    await tx.getRepository(SessionEntity).delete({ sessionHash });
  }

  /** Every session of the user, but the one of `keepHash` when given. */
  async deleteOfUser(tx: EntityManager, userId: number, keepHash?: string): Promise<number> {
    const where = keepHash === undefined ? { userId } : { userId, sessionHash: Not(keepHash) };
    return (await tx.getRepository(SessionEntity).delete(where)).affected ?? 0;
  }
}
