// The SQL of live_blocks: one bitmap of the live positions per block of positions of a base
// (src/outline/positions.ts). Writes change them with the base locked. Accepted by SQLite and MySQL/MariaDB.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BASE_ROW } from '../bases/base-row.query';
import { dialectOf } from '../database/dialect';
import type { SqlSource } from '../database/sql-source';
import { joinSql, placeholders, sql, type Sql } from '../database/sql';
import { query, runLater } from '../database/statement-pipeline';
import { BLOCK_BYTES, blocksOf, blockStart, LivePositions, POSITION_BLOCK, withPosition } from '../outline/positions';

/** A position with the stored bitmap of its block (null when the block has no row yet). */
export interface PositionInBlock {
  position: number;
  bits: Uint8Array | null;
}

export interface VersionedPositions {
  outlineVersion: number;
  positions: LivePositions;
}

/** The byte of a page's bit in its block's bitmap, from 1 (as SQL counts), and the bit in that byte (withPosition). */
const BIT_BYTE = sql`((p.pos % ${POSITION_BLOCK}) DIV 8 + 1)`;
const BIT = sql`(1 << (p.pos % 8))`;

/**
 * MySQL/MariaDB: sets the bit of a page's position in its block, or adds the block with that bit
 * alone. Binary strings byte by byte (INSERT, ASCII, CHAR … USING binary), as both accept; the
 * bitwise operators on binary strings are MySQL's alone.
 */
const setAppendedBitMysql = (page: SqlSource): Sql => sql`INSERT INTO live_blocks (base_id, block_start, bits)
  SELECT p.base_id, p.pos - (p.pos % ${POSITION_BLOCK}), CONCAT(REPEAT(X'00', ${BIT_BYTE} - 1), CHAR(${BIT} USING binary), REPEAT(X'00', ${BLOCK_BYTES} - ${BIT_BYTE}))
  FROM ${page.from} WHERE ${page.where}
  ON DUPLICATE KEY UPDATE bits = INSERT(live_blocks.bits, ${BIT_BYTE}, 1, CHAR(ASCII(SUBSTRING(live_blocks.bits, ${BIT_BYTE}, 1)) | ${BIT} USING binary))`;

@Injectable()
export class LiveBlocksRepository {
  /** The base's live positions with its outline version, read in one statement; null when the base is gone. */
  async load(em: EntityManager, baseId: string): Promise<VersionedPositions | null> {
    const rows = await query<{ outline_version: number; block_start: number | null; bits: Uint8Array | null }[]>(em,
      sql`SELECT b.outline_version, l.block_start, l.bits FROM ${BASE_ROW} LEFT JOIN live_blocks l ON l.base_id = b.base_id
       WHERE b.base_id = ? ORDER BY l.block_start`, [baseId]);
    if (!rows[0]) return null;
    const blocks = rows.filter((r) => r.block_start !== null).map((r) => ({ start: Number(r.block_start), bits: r.bits! }));
    return { outlineVersion: Number(rows[0].outline_version), positions: new LivePositions(blocks) };
  }

  /**
   * Marks live the position of `page`, the page a write has just appended to the base, if it was
   * (the base may be gone): its row as `p`, with p.base_id and p.pos, picked by the pages module. On
   * MySQL/MariaDB the database sets the bit, so the statement needs nothing the write would wait
   * for (it goes with the COMMIT); on SQLite, in process, the bitmap is read and written back.
   */
  async markAppended(tx: EntityManager, baseId: string, page: SqlSource): Promise<void> {
    if (dialectOf(tx) === 'mysql') {
      await runLater(tx, setAppendedBitMysql(page), page.params);
      return;
    }
    const rows: { pos: number; bits: Uint8Array | null }[] = await tx.query(
      `SELECT p.pos, l.bits FROM ${page.from}
       LEFT JOIN live_blocks l ON l.base_id = p.base_id AND l.block_start = p.pos - (p.pos % ${POSITION_BLOCK})
       WHERE ${page.where}`,
      page.params,
    );
    if (rows[0]) await this.mark(tx, baseId, { position: Number(rows[0].pos), bits: rows[0].bits ?? null }, true);
  }

  /** Marks `position` live or not in its block. */
  async setLive(tx: EntityManager, baseId: string, position: number, live: boolean): Promise<void> {
    const rows: { bits: Uint8Array }[] = await tx.query('SELECT bits FROM live_blocks WHERE base_id = ? AND block_start = ?', [baseId, blockStart(position)]);
    await this.mark(tx, baseId, { position, bits: rows[0]?.bits ?? null }, live);
  }

  /** Marks the position live or not in its block, whose stored bitmap the caller read in this transaction. */
  async mark(tx: EntityManager, baseId: string, at: PositionInBlock, live: boolean): Promise<void> {
    await this.write(tx, baseId, [[blockStart(at.position), withPosition(at.bits, at.position, live)]], at.bits !== null);
  }

  /**
   * Builds the bitmaps of the blocks from the one holding `from` on again (after a bulk append):
   * `livePositions` are the base's live positions from that block's start (blockStart) on.
   */
  async rebuild(tx: EntityManager, baseId: string, from: number, livePositions: readonly number[]): Promise<void> {
    await tx.query('DELETE FROM live_blocks WHERE base_id = ? AND block_start >= ?', [baseId, blockStart(from)]);
    await this.write(tx, baseId, [...blocksOf(livePositions)], false);
  }

  private async write(tx: EntityManager, baseId: string, blocks: [number, Uint8Array][], exists: boolean): Promise<void> {
    if (exists) {
      for (const [start, bits] of blocks) await runLater(tx, sql`UPDATE live_blocks SET bits = ? WHERE base_id = ? AND block_start = ?`, [Buffer.from(bits), baseId, start]);
      return;
    }
    for (let i = 0; i < blocks.length; i += 100) {
      const chunk = blocks.slice(i, i + 100);
      await runLater(tx, sql`INSERT INTO live_blocks (base_id, block_start, bits) VALUES ${joinSql(chunk.map(() => sql`(${placeholders(3)})`))}`,
        chunk.flatMap(([start, bits]) => [baseId, start, Buffer.from(bits)]));
    }
  }
}

