// Position keys: pages.ord (dense display order, renumbered by every delete) becomes pages.pos (a
// position kept for life), and live_blocks counts the live pages of each block of positions
// (src/outline/positions.ts). A dense order is a valid set of positions, so existing pages keep
// their values; the counts are built from them.
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { dialectOf } from '../../database/dialect';
import { POSITION_BLOCK } from '../../outline/positions';

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin';

export class PositionKeys1763950000000 implements MigrationInterface {
  name = 'PositionKeys1763950000000';

  async up(runner: QueryRunner): Promise<void> {
    const sqlite = dialectOf(runner) === 'sqlite';
    await runner.query('ALTER TABLE pages RENAME COLUMN ord TO pos');
    await runner.query(sqlite
      ? `CREATE TABLE live_blocks (
          base_id TEXT NOT NULL REFERENCES bases (base_id), block_start INTEGER NOT NULL, live INTEGER NOT NULL,
          PRIMARY KEY (base_id, block_start)) WITHOUT ROWID`
      : `CREATE TABLE live_blocks (
          base_id VARCHAR(255) NOT NULL, block_start INT NOT NULL, live INT NOT NULL, PRIMARY KEY (base_id, block_start),
          CONSTRAINT live_blocks_base FOREIGN KEY (base_id) REFERENCES bases (base_id)) ${TABLE}`);
    await runner.query(
      `INSERT INTO live_blocks (base_id, block_start, live)
       SELECT base_id, pos - pos % ${POSITION_BLOCK}, COUNT(*) FROM pages WHERE pos IS NOT NULL
       GROUP BY base_id, pos - pos % ${POSITION_BLOCK}`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE live_blocks');
    await runner.query('ALTER TABLE pages RENAME COLUMN pos TO ord');
  }
}
