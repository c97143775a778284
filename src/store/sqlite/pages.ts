// Page reads and writes on SQLite. The outline is kept as (seq, level) per live page; the dense
// display order of a page is the number of live pages before it.
import { ancestorsFromNearest, levelShift } from '../../domain/outline.ts';
import type { PageDetail, PageList, PageSummary, Paging } from '../../domain/types.ts';
import type { DeriveChanges, NewPage, PageChanges, StoredPage, TreeRow } from '../store.ts';
import type { SqliteConnection } from './connection.ts';

const LIVE = 'A';
const DELETED = 'D';

interface PageRow {
  base_id: string;
  content_id: string;
  seq: number;
  level: number;
  title: string;
  body: string;
  body_html: string | null;
  type: StoredPage['type'];
  lang: StoredPage['lang'];
  view: StoredPage['view'];
  created_at: string;
  updated_at: string;
}

interface SummaryRow {
  content_id: string;
  title: string;
  type: PageSummary['type'];
  level: number;
  lang: PageSummary['lang'];
  updated_at: string;
  seq: number;
}

const pageColumns = 'base_id, content_id, seq, level, title, body, body_html, type, lang, view, created_at, updated_at';
const summaryColumns = 'content_id, title, type, level, lang, updated_at, seq';

function toPage(row: PageRow): StoredPage {
  return {
    baseId: row.base_id,
    contentId: row.content_id,
    seq: row.seq,
    level: row.level,
    title: row.title,
    body: row.body,
    html: row.body_html,
    type: row.type,
    lang: row.lang,
    view: row.view,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toSummary(row: SummaryRow, order: number): PageSummary {
  return {
    contentId: row.content_id,
    title: row.title,
    type: row.type,
    level: row.level,
    order,
    lang: row.lang,
    updatedAt: row.updated_at,
  };
}

/** SQLite reads LIMIT -1 as "no limit". */
function limitOf(paging: Paging): [number, number] {
  return [paging.limit ?? -1, paging.offset ?? 0];
}

export class SqlitePages {
  private readonly sql: SqliteConnection;

  constructor(sql: SqliteConnection) {
    this.sql = sql;
  }

  count(baseId: string): number {
    return this.sql.get<{ n: number }>('SELECT count(*) AS n FROM pages WHERE base_id = ? AND status = ?', baseId, LIVE)!.n;
  }

  list(baseId: string, paging: Paging): PageList {
    const [limit, offset] = limitOf(paging);
    const rows = this.sql.all<SummaryRow>(
      `SELECT ${summaryColumns} FROM pages WHERE base_id = ? AND status = ? ORDER BY seq LIMIT ? OFFSET ?`,
      baseId, LIVE, limit, offset,
    );
    return { pages: rows.map((row, i) => toSummary(row, offset + i)), total: this.count(baseId) };
  }

  private orderOf(baseId: string, seq: number): number {
    return this.sql.get<{ n: number }>(
      'SELECT count(*) AS n FROM pages WHERE base_id = ? AND status = ? AND seq < ?', baseId, LIVE, seq,
    )!.n;
  }

  private find(baseId: string, contentId: string): StoredPage | null {
    const row = this.sql.get<PageRow>(
      `SELECT ${pageColumns} FROM pages WHERE base_id = ? AND content_id = ? AND status = ?`, baseId, contentId, LIVE,
    );
    return row ? toPage(row) : null;
  }

  private path(page: StoredPage): string[] {
    const nearest = [];
    for (let level = 0; level < page.level; level++) {
      const row = this.sql.get<{ seq: number; title: string }>(
        `SELECT seq, title FROM pages WHERE base_id = ? AND status = ? AND level = ? AND seq < ?
         ORDER BY seq DESC LIMIT 1`,
        page.baseId, LIVE, level, page.seq,
      );
      nearest.push(row ? { position: row.seq, title: row.title } : null);
    }
    return [...ancestorsFromNearest(nearest).map((a) => a.title), page.title];
  }

  private detail(page: StoredPage): PageDetail {
    const { html: _html, ...visible } = page;
    return { ...visible, path: this.path(page) };
  }

  get(baseId: string, contentId: string): PageDetail | null {
    const page = this.find(baseId, contentId);
    return page ? this.detail(page) : null;
  }

  search(baseId: string, terms: readonly string[], paging: Paging): PageList {
    const termMatch = terms.map(() => '(instr(search_title, ?) > 0 OR instr(search_body, ?) > 0)').join(' AND ');
    const titleMatch = terms.map(() => 'instr(search_title, ?) > 0').join(' OR ');
    const matchParams = terms.flatMap((t) => [t, t]);
    const where = `base_id = ? AND status = ? AND ${termMatch}`;
    const total = this.sql.get<{ n: number }>(
      `SELECT count(*) AS n FROM pages WHERE ${where}`, baseId, LIVE, ...matchParams,
    )!.n;
    const [limit, offset] = limitOf(paging);
    const rows = this.sql.all<SummaryRow>(
      `SELECT ${summaryColumns} FROM pages WHERE ${where}
       ORDER BY (${titleMatch}) DESC, updated_at DESC, seq LIMIT ? OFFSET ?`,
      baseId, LIVE, ...matchParams, ...terms, limit, offset,
    );
    return { pages: rows.map((row) => toSummary(row, this.orderOf(baseId, row.seq))), total };
  }

  tree(baseId: string, levels: number): TreeRow[] {
    return this.sql.all<TreeRow>(
      `SELECT content_id AS contentId, title, level FROM pages
       WHERE base_id = ? AND status = ? AND level < ? ORDER BY seq`,
      baseId, LIVE, levels,
    );
  }

  create(baseId: string, page: NewPage, newContentId: () => string): PageDetail {
    return this.sql.transaction(() => {
      const { seq } = this.sql.get<{ seq: number }>(
        'UPDATE bases SET next_seq = next_seq + 1 WHERE base_id = ? RETURNING next_seq - 1 AS seq', baseId,
      )!;
      let contentId = newContentId();
      while (this.sql.get('SELECT 1 FROM pages WHERE base_id = ? AND content_id = ?', baseId, contentId)) {
        contentId = newContentId();
      }
      this.sql.run(
        `INSERT INTO pages (base_id, content_id, seq, level, status, title, body, body_html, type, lang, view,
           search_title, search_body, created_at, updated_at)
         VALUES (?, ?, ?, 0, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)`,
        baseId, contentId, seq, LIVE, page.title, page.body, page.html, page.type, page.lang,
        page.searchTitle, page.searchBody, page.now, page.now,
      );
      return this.detail(this.find(baseId, contentId)!);
    });
  }

  /** Seq just past the last descendant of the page (or null when they run to the end). */
  private subtreeEnd(page: StoredPage): number | null {
    const row = this.sql.get<{ seq: number }>(
      `SELECT seq FROM pages WHERE base_id = ? AND status = ? AND seq > ? AND level <= ? ORDER BY seq LIMIT 1`,
      page.baseId, LIVE, page.seq, page.level,
    );
    return row ? row.seq : null;
  }

  private shiftDescendants(page: StoredPage, shift: number): void {
    const end = this.subtreeEnd(page) ?? Number.MAX_SAFE_INTEGER;
    this.sql.run(
      'UPDATE pages SET level = level + ? WHERE base_id = ? AND status = ? AND seq > ? AND seq < ?',
      shift, page.baseId, LIVE, page.seq, end,
    );
  }

  private deepestDescendant(page: StoredPage): number {
    const end = this.subtreeEnd(page) ?? Number.MAX_SAFE_INTEGER;
    const row = this.sql.get<{ deepest: number | null }>(
      'SELECT max(level) AS deepest FROM pages WHERE base_id = ? AND status = ? AND seq > ? AND seq < ?',
      page.baseId, LIVE, page.seq, end,
    );
    return row?.deepest ?? page.level;
  }

  update(baseId: string, contentId: string, derive: DeriveChanges, now: string): PageDetail | null {
    return this.sql.transaction(() => {
      const page = this.find(baseId, contentId);
      if (!page) return null;
      const changes: PageChanges = derive(page);
      if (changes.level !== undefined && changes.level !== page.level) {
        const shift = levelShift(page.level, this.deepestDescendant(page), changes.level);
        this.shiftDescendants(page, shift);
      }
      const { searchTitle, searchBody, ...visibleChanges } = changes;
      const updated: StoredPage = { ...page, ...visibleChanges, updatedAt: now };
      this.sql.run(
        `UPDATE pages SET level = ?, title = ?, body = ?, body_html = ?, type = ?, lang = ?, view = ?,
           search_title = coalesce(?, search_title), search_body = coalesce(?, search_body), updated_at = ?
         WHERE base_id = ? AND content_id = ?`,
        updated.level, updated.title, updated.body, updated.html, updated.type, updated.lang, updated.view,
        searchTitle ?? null, searchBody ?? null, now, baseId, contentId,
      );
      return this.detail(updated);
    });
  }

  delete(baseId: string, contentId: string, now: string): boolean {
    return this.sql.transaction(() => {
      const page = this.find(baseId, contentId);
      if (!page) return false;
      this.shiftDescendants(page, -1);
      this.sql.run(
        'UPDATE pages SET status = ?, deleted_at = ? WHERE base_id = ? AND content_id = ?', DELETED, now, baseId, contentId,
      );
      return true;
    });
  }
}
