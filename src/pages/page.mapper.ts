// Page rows to the contract's JSON: domain names in, the contract's field names out.
import type { PageDetailRow, PageSummaryRow } from './page.rows';
import type { PageListResponse, PageResponse, PageSummaryResponse } from './dto/page.response';

export function toPageResponse(page: PageDetailRow): PageResponse {
  return {
    content_id: page.contentId,
    title: page.title,
    body: page.body,
    type: page.type,
    level: page.level,
    path: page.path,
    lang: page.lang,
    view: page.view,
    created_at: page.createdAt,
    updated_at: page.updatedAt,
  };
}

export function toSummaryResponse(page: PageSummaryRow): PageSummaryResponse {
  return {
    content_id: page.contentId,
    title: page.title,
    type: page.type,
    level: page.level,
    order: page.order,
    lang: page.lang,
    updated_at: page.updatedAt,
  };
}

export function toPageListResponse(list: { pages: PageSummaryRow[]; total: number }): PageListResponse {
  return { pages: list.pages.map(toSummaryResponse), total: list.total };
}
