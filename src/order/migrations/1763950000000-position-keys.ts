// Position keys: pages.ord (dense display order, renumbered by every delete) becomes pages.pos (a
// position kept for life), and live_blocks holds a bitmap of the live positions of each block
// (src/outline/positions.ts). A dense order is a valid set of positions, so existing pages keep
// their values; the bitmaps are built from them.
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Its own test of the backend, so that src/database/dialect.ts may change without changing this migration. */
const onSqlite = (runner: QueryRunner): boolean => runner.connection.options.type === 'better-sqlite3';

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin';

// The bitmap format of live_blocks as this migration made it, copied here rather than imported
// from src/outline/positions.ts: should that format change, a migration of its own converts the
// stored bitmaps, and this one still writes those of its day.
const POSITION_BLOCK = 1024;
const BLOCK_BYTES = POSITION_BLOCK / 8;

/** The bitmaps of the blocks holding `positions`: a block per POSITION_BLOCK positions, a bit per position, lowest bit first. */
function blocksOf(positions: readonly number[]): Map<number, Uint8Array> {
  const blocks = new Map<number, Uint8Array>();
  for (const position of positions) {
    const offset = position % POSITION_BLOCK;
    const start = position - offset;
    let bits = blocks.get(start);
    if (!bits) blocks.set(start, (bits = new Uint8Array(BLOCK_BYTES)));
    bits[offset >>> 3] |= 1 << (offset & 7);
  }
  return blocks;
}

export class PositionKeys1763950000000 implements MigrationInterface {
  name = 'PositionKeys1763950000000';

  async up(runner: QueryRunner): Promise<void> {
    const sqlite = onSqlite(runner);
    await runner.query('ALTER TABLE pages RENAME COLUMN ord TO pos');
    await runner.query(sqlite
      ? `CREATE TABLE live_blocks (
          base_id TEXT NOT NULL REFERENCES bases (base_id), block_start INTEGER NOT NULL, bits BLOB NOT NULL,
          PRIMARY KEY (base_id, block_start)) WITHOUT ROWID`
      : `CREATE TABLE live_blocks (
          base_id VARCHAR(255) NOT NULL, block_start INT NOT NULL, bits VARBINARY(${BLOCK_BYTES}) NOT NULL,
          PRIMARY KEY (base_id, block_start), CONSTRAINT live_blocks_base FOREIGN KEY (base_id) REFERENCES bases (base_id)) ${TABLE}`);
    const bases: { base_id: string }[] = await runner.query('SELECT base_id FROM bases');
    for (const { base_id: baseId } of bases) {
      const rows: { pos: number }[] = await runner.query('SELECT pos FROM pages WHERE base_id = ? AND pos IS NOT NULL', [baseId]);
      for (const [start, bits] of blocksOf(rows.map((r) => Number(r.pos)))) {
        await runner.query('INSERT INTO live_blocks (base_id, block_start, bits) VALUES (?, ?, ?)', [baseId, start, Buffer.from(bits)]);
      }
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE live_blocks');
    await runner.query('ALTER TABLE pages RENAME COLUMN pos TO ord');
  }
}
