// The live positions of one block of positions of a base, as a bitmap (src/outline/positions.ts),
// kept by every write that creates or deletes a page, so display order is found without counting pages.
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('live_blocks')
export class LiveBlockEntity {
  @PrimaryColumn({ name: 'base_id', type: 'varchar', length: 255 })
  baseId: string;

  @PrimaryColumn({ name: 'block_start', type: 'int' })
  blockStart: number;

  @Column({ type: 'blob' })
  bits: Buffer;
}
