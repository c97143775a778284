// How other modules' statements read pages, where joining them into their own statement saves a
// statement (on MySQL/MariaDB a round trip): the pages module builds these fragments, so the SQL
// of its tables stays in its files. A page's row is `p`.
import { sql, type Sql } from '../database/sql';
import type { SqlSource } from '../database/sql-source';

/**
 * A page of the base by its content id, live or not (p.status = 'A' while live): `p`. So a create
 * names the page it has just appended (PagesRepository.append) without waiting for its page id.
 */
export function pageByContentId(baseId: string, contentId: string): SqlSource {
  return { from: sql`pages p`, where: sql`p.base_id = ? AND p.content_id = ?`, params: [baseId, contentId] };
}

/** Pages as the first table of a statement: `p`. */
export const PAGES = sql`pages p`;

/** Page texts as the first table of a statement: `t`, with t.search_title and t.search_body (the normalised texts search reads). */
export const PAGE_TEXTS = sql`page_texts t`;

/** Joins the page whose id is `pageIdColumn`, as `p`: p.status ('A' while live) and p.change_no (page-changes.query.ts) among its columns. */
export function joinPage(pageIdColumn: Sql): Sql {
  return sql`JOIN pages p ON p.page_id = ${pageIdColumn}`;
}

/** Joins the texts of the page whose id is `pageIdColumn`, as `t`; `andOn`, a condition beginning with AND, narrows a LEFT JOIN. */
export function joinPageTexts(pageIdColumn: Sql, join: 'JOIN' | 'LEFT JOIN' = 'JOIN', andOn: Sql = sql``): Sql {
  return sql`${join === 'LEFT JOIN' ? sql`LEFT JOIN` : sql`JOIN`} page_texts t ON t.page_id = ${pageIdColumn}${andOn}`;
}
