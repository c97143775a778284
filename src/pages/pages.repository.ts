// The SQL of pages: reads of live pages and the outline writes. Every method takes the
// EntityManager of the caller's read or transaction; the SQL is accepted by SQLite and MySQL/MariaDB.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { dialectOf, lockBaseSql, tableWithIndex } from '../database/dialect';
import type { ContentType, Lang, View } from '../vocabulary';
import type { PageRow, PageSummaryRow } from './page.rows';

const SUMMARY_COLUMNS = 'p.content_id, p.title, p.type, p.level, p.ord, p.lang, p.updated_at';

interface SummaryRecord {
  content_id: string; title: string; type: ContentType; level: number; ord: number; lang: Lang; updated_at: string;
}
interface PageRecord extends SummaryRecord {
  page_id: number; base_id: string; body: string; body_html: string | null; search_title: string;
  search_body: string; view_mode: View | null; created_at: string;
}

export function toSummary(r: SummaryRecord): PageSummaryRow {
  return { contentId: r.content_id, title: r.title, type: r.type, level: Number(r.level), order: Number(r.ord), lang: r.lang, updatedAt: r.updated_at };
}

function toPage(r: PageRecord): PageRow {
  return {
    ...toSummary(r), pageId: Number(r.page_id), baseId: r.base_id, body: r.body, bodyHtml: r.body_html,
    searchTitle: r.search_title, searchBody: r.search_body, view: r.view_mode, createdAt: r.created_at,
  };
}

/** The row id a driver reports for an INSERT: better-sqlite3 gives it as is, mysql2 in a header. */
function insertedId(result: unknown): number {
  return Number(typeof result === 'object' && result !== null ? (result as { insertId: number }).insertId : result);
}

export interface NearestPages {
  nearest: ({ position: number; title: string } | null)[];
  outlineVersion: number | null;
}

export interface NewPageRow {
  baseId: string; contentId: string; ord: number; title: string; type: ContentType; lang: Lang; now: string;
  body: string; bodyHtml: string | null; searchTitle: string; searchBody: string;
}

export type PageColumnChanges = Partial<{
  title: string; type: ContentType; lang: Lang; view: View | null; updatedAt: string;
}>;
export type PageTextChanges = Partial<{ body: string; bodyHtml: string | null; searchTitle: string; searchBody: string }>;

const pageColumns: Record<keyof PageColumnChanges, string> = { title: 'title', type: 'type', lang: 'lang', view: 'view_mode', updatedAt: 'updated_at' };
const textColumns: Record<keyof PageTextChanges, string> = { body: 'body', bodyHtml: 'body_html', searchTitle: 'search_title', searchBody: 'search_body' };

function setClause<K extends string>(changes: Partial<Record<K, unknown>>, columns: Record<K, string>): [string, unknown[]] {
  const keys = (Object.keys(changes) as K[]).filter((key) => changes[key] !== undefined);
  return [keys.map((key) => `${columns[key]} = ?`).join(', '), keys.map((key) => changes[key])];
}

@Injectable()
export class PagesRepository {
  async findLive(em: EntityManager, baseId: string, contentId: string): Promise<PageRow | null> {
    return (await this.findLiveVersioned(em, baseId, contentId))?.page ?? null;
  }

  /** A live page with the outline version of its base, read together in one statement. */
  async findLiveVersioned(em: EntityManager, baseId: string, contentId: string): Promise<{ page: PageRow; outlineVersion: number } | null> {
    const rows: (PageRecord & { outline_version: number })[] = await em.query(
      `SELECT ${SUMMARY_COLUMNS}, p.page_id, p.base_id, p.view_mode, p.created_at,
              t.body, t.body_html, t.search_title, t.search_body, b.outline_version
       FROM pages p JOIN page_texts t ON t.page_id = p.page_id JOIN bases b ON b.base_id = p.base_id
       WHERE p.base_id = ? AND p.content_id = ? AND p.status = 'A'`,
      [baseId, contentId],
    );
    return rows[0] ? { page: toPage(rows[0]), outlineVersion: Number(rows[0].outline_version) } : null;
  }

  /**
   * The nearest page of each level below `level` before position `ord`, by level (one index probe
   * a level), with the outline version of the base read in the same statement (null for level 0).
   */
  async nearestBefore(em: EntityManager, baseId: string, ord: number, level: number): Promise<NearestPages> {
    if (level === 0) return { nearest: [], outlineVersion: null };
    // The version comes as the row of level -1; each level is an integer of ours, written into the
    // SQL so that each row says which part it answers.
    const parts = ['SELECT -1 AS lvl, outline_version AS ord, NULL AS title FROM bases WHERE base_id = ?'];
    const params: unknown[] = [baseId];
    const byLevel = tableWithIndex(dialectOf(em), 'pages', 'pages_by_level');
    for (let l = 0; l < level; l++) {
      parts.push(`SELECT ${l} AS lvl, ord, title FROM (SELECT ord, title FROM ${byLevel} WHERE base_id = ? AND level = ? AND ord < ? ORDER BY ord DESC LIMIT 1) AS a${l}`);
      params.push(baseId, l, ord);
    }
    const rows: { lvl: number; ord: number; title: string }[] = await em.query(parts.join(' UNION ALL '), params);
    const nearest: ({ position: number; title: string } | null)[] = Array.from({ length: level }, () => null);
    let outlineVersion: number | null = null;
    for (const row of rows) {
      if (Number(row.lvl) === -1) outlineVersion = Number(row.ord);
      else nearest[Number(row.lvl)] = { position: Number(row.ord), title: row.title };
    }
    return { nearest, outlineVersion };
  }

  /**
   * Live pages at positions from `from` (inclusive) to `to` (exclusive), in display order, with the
   * base's live page count. One statement, so pages and count come from the same committed outline
   * even while writes commit (two reads could pair a count with a list of another moment).
   */
  async listWindow(em: EntityManager, baseId: string, from: number, to: number): Promise<{ pages: PageSummaryRow[]; total: number }> {
    const rows: (Partial<SummaryRecord> & { live_pages: number })[] = await em.query(
      `SELECT b.live_pages, ${SUMMARY_COLUMNS} FROM bases b
       LEFT JOIN pages p ON p.base_id = b.base_id AND p.ord >= ? AND p.ord < ?
       WHERE b.base_id = ? ORDER BY p.ord`,
      [from, to, baseId],
    );
    const pages = rows.filter((r) => r.content_id !== null && r.content_id !== undefined).map((r) => toSummary(r as SummaryRecord));
    return { pages, total: rows[0] ? Number(rows[0].live_pages) : 0 };
  }

  /** Locks the base for this transaction's outline write; its live page count, or null when it is gone. */
  async lockBase(tx: EntityManager, baseId: string): Promise<number | null> {
    const rows: { base_id: string }[] = await tx.query(lockBaseSql(dialectOf(tx)), [baseId]);
    if (!rows[0]) return null;
    const counts: { live_pages: number }[] = await tx.query('SELECT live_pages FROM bases WHERE base_id = ?', [baseId]);
    return Number(counts[0].live_pages);
  }

  async contentIdTaken(tx: EntityManager, baseId: string, contentId: string): Promise<boolean> {
    const rows: unknown[] = await tx.query('SELECT 1 AS taken FROM pages WHERE base_id = ? AND content_id = ?', [baseId, contentId]);
    return rows.length > 0;
  }

  async insert(tx: EntityManager, page: NewPageRow): Promise<number> {
    const result = await tx.query(
      `INSERT INTO pages (base_id, content_id, ord, level, status, title, type, lang, view_mode, created_at, updated_at)
       VALUES (?, ?, ?, 0, 'A', ?, ?, ?, NULL, ?, ?)`,
      [page.baseId, page.contentId, page.ord, page.title, page.type, page.lang, page.now, page.now],
    );
    const pageId = insertedId(result);
    await tx.query(
      'INSERT INTO page_texts (page_id, body, body_html, search_title, search_body) VALUES (?, ?, ?, ?, ?)',
      [pageId, page.body, page.bodyHtml, page.searchTitle, page.searchBody],
    );
    return pageId;
  }

  async update(tx: EntityManager, pageId: number, page: PageColumnChanges, text: PageTextChanges): Promise<void> {
    const [pageSet, pageParams] = setClause(page, pageColumns);
    if (pageSet) await tx.query(`UPDATE pages SET ${pageSet} WHERE page_id = ?`, [...pageParams, pageId]);
    const [textSet, textParams] = setClause(text, textColumns);
    if (textSet) await tx.query(`UPDATE page_texts SET ${textSet} WHERE page_id = ?`, [...textParams, pageId]);
  }

  /** End (exclusive) of the descendants of the page at `ord`: the first later page not deeper than it. */
  async descendantsEnd(tx: EntityManager, baseId: string, ord: number, level: number, livePages: number): Promise<number> {
    // Walks the (base_id, ord) index forward through the descendants only.
    const rows: { ord: number | null }[] = await tx.query(
      `SELECT ord FROM ${tableWithIndex(dialectOf(tx), 'pages', 'pages_by_order')} WHERE base_id = ? AND ord > ? AND level <= ? ORDER BY ord LIMIT 1`,
      [baseId, ord, level],
    );
    return rows[0]?.ord === null || rows[0]?.ord === undefined ? livePages : Number(rows[0].ord);
  }

  async deepestLevel(tx: EntityManager, baseId: string, from: number, to: number): Promise<number> {
    const rows: { deepest: number }[] = await tx.query(
      `SELECT MAX(level) AS deepest FROM ${tableWithIndex(dialectOf(tx), 'pages', 'pages_by_order')} WHERE base_id = ? AND ord >= ? AND ord < ?`, [baseId, from, to],
    );
    return Number(rows[0].deepest);
  }

  async shiftLevels(tx: EntityManager, baseId: string, from: number, to: number, shift: number): Promise<void> {
    if (shift === 0 || from >= to) return;
    await tx.query('UPDATE pages SET level = level + ? WHERE base_id = ? AND ord >= ? AND ord < ?', [shift, baseId, from, to]);
  }

  /** Takes the page out of the live list (keeping its former position) and closes the gap. */
  async softDelete(tx: EntityManager, page: { pageId: number; baseId: string; order: number }, now: string): Promise<void> {
    await tx.query(
      "UPDATE pages SET status = 'D', deleted_ord = ord, ord = NULL, deleted_at = ?, updated_at = ? WHERE page_id = ?",
      [now, now, page.pageId],
    );
    await tx.query('UPDATE pages SET ord = ord - 1 WHERE base_id = ? AND ord > ?', [page.baseId, page.order]);
  }

  /** Records an outline change on the base: live page count and the version the tree is kept by. */
  async outlineChanged(tx: EntityManager, baseId: string, liveDelta: number): Promise<void> {
    await tx.query('UPDATE bases SET live_pages = live_pages + ?, outline_version = outline_version + 1 WHERE base_id = ?', [liveDelta, baseId]);
  }
}
