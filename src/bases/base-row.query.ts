// The base row as other modules' statements read it, joined into the statement that reads their
// own rows (a page's detail, a token's access, a search's state) so that it costs no statement of
// its own: the bases module builds these fragments, so the SQL of its table stays in its files. The
// row is `b`; what others read of it: outline_version (moved by every outline write:
// UnitOfWork.writeOutline), live_pages, page_changes (page-changes.query.ts), created_at,
// description, view_mode. Sql (database/sql.ts), so that they may be joined into a write's statements.

import { sql, type Sql } from '../database/sql';

/** The base row as the first table of a statement: `FROM ${BASE_ROW} … WHERE b.base_id = ?`. */
export const BASE_ROW = sql`bases b`;

/** Joins the row of the base whose id is `baseIdColumn`, as `b`. */
export function joinBaseRow(baseIdColumn: Sql, join: 'JOIN' | 'LEFT JOIN' = 'JOIN'): Sql {
  return sql`${join === 'JOIN' ? sql`JOIN` : sql`LEFT JOIN`} bases b ON b.base_id = ${baseIdColumn}`;
}

/** The base's outline version, as a column of a statement reading other rows (its parameter: the base id). */
export const OUTLINE_VERSION_COLUMN = sql`(SELECT outline_version FROM bases WHERE base_id = ?) AS outline_version`;

/**
 * What every summary of a base's pages is as of: the base's identity, its count of page writes and
 * its outline version. A write that changes a summary moves the count or the version (a level shift
 * of descendants moves the version), so two reads at one state read the same summaries.
 */
export interface BaseState {
  createdAt: string;
  changes: number;
  outlineVersion: number;
}

export const sameState = (a: BaseState, b: BaseState): boolean =>
  a.changes === b.changes && a.outlineVersion === b.outlineVersion && a.createdAt === b.createdAt;

/** The columns of a base's state, of its row as `b`. */
export const BASE_STATE_COLUMNS = sql`b.page_changes, b.created_at, b.outline_version`;

export const baseStateOf = (row: Record<string, unknown>): BaseState =>
  ({ createdAt: String(row.created_at), changes: Number(row.page_changes), outlineVersion: Number(row.outline_version) });

/** A base's state and its live pages. */
export interface BaseChanges extends BaseState {
  livePages: number;
}

/** The columns of a base's changes, of its row as `b` (read after what they must count: SearchRepository.searchStateRead). */
export const BASE_CHANGES_COLUMNS = sql`${BASE_STATE_COLUMNS}, b.live_pages`;

export const baseChangesOf = (row: Record<string, unknown>): BaseChanges => ({ ...baseStateOf(row), livePages: Number(row.live_pages) });
