// The SQL of the trash: a base's soft-deleted pages (status 'D', pos NULL, with the display order
// they had in deleted_ord and who deleted them in deleted_by), newest deletion first along
// pages_in_trash, and a restore's writes under the base's lock. Accepted by SQLite and MySQL/MariaDB.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { joinUserRow } from '../auth/user-row.query';
import { BASE_ROW, joinBaseRow } from '../bases/base-row.query';
import { CHANGE_NO, countPageChange } from '../bases/page-changes.query';
import { sql } from '../database/sql';
import { query, runLater } from '../database/statement-pipeline';

/** A page in the trash as the web UI shows it. */
export interface TrashedPageRow {
  contentId: string;
  title: string;
  level: number;
  deletedAt: string;
  deletedBy: { name: string; email: string } | null;
}

/** What a restore reads of a page in the trash, under the base's lock. */
export interface PageToRestore {
  pageId: number;
  /** The display order it had when it was deleted (0 when not known). */
  deletedOrder: number;
  /** The base's outline version after the restore's own move. */
  outlineVersion: number;
}

const TRASHED_COLUMNS = sql`p.content_id, p.title, p.level, p.deleted_at, u.user_id, u.email AS user_email, u.name AS user_name`;

type TrashedRecord = { content_id: string; title: string; level: number; deleted_at: string; user_id: number | null; user_email: string | null; user_name: string | null };

const toTrashed = (r: TrashedRecord): TrashedPageRow => ({
  contentId: r.content_id, title: r.title, level: Number(r.level), deletedAt: r.deleted_at,
  deletedBy: r.user_id === null || r.user_id === undefined ? null : { name: String(r.user_name), email: String(r.user_email) },
});

@Injectable()
export class TrashRepository {
  /** How many pages the base has in its trash; null when the base is gone. */
  async count(em: EntityManager, baseId: string): Promise<number | null> {
    const rows: { total: number }[] = await em.query(
      `SELECT (SELECT COUNT(*) FROM pages p WHERE p.base_id = b.base_id AND p.status = 'D') AS total FROM ${BASE_ROW} WHERE b.base_id = ?`,
      [baseId],
    );
    return rows[0] ? Number(rows[0].total) : null;
  }

  /** A window of the base's trash, newest deletion first (the later deleted of two at one time first), with who deleted each. */
  async list(em: EntityManager, baseId: string, paging: { offset: number; limit: number }): Promise<TrashedPageRow[]> {
    const rows: TrashedRecord[] = await em.query(
      `SELECT ${TRASHED_COLUMNS} FROM pages p ${joinUserRow(sql`p.deleted_by`, 'LEFT JOIN')}
       WHERE p.base_id = ? AND p.status = 'D' ORDER BY p.deleted_at DESC, p.page_id DESC LIMIT ? OFFSET ?`,
      [baseId, paging.limit, paging.offset],
    );
    return rows.map(toTrashed);
  }

  /** One page of the base's trash; null unless it is soft-deleted there. */
  async find(em: EntityManager, baseId: string, contentId: string): Promise<TrashedPageRow | null> {
    const rows: TrashedRecord[] = await em.query(
      `SELECT ${TRASHED_COLUMNS} FROM pages p ${joinUserRow(sql`p.deleted_by`, 'LEFT JOIN')}
       WHERE p.base_id = ? AND p.content_id = ? AND p.status = 'D'`,
      [baseId, contentId],
    );
    return rows[0] ? toTrashed(rows[0]) : null;
  }

  /** The page in the trash with the base's outline version, in one statement under the base's lock; null unless it is in the trash. */
  async findForRestore(tx: EntityManager, baseId: string, contentId: string): Promise<PageToRestore | null> {
    const rows = await query<{ page_id: number; deleted_ord: number | null; outline_version: number }[]>(
      tx,
      sql`SELECT p.page_id, p.deleted_ord, b.outline_version FROM pages p ${joinBaseRow(sql`p.base_id`)}
       WHERE p.base_id = ? AND p.content_id = ? AND p.status = 'D'`,
      [baseId, contentId],
    );
    const row = rows[0];
    if (!row) return null;
    return { pageId: Number(row.page_id), deletedOrder: Number(row.deleted_ord ?? 0), outlineVersion: Number(row.outline_version) };
  }

  /** Moves the live positions from `from` (inclusive) to `to` (exclusive) up by one, each page stamped as written. */
  async shiftPositions(tx: EntityManager, baseId: string, range: { from: number; to: number }): Promise<void> {
    await runLater(
      tx,
      sql`UPDATE pages SET pos = pos + 1, change_no = ${CHANGE_NO} WHERE base_id = ? AND pos >= ? AND pos < ?`,
      [baseId, baseId, range.from, range.to],
    );
  }

  /**
   * Makes the page live again at `position`, with its stored level and texts; what marked it deleted
   * is cleared. A restore counts as a change of the page: updated_at moves, as its delete moved it.
   * Counts the write to the base's pages once (the shifted pages share its stamp).
   */
  async restore(tx: EntityManager, baseId: string, pageId: number, position: number, now: string): Promise<void> {
    await runLater(
      tx,
      sql`UPDATE pages SET status = 'A', pos = ?, deleted_ord = NULL, deleted_at = NULL, deleted_by = NULL, updated_at = ?, change_no = ${CHANGE_NO}
       WHERE page_id = ?`,
      [position, now, baseId, pageId],
    );
    await countPageChange(tx, baseId);
  }
}
