// The reads of the web UI's reading (src/reading): a base's whole live outline with what visibility
// needs of each page (its own view) and what a tree shows (title), the pages whose view may have
// changed since a count of page writes, and a page with its texts. Each is one statement of pages
// and the base row (bases/base-row.query.ts), so the state it read at (outline version, count of
// page writes) comes with its rows and tells what a kept outline still holds. Exported for the
// reading module, which keeps the outlines.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BASE_CHANGES_COLUMNS, BASE_ROW, baseChangesOf, type BaseChanges } from '../bases/base-row.query';
import { dialectOf, tableWithIndex, textBytesSql, textOf } from '../database/dialect';
import { sql } from '../database/sql';
import type { ContentType, Lang, View } from '../vocabulary';

/** A base as a reader meets it: its view and description, and the state its pages are at. */
export interface ReadingBaseState extends BaseChanges {
  baseId: string;
  view: View;
  description: string;
}

/** A live page of the outline, named as the fields here (both drivers answer INT columns as numbers). */
export interface OutlineRow {
  pageId: number;
  contentId: string;
  title: string;
  level: number;
  /** The page's own view; null: the base's. */
  view: View | null;
}

/** A page written since a count, as far as the outline's views go. */
export interface ChangedView {
  contentId: string;
  view: View | null;
  live: boolean;
}

export interface ReadingPageRow {
  pageId: number;
  contentId: string;
  title: string;
  type: ContentType;
  lang: Lang;
  level: number;
  view: View | null;
  createdAt: string;
  updatedAt: string;
  body: string;
  /** The stored HTML of a Markdown page (null for the other types). */
  bodyHtml: string | null;
}

const BASE_COLUMNS = sql`b.base_id AS reading_base_id, b.view_mode AS base_view, b.description AS base_description, ${BASE_CHANGES_COLUMNS}`;

function stateOf(row: Record<string, unknown>): ReadingBaseState {
  return {
    ...baseChangesOf(row), baseId: String(row.reading_base_id), view: row.base_view as View, description: String(row.base_description),
  };
}

const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

@Injectable()
export class OutlineRowsQuery {
  /** The base's view, description and state; null when there is no such base. */
  async baseState(em: EntityManager, baseId: string): Promise<ReadingBaseState | null> {
    const rows: Record<string, unknown>[] = await em.query(`SELECT ${BASE_COLUMNS} FROM ${BASE_ROW} WHERE b.base_id = ?`, [baseId]);
    return rows[0] ? stateOf(rows[0]) : null;
  }

  /**
   * Every live page of the base in display order, as the driver gives them (no second copy of
   * 100,000 rows). The caller reads the base's state before, so the rows are at least as new as it.
   */
  outline(em: EntityManager, baseId: string): Promise<OutlineRow[]> {
    const pages = tableWithIndex(dialectOf(em), sql`pages`, sql`pages_by_order`, sql`p`);
    return em.query(
      `SELECT p.page_id AS pageId, p.content_id AS contentId, p.title, p.level, p.view_mode AS view
       FROM ${pages} WHERE p.base_id = ? AND p.pos IS NOT NULL ORDER BY p.pos`,
      [baseId],
    );
  }

  /**
   * The base's state now, and the pages written after its count of page writes was `since` (views,
   * and whether each is live), in one statement along pages_by_change; null when there is no such base.
   */
  async changedSince(em: EntityManager, baseId: string, since: number): Promise<{ state: ReadingBaseState; changed: ChangedView[] } | null> {
    const rows: Record<string, unknown>[] = await em.query(
      `SELECT ${BASE_COLUMNS}, p.content_id, p.view_mode, p.status
       FROM ${BASE_ROW} LEFT JOIN pages p ON p.base_id = b.base_id AND p.change_no > ?
       WHERE b.base_id = ?`,
      [since, baseId],
    );
    if (rows.length === 0) return null;
    const changed = rows.filter((row) => row.content_id !== null && row.content_id !== undefined)
      .map((row) => ({ contentId: String(row.content_id), view: (row.view_mode ?? null) as View | null, live: row.status === 'A' }));
    return { state: stateOf(rows[0]), changed };
  }

  /** The base's state and its live page `contentId` with its texts (null when there is no such page); null when there is no such base. */
  async page(em: EntityManager, baseId: string, contentId: string): Promise<{ state: ReadingBaseState; page: ReadingPageRow | null } | null> {
    const dialect = dialectOf(em);
    const rows: Record<string, unknown>[] = await em.query(
      `SELECT ${BASE_COLUMNS}, p.page_id, p.content_id, p.title, p.type, p.lang, p.level, p.view_mode,
         p.created_at AS page_created_at, p.updated_at, ${textBytesSql(dialect, sql`t.body`)} AS body, ${textBytesSql(dialect, sql`t.body_html`)} AS body_html
       FROM ${BASE_ROW} LEFT JOIN pages p ON p.base_id = b.base_id AND p.content_id = ? AND p.status = 'A'
         LEFT JOIN page_texts t ON t.page_id = p.page_id
       WHERE b.base_id = ?`,
      [contentId, baseId],
    );
    const row = rows[0];
    if (!row) return null;
    const state = stateOf(row);
    // MariaDB's binary collation ignores trailing spaces: the page found must be named as asked.
    if (numberOrNull(row.page_id) === null || row.content_id !== contentId || row.body === null || row.body === undefined) return { state, page: null };
    return {
      state,
      page: {
        pageId: Number(row.page_id), contentId: String(row.content_id), title: String(row.title), type: row.type as ContentType,
        lang: row.lang as Lang, level: Number(row.level), view: (row.view_mode ?? null) as View | null,
        createdAt: String(row.page_created_at), updatedAt: String(row.updated_at),
        body: textOf(row.body as string | Buffer), bodyHtml: row.body_html === null || row.body_html === undefined ? null : textOf(row.body_html as string | Buffer),
      },
    };
  }
}
