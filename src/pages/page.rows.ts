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

export interface PageRow extends PageSummaryRow {
  pageId: number;
  baseId: string;
  body: string;
  bodyHtml: string | null;
  searchTitle: string;
  searchBody: string;
  view: View | null;
  createdAt: string;
}

export interface PageDetailRow extends PageRow {
  path: string[];
}
