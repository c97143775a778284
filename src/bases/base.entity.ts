// A knowledge base. `live_pages` and `outline_version` are kept by every outline write, so the
// page count and the tree's freshness are read without counting rows.
import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { View } from '../vocabulary';

@Entity('bases')
export class KnowledgeBaseEntity {
  @PrimaryColumn({ name: 'base_id', type: 'varchar', length: 255 })
  baseId: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ name: 'view_mode', type: 'varchar', length: 1 })
  view: View;

  @Column({ name: 'live_pages', type: 'int', default: 0 })
  livePages: number;

  @Column({ name: 'outline_version', type: 'int', default: 0 })
  outlineVersion: number;

  /** Counts the writes to the base's pages (page-changes.query.ts). */
  @Column({ name: 'page_changes', type: 'bigint', default: 0 })
  pageChanges: string;

  @Column({ name: 'created_at', type: 'varchar', length: 24 })
  createdAt: string;
}
