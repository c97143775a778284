// The SQL of the up and down moves (PageMovesService): the page and its neighbouring sibling read
// under the base's lock, the pages of both subtrees, and their positions given back to them in
// the new order. Accepted by SQLite and MySQL/MariaDB.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { joinBaseRow } from '../bases/base-row.query';
import { CHANGE_NO, countPageChange } from '../bases/page-changes.query';
import { concatSql, dialectOf, tableWithIndex } from '../database/dialect';
import { joinSql, placeholders, sql } from '../database/sql';
import { query, runLater } from '../database/statement-pipeline';

/** A live page and the page next to its subtree on one side: the first page not deeper than it. */
export interface PageWithNeighbour {
  pageId: number;
  position: number;
  level: number;
  /** The base's outline version as the write sees it (after its own move). */
  outlineVersion: number;
  /**
   * Up: the nearest earlier page not deeper than the page. Down: the first later page not deeper
   * than it (where its descendants end). Null when there is none. It is the page's sibling when
   * its level is the page's own (src/outline/moves.ts).
   */
  neighbour: { position: number; level: number } | null;
  /** Up: where the page's descendants end (null: the end of the base). Down: null. */
  descendantsEnd: number | null;
}

/** A page of the window a swap reorders, in position order. */
export interface WindowPage {
  pageId: number;
  position: number;
}

/** Position changes per UPDATE statement. */
const UPDATE_BATCH = 500;

const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

@Injectable()
export class PageMovesRepository {
  /**
   * The live page with its neighbour on the side of `direction` and, going up, where its own
   * descendants end: one statement, under the base's lock. The neighbour is found along
   * pages_by_order, past the sibling's (up) or the page's (down) descendants, which the swap reads
   * anyway.
   */
  async findWithNeighbour(tx: EntityManager, baseId: string, contentId: string, direction: 'up' | 'down'): Promise<PageWithNeighbour | null> {
    const dialect = dialectOf(tx);
    const byOrder = tableWithIndex(dialect, sql`pages`, sql`pages_by_order`, sql`n`);
    const neighbour = concatSql(dialect, [sql`n.pos`, sql`' '`, sql`n.level`]);
    const beyond = direction === 'up'
      ? sql`n.pos < p.pos AND n.level <= p.level ORDER BY n.pos DESC LIMIT 1`
      : sql`n.pos > p.pos AND n.level <= p.level ORDER BY n.pos LIMIT 1`;
    const ownEnd = direction === 'up'
      ? sql`, (SELECT d.pos FROM ${tableWithIndex(dialect, sql`pages`, sql`pages_by_order`, sql`d`)}
          WHERE d.base_id = p.base_id AND d.pos > p.pos AND d.level <= p.level ORDER BY d.pos LIMIT 1) AS descendants_end`
      : sql``;
    const rows = await query<Record<string, unknown>[]>(
      tx,
      sql`SELECT p.page_id, p.pos, p.level, b.outline_version,
         (SELECT ${neighbour} FROM ${byOrder} WHERE n.base_id = p.base_id AND ${beyond}) AS neighbour${ownEnd}
       FROM pages p ${joinBaseRow(sql`p.base_id`)}
       WHERE p.base_id = ? AND p.content_id = ? AND p.status = 'A'`,
      [baseId, contentId],
    );
    const row = rows[0];
    if (!row) return null;
    const found = row.neighbour === null || row.neighbour === undefined ? null : String(row.neighbour).split(' ').map(Number);
    return {
      pageId: Number(row.page_id), position: Number(row.pos), level: Number(row.level), outlineVersion: Number(row.outline_version),
      neighbour: found && { position: found[0], level: found[1] },
      descendantsEnd: numberOrNull(row.descendants_end),
    };
  }

  /**
   * Where the subtree of the page at `page` (level `level`) ends: the position of the first later
   * page not deeper than it, or null at the end of the base. A statement of its own: inside the
   * window's WHERE, MariaDB scanned every later page of the base instead of a range (60,000 rows,
   * 16 ms, for a move at 100,000 pages).
   */
  async subtreeEnd(tx: EntityManager, baseId: string, page: { position: number; level: number }): Promise<number | null> {
    const rows = await query<{ pos: number }[]>(
      tx,
      sql`SELECT d.pos FROM ${tableWithIndex(dialectOf(tx), sql`pages`, sql`pages_by_order`, sql`d`)}
       WHERE d.base_id = ? AND d.pos > ? AND d.level <= ? ORDER BY d.pos LIMIT 1`,
      [baseId, page.position, page.level],
    );
    return rows[0] ? Number(rows[0].pos) : null;
  }

  /** The live pages at positions from `from` (inclusive) to `to` (exclusive; null: the end of the base), in position order. */
  async window(tx: EntityManager, baseId: string, from: number, to: number | null): Promise<WindowPage[]> {
    const rows = await query<{ page_id: number; pos: number }[]>(
      tx,
      sql`SELECT page_id, pos FROM ${tableWithIndex(dialectOf(tx), sql`pages`, sql`pages_by_order`)}
       WHERE base_id = ? AND pos >= ?${to === null ? sql`` : sql` AND pos < ?`} ORDER BY pos`,
      to === null ? [baseId, from] : [baseId, from, to],
    );
    return rows.map((r) => ({ pageId: Number(r.page_id), position: Number(r.pos) }));
  }

  /**
   * Gives the pages their new positions and stamps each with the base's next count of page writes
   * (page-changes.query.ts), which it then counts once: kept rank keys and summaries read them again.
   * Their updated_at stays: a move changes where a page is, not the page.
   */
  async reposition(tx: EntityManager, baseId: string, changes: readonly WindowPage[]): Promise<void> {
    if (changes.length === 0) return;
    for (let i = 0; i < changes.length; i += UPDATE_BATCH) {
      const batch = changes.slice(i, i + UPDATE_BATCH);
      const cases = joinSql(batch.map(() => sql`WHEN ? THEN ?`), sql` `);
      await runLater(
        tx,
        sql`UPDATE pages SET pos = CASE page_id ${cases} END, change_no = ${CHANGE_NO}
         WHERE page_id IN (${placeholders(batch.length)})`,
        [...batch.flatMap((c) => [c.pageId, c.position]), baseId, ...batch.map((c) => c.pageId)],
      );
    }
    await countPageChange(tx, baseId);
  }
}
