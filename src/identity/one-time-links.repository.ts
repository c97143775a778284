// The SQL of one-time links, keyed by the SHA-256 of their secret.
import { Injectable } from '@nestjs/common';
import { IsNull, MoreThan, type EntityManager } from 'typeorm';
import { joinUserRow, USER_COLUMNS, userColumnsOf, type UserColumns } from '../auth/user-row.query';
import { sql } from '../database/sql';
import { runLater } from '../database/statement-pipeline';
import { OneTimeLinkEntity } from './one-time-link.entity';

/** An unused, unexpired link of an enabled user. */
const VALID = sql`SELECT ${USER_COLUMNS} FROM one_time_links l ${joinUserRow(sql`l.user_id`)}
  LEFT JOIN accounts a ON a.user_id = l.user_id
  WHERE l.link_hash = ? AND l.used_at IS NULL AND l.expires_at > ? AND a.disabled_at IS NULL`;
/**
 * A user's links that are over, used or expired (by one_time_links_by_user). Nothing tells them from
 * unknown ones (/setup has one sentence for all three), so deleting them changes no answer.
 */
const DELETE_OVER = sql`DELETE FROM one_time_links WHERE user_id = ? AND (used_at IS NOT NULL OR expires_at <= ?)`;

@Injectable()
export class OneTimeLinksRepository {
  async insert(tx: EntityManager, link: OneTimeLinkEntity): Promise<void> {
    await tx.getRepository(OneTimeLinkEntity).insert(link);
  }

  /** The link's user while the link is valid (unused, unexpired, the user enabled), else null. */
  async findValid(em: EntityManager, linkHash: string, now: string): Promise<UserColumns | null> {
    const rows: Record<string, unknown>[] = await em.query(VALID.text, [linkHash, now]);
    return rows[0] ? userColumnsOf(rows[0]) : null;
  }

  /** Marks the link used if it is still valid: the user's id, or null (used, expired, unknown). One statement, so a link is used once. */
  async use(tx: EntityManager, linkHash: string, now: string): Promise<number | null> {
    const links = tx.getRepository(OneTimeLinkEntity);
    const link = await links.findOneBy({ linkHash });
    if (!link) return null;
    const result = await links.update({ linkHash, usedAt: IsNull(), expiresAt: MoreThan(now) }, { usedAt: now });
    return result.affected === 1 ? Number(link.userId) : null;
  }

  /** Every other unused link of the user: a password was just set, so they have done their job. */
  async useAllOfUser(tx: EntityManager, userId: number, now: string): Promise<void> {
    await tx.getRepository(OneTimeLinkEntity).update({ userId, usedAt: IsNull() }, { usedAt: now });
  }

  /** Deletes the user's used links and those expired by `now`. */
  async deleteOver(tx: EntityManager, userId: number, now: string): Promise<void> {
    await runLater(tx, DELETE_OVER, [userId, now]);
  }
}
