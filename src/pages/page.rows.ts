// Page rows as the pages repository reads them, in the service's own names.
import type { ContentType, Lang, View } from '../vocabulary';

export interface PageSummaryRow {
  contentId: string;
  title: string;
  type: ContentType;
  level: number;
  order: number;
  lang: Lang;
  updatedAt: string;
}

/** A page as reads and writes use it; its display order is not part of a page's answer. */
export interface PageRow extends Omit<PageSummaryRow, 'order'> {
  pageId: number;
  baseId: string;
  /** Its position key (src/outline/positions.ts), not shown: outline reads and writes go by it. */
  position: number;
  body: string;
  /** How often its body changed (pages.body_rev): a body kept at this revision is still its body. */
  bodyRevision: number;
  view: View | null;
  createdAt: string;
}

export interface PageDetailRow extends PageRow {
  path: string[];
}
