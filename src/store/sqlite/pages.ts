// Page reads and writes on SQLite. The outline is kept as (seq, level) per page, clustered by seq;
// the dense display order is derived from the live blocks (order.ts), and search runs on its own
// index (search.ts), kept in step inside each write's transaction (search-index.ts).
import { ancestorsFromNearest, levelShift } from '../../domain/outline.ts';
import type { PageDetail, PageList, PageSummary, Paging } from '../../domain/types.ts';
import type { BulkPage, DeriveChanges, NewPage, PageChanges, StoredPage, TreeRow } from '../store.ts';
import type { SqliteConnection } from './connection.ts';
import { LiveBlocks } from './order.ts';
import { SearchIndex } from './search-index.ts';
import { SqliteSearch } from './search.ts';
import { TreeCache } from '../tree-cache.ts';

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

/** Where a page sits in the outline: enough to find its descendants. */
type Position = Pick<StoredPage, 'baseId' | 'seq' | 'level'>;

/** A page with its texts; `html` says whether to read the rendered HTML, which only writes need. */
const pageSelect = (html: boolean) => `SELECT p.base_id, p.content_id, p.seq, p.level, p.title, t.body,
  ${html ? 't.body_html' : 'NULL AS body_html'}, p.type, p.lang, p.view, p.created_at, p.updated_at
  FROM pages p JOIN page_texts t ON t.base_id = p.base_id AND t.seq = p.seq
  WHERE p.base_id = ? AND p.content_id = ? AND p.status = ?`;
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

export class SqlitePages {
  private readonly sql: SqliteConnection;
  private readonly live: LiveBlocks;
  private readonly index: SearchIndex;
  private readonly searcher: SqliteSearch;
  private readonly treeCache = new TreeCache();

  constructor(sql: SqliteConnection, searchMergeThreshold?: number) {
    this.sql = sql;
    this.live = new LiveBlocks(sql);
    this.index = new SearchIndex(sql, searchMergeThreshold);
    this.searcher = new SqliteSearch(sql, this.index, this.live);
  }

  count(baseId: string): number {
    return this.live.count(baseId);
  }

  list(baseId: string, paging: Paging): PageList {
    return this.sql.read(() => {
      const total = this.live.count(baseId);
      const offset = paging.offset ?? 0;
      // The page at the offset is found in the live blocks, so no rows are skipped one by one.
      const start = offset === 0 ? 0 : this.live.seqAt(baseId, offset);
      if (start === null) return { pages: [], total };
      const rows = this.sql.all<SummaryRow>(
        `SELECT ${summaryColumns} FROM pages WHERE base_id = ? AND seq >= ? AND status = ? ORDER BY seq LIMIT ?`,
        baseId, start, LIVE, paging.limit ?? -1,
      );
      return { pages: rows.map((row, i) => toSummary(row, offset + i)), total };
    });
  }

  private find(baseId: string, contentId: string, html = true): StoredPage | null {
    const row = this.sql.get<PageRow>(pageSelect(html), baseId, contentId, LIVE);
    return row ? toPage(row) : null;
  }

  private path(page: StoredPage): string[] {
    const nearest = [];
    for (let level = 0; level < page.level; level++) {
      const row = this.sql.get<{ seq: number; title: string }>(
        `SELECT seq, title FROM pages INDEXED BY pages_by_level WHERE base_id = ? AND status = ? AND level = ? AND seq < ?
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
    return this.sql.read(() => {
      const page = this.find(baseId, contentId, false);
      return page ? this.detail(page) : null;
    });
  }

  search(baseId: string, terms: readonly string[], paging: Paging): PageList {
    return this.sql.read(() => {
      const { total, seqs, orders } = this.searcher.search(baseId, terms, paging);
      return { pages: this.summaries(baseId, seqs, orders), total };
    });
  }

  /** Summaries of live pages, in the order of `seqs`, with their dense orders. */
  private summaries(baseId: string, seqs: readonly number[], orders: Map<number, number>): PageSummary[] {
    if (seqs.length === 0) return [];
    const rows = new Map(this.sql.all<SummaryRow>(
      `SELECT ${summaryColumns} FROM pages WHERE base_id = ? AND seq IN (SELECT value FROM json_each(?))`,
      baseId, JSON.stringify(seqs),
    ).map((row) => [row.seq, row]));
    return seqs.map((seq) => toSummary(rows.get(seq)!, orders.get(seq)!));
  }

  tree(baseId: string, levels: number): readonly TreeRow[] {
    return this.sql.read(() => {
      const version = this.sql.get<{ v: number }>('SELECT outline_version AS v FROM bases WHERE base_id = ?', baseId)?.v ?? 0;
      // One pass over the base in seq order; the unary + keeps the planner off pages_by_level,
      // which would need a sort of every selected row.
      return this.treeCache.rows(baseId, version, levels, () => this.sql.tuples<[string, string, number]>(
        'SELECT content_id, title, level FROM pages WHERE base_id = ? AND +status = ? AND +level < ? ORDER BY seq',
        baseId, LIVE, levels,
      ).map(([contentId, title, level]) => ({ contentId, title, level })));
    });
  }

  /** Marks the tree of the base as changed (see ../tree-cache.ts). */
  private outlineChanged(baseId: string): void {
    this.sql.run('UPDATE bases SET outline_version = outline_version + 1 WHERE base_id = ?', baseId);
  }

  /** Appends one page (inside a transaction); returns its seq and content id. */
  private append(baseId: string, page: NewPage, level: number, newContentId: () => string): { seq: number; contentId: string } {
    const { seq } = this.sql.get<{ seq: number }>(
      `UPDATE bases SET next_seq = next_seq + 1, outline_version = outline_version + 1
       WHERE base_id = ? RETURNING next_seq - 1 AS seq`,
      baseId,
    )!;
    let contentId = newContentId();
    while (this.sql.get('SELECT 1 FROM pages WHERE base_id = ? AND content_id = ?', baseId, contentId)) {
      contentId = newContentId();
    }
    this.sql.run(
      `INSERT INTO pages (base_id, seq, content_id, level, status, title, type, lang, view, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
      baseId, seq, contentId, level, LIVE, page.title, page.type, page.lang, page.now, page.now,
    );
    this.sql.run(
      'INSERT INTO page_texts (base_id, seq, search_title, search_body, body, body_html) VALUES (?, ?, ?, ?, ?, ?)',
      baseId, seq, page.searchTitle, page.searchBody, page.body, page.html,
    );
    this.live.setLive(baseId, seq, true);
    return { seq, contentId };
  }

  create(baseId: string, page: NewPage, newContentId: () => string): PageDetail {
    return this.sql.transaction(() => {
      const { seq, contentId } = this.append(baseId, page, 0, newContentId);
      this.index.pageAdded(baseId, seq);
      this.index.mergeWhenDue(baseId);
      return this.detail(this.find(baseId, contentId, false)!);
    });
  }

  /**
   * Appends many pages in one transaction and indexes them in one pass: for seeding benchmarks
   * and tests. Levels are taken as given. Returns the content ids in order.
   */
  bulkInsert(baseId: string, pages: Iterable<BulkPage>, newContentId: () => string): string[] {
    return this.sql.transaction(() => {
      const ids: string[] = [];
      for (const page of pages) {
        const { seq, contentId } = this.append(baseId, page, page.level ?? 0, newContentId);
        this.index.pageAdded(baseId, seq);
        ids.push(contentId);
      }
      this.index.merge(baseId);
      return ids;
    });
  }

  /** Seq just past the last descendant of the page (or null when they run to the end). */
  private subtreeEnd(page: Position): number | null {
    const row = this.sql.get<{ seq: number }>(
      'SELECT seq FROM pages WHERE base_id = ? AND seq > ? AND status = ? AND level <= ? ORDER BY seq LIMIT 1',
      page.baseId, page.seq, LIVE, page.level,
    );
    return row ? row.seq : null;
  }

  private shiftDescendants(page: Position, shift: number): void {
    const end = this.subtreeEnd(page) ?? Number.MAX_SAFE_INTEGER;
    this.sql.run(
      'UPDATE pages SET level = level + ? WHERE base_id = ? AND seq > ? AND seq < ? AND status = ?',
      shift, page.baseId, page.seq, end, LIVE,
    );
  }

  private deepestDescendant(page: Position): number {
    const end = this.subtreeEnd(page) ?? Number.MAX_SAFE_INTEGER;
    const row = this.sql.get<{ deepest: number | null }>(
      'SELECT max(level) AS deepest FROM pages WHERE base_id = ? AND seq > ? AND seq < ? AND status = ?',
      page.baseId, page.seq, end, LIVE,
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
      if (updated.level !== page.level || updated.title !== page.title) this.outlineChanged(baseId);
      this.sql.run(
        `UPDATE pages SET level = ?, title = ?, type = ?, lang = ?, view = ?, updated_at = ?
         WHERE base_id = ? AND seq = ?`,
        updated.level, updated.title, updated.type, updated.lang, updated.view, now, baseId, page.seq,
      );
      if (changes.body !== undefined || changes.html !== undefined || searchTitle !== undefined || searchBody !== undefined) {
        this.updateTexts(page, updated, searchTitle, searchBody);
      }
      return this.detail(updated);
    });
  }

  private updateTexts(page: StoredPage, updated: StoredPage, searchTitle?: string, searchBody?: string): void {
    const old = this.sql.get<{ search_title: string; search_body: string }>(
      'SELECT search_title, search_body FROM page_texts WHERE base_id = ? AND seq = ?', page.baseId, page.seq,
    )!;
    const textChanges = (searchTitle ?? old.search_title) !== old.search_title || (searchBody ?? old.search_body) !== old.search_body;
    if (textChanges) this.index.textChanging(page.baseId, page.seq, { title: old.search_title, body: old.search_body });
    this.sql.run(
      `UPDATE page_texts SET body = ?, body_html = ?, search_title = coalesce(?, search_title), search_body = coalesce(?, search_body)
       WHERE base_id = ? AND seq = ?`,
      updated.body, updated.html, searchTitle ?? null, searchBody ?? null, page.baseId, page.seq,
    );
    if (textChanges) this.index.mergeWhenDue(page.baseId);
  }

  delete(baseId: string, contentId: string, now: string): boolean {
    return this.sql.transaction(() => {
      const row = this.sql.get<{ seq: number; level: number }>(
        'SELECT seq, level FROM pages WHERE base_id = ? AND content_id = ? AND status = ?', baseId, contentId, LIVE,
      );
      if (!row) return false;
      this.shiftDescendants({ baseId, seq: row.seq, level: row.level }, -1);
      this.sql.run('UPDATE pages SET status = ?, deleted_at = ? WHERE base_id = ? AND seq = ?', DELETED, now, baseId, row.seq);
      this.live.setLive(baseId, row.seq, false);
      this.outlineChanged(baseId);
      return true;
    });
  }
}
