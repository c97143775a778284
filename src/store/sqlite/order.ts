// Dense display order and page count without counting pages. Pages keep their seq for life, so
// the order of a live page is the number of live pages with a smaller seq. Live pages are kept as
// one bitmap per block of CHUNK_SIZE seqs, with the block's count beside it: total_pages is a sum
// over the blocks; the page at a list offset is found by summing block counts, then counting
// inside one block; the orders of search results are ranks in the live set (SeqSet.ranks).
// A write flips one bit; nothing grows with the size of the base but the number of blocks.
import { CHUNK_BITS, CHUNK_SIZE, SeqSet, chunkOf, offsetIn } from './bitset.ts';
import type { SqliteConnection } from './connection.ts';

const BLOCK_BYTES = CHUNK_SIZE / 8;

interface BlockRow {
  block: number;
  count: number;
}

export class LiveBlocks {
  private readonly sql: SqliteConnection;

  constructor(sql: SqliteConnection) {
    this.sql = sql;
  }

  private bits(baseId: string, block: number): Uint8Array | null {
    return this.sql.get<{ bits: Uint8Array }>(
      'SELECT bits FROM live_blocks WHERE base_id = ? AND block = ?', baseId, block,
    )?.bits ?? null;
  }

  /** Marks a page live or not; a no-op when it already is. */
  setLive(baseId: string, seq: number, live: boolean): void {
    const block = chunkOf(seq);
    const offset = offsetIn(seq);
    const bits = this.bits(baseId, block) ?? new Uint8Array(BLOCK_BYTES);
    const mask = 1 << (offset & 7);
    if (((bits[offset >>> 3] & mask) !== 0) === live) return;
    bits[offset >>> 3] ^= mask;
    this.sql.run(
      `INSERT INTO live_blocks (base_id, block, count, bits) VALUES (?, ?, ?, ?)
       ON CONFLICT (base_id, block) DO UPDATE SET count = count + excluded.count, bits = excluded.bits`,
      baseId, block, live ? 1 : -1, bits,
    );
  }

  count(baseId: string): number {
    return this.sql.get<{ n: number }>('SELECT total(count) AS n FROM live_blocks WHERE base_id = ?', baseId)!.n;
  }

  /** The live seqs below `size`. */
  liveSet(baseId: string, size: number): SeqSet {
    const set = new SeqSet(size);
    for (const row of this.sql.all<{ block: number; bits: Uint8Array }>(
      'SELECT block, bits FROM live_blocks WHERE base_id = ?', baseId,
    )) set.orBlob(row.block, row.bits);
    return set;
  }

  /** The seq of the live page at dense position `order`, or null past the end. */
  seqAt(baseId: string, order: number): number | null {
    let before = 0;
    for (const row of this.sql.all<BlockRow>('SELECT block, count FROM live_blocks WHERE base_id = ? ORDER BY block', baseId)) {
      if (order < before + row.count) {
        const bits = this.bits(baseId, row.block)!;
        let left = order - before;
        for (let i = 0; i < BLOCK_BYTES; i++) {
          for (let byte = bits[i]; byte !== 0; byte &= byte - 1) {
            if (left-- === 0) return (row.block << CHUNK_BITS) + i * 8 + 31 - Math.clz32(byte & -byte);
          }
        }
      }
      before += row.count;
    }
    return null;
  }
}

/** Rebuilds every base's live blocks from the pages table. */
export function rebuildLiveBlocks(sql: SqliteConnection): void {
  sql.run('DELETE FROM live_blocks');
  const live = new LiveBlocks(sql);
  for (const { base_id, seq } of sql.all<{ base_id: string; seq: number }>(
    "SELECT base_id, seq FROM pages WHERE status = 'A'",
  )) live.setLive(base_id, seq, true);
}
