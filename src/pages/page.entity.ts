// A page's outline row. `pos` is its position key among the pages of its base, kept while it is live
// (src/outline/positions.ts: display order is the count of live pages before it); null once
// soft-deleted, when `deleted_ord` keeps the display order it had for a later restore.
// Texts live in page_texts so that list, tree and outline writes touch small rows only.
// Repositories read and write this table in SQL, not through the entity: the entity describes
// the table, and test/drift/entities-match-migrations.spec.ts holds it to what the migrations make.
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ContentType, Lang, View } from '../vocabulary';

export type PageStatus = 'A' | 'D';

@Entity('pages')
@Index('pages_by_content_id', ['baseId', 'contentId'], { unique: true })
@Index('pages_by_order', ['baseId', 'pos'])
@Index('pages_by_level', ['baseId', 'level', 'pos'])
@Index('pages_by_change', ['baseId', 'changeNo'])
@Index('pages_in_trash', ['baseId', 'status', 'deletedAt'])
export class PageEntity {
  @PrimaryGeneratedColumn({ name: 'page_id' })
  pageId: number;

  @Column({ name: 'base_id', type: 'varchar', length: 255 })
  baseId: string;

  @Column({ name: 'content_id', type: 'varchar', length: 6 })
  contentId: string;

  @Column({ type: 'int', nullable: true })
  pos: number | null;

  @Column({ name: 'deleted_ord', type: 'int', nullable: true })
  deletedOrd: number | null;

  @Column({ type: 'int' })
  level: number;

  @Column({ type: 'varchar', length: 1 })
  status: PageStatus;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ type: 'varchar', length: 1 })
  type: ContentType;

  @Column({ type: 'varchar', length: 2 })
  lang: Lang;

  @Column({ name: 'view_mode', type: 'varchar', length: 1, nullable: true })
  view: View | null;

  @Column({ name: 'created_at', type: 'varchar', length: 24 })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 24 })
  updatedAt: string;

  @Column({ name: 'deleted_at', type: 'varchar', length: 24, nullable: true })
  deletedAt: string | null;

  /** Who soft-deleted it (users.user_id), null while live or when not known. */
  @Column({ name: 'deleted_by', type: 'int', nullable: true })
  deletedBy: number | null;

  /** Counts the changes of the page's body (KeptBodies tells a kept body from a changed one by it). */
  @Column({ name: 'body_rev', type: 'int', default: 0 })
  bodyRev: number;

  /** Its base's page_changes as of the page's last write (bases/page-changes.query.ts). */
  @Column({ name: 'change_no', type: 'bigint', default: 0 })
  changeNo: string;
}
