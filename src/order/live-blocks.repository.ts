// The SQL of display order: live_blocks (the live pages of each block of positions) and the
// expressions that turn a page's position into its display order. Accepted by SQLite and MySQL/MariaDB.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Dialect } from '../database/data-source';
import { dialectOf, tableWithIndex } from '../database/dialect';
import { BlockCounts, blockStart, POSITION_BLOCK } from '../outline/positions';

/** SQL: the live pages before page `alias` inside its own block of positions (at most one block of the index). */
export function liveBeforeInBlockSql(dialect: Dialect, alias: string): string {
  return `(SELECT COUNT(*) FROM ${tableWithIndex(dialect, 'pages', 'pages_by_order', 'q')}
    WHERE q.base_id = ${alias}.base_id AND q.pos >= ${alias}.pos - ${alias}.pos % ${POSITION_BLOCK} AND q.pos < ${alias}.pos)`;
}

/** SQL: the display order of live page `alias`, from the counts of the earlier blocks and its own block. */
export function displayOrderSql(dialect: Dialect, alias: string): string {
  return `((SELECT COALESCE(SUM(l.live), 0) FROM live_blocks l
    WHERE l.base_id = ${alias}.base_id AND l.block_start < ${alias}.pos - ${alias}.pos % ${POSITION_BLOCK})
    + ${liveBeforeInBlockSql(dialect, alias)})`;
}

export interface VersionedCounts {
  outlineVersion: number;
  counts: BlockCounts;
}

@Injectable()
export class LiveBlocksRepository {
  /** The base's block counts with its outline version, read in one statement; null when the base is gone. */
  async load(em: EntityManager, baseId: string): Promise<VersionedCounts | null> {
    const rows: { outline_version: number; block_start: number | null; live: number | null }[] = await em.query(
      `SELECT b.outline_version, l.block_start, l.live FROM bases b LEFT JOIN live_blocks l ON l.base_id = b.base_id
       WHERE b.base_id = ? ORDER BY l.block_start`, [baseId]);
    if (!rows[0]) return null;
    const blocks = rows.filter((r) => r.block_start !== null).map((r) => ({ start: Number(r.block_start), live: Number(r.live) }));
    return { outlineVersion: Number(rows[0].outline_version), counts: new BlockCounts(blocks) };
  }

  /** The position a new page of the base takes: one past the greatest live one. */
  async nextPosition(tx: EntityManager, baseId: string): Promise<number> {
    const rows: { last: number | null }[] = await tx.query('SELECT MAX(pos) AS last FROM pages WHERE base_id = ?', [baseId]);
    return rows[0]?.last === null || rows[0]?.last === undefined ? 0 : Number(rows[0].last) + 1;
  }

  async pageAdded(tx: EntityManager, baseId: string, position: number): Promise<void> {
    const upsert = dialectOf(tx) === 'sqlite'
      ? 'ON CONFLICT (base_id, block_start) DO UPDATE SET live = live + 1'
      : 'ON DUPLICATE KEY UPDATE live = live + 1';
    await tx.query(`INSERT INTO live_blocks (base_id, block_start, live) VALUES (?, ?, 1) ${upsert}`, [baseId, blockStart(position)]);
  }

  async pageRemoved(tx: EntityManager, baseId: string, position: number): Promise<void> {
    await tx.query('UPDATE live_blocks SET live = live - 1 WHERE base_id = ? AND block_start = ?', [baseId, blockStart(position)]);
  }

  /** Counts the blocks from the one holding `from` on again from the pages (after a bulk append). */
  async recount(tx: EntityManager, baseId: string, from: number): Promise<void> {
    const start = blockStart(from);
    await tx.query('DELETE FROM live_blocks WHERE base_id = ? AND block_start >= ?', [baseId, start]);
    await tx.query(
      `INSERT INTO live_blocks (base_id, block_start, live)
       SELECT base_id, pos - pos % ${POSITION_BLOCK}, COUNT(*) FROM pages WHERE base_id = ? AND pos >= ?
       GROUP BY base_id, pos - pos % ${POSITION_BLOCK}`, [baseId, start]);
  }
}
