// Page rows as PostgreSQL returns them, and their domain shapes.
import { ancestorsFromNearest } from '../../domain/outline.ts';
import type { PageDetail, PageSummary } from '../../domain/types.ts';
import type { StoredPage } from '../store.ts';
import type { Tx } from './pool.ts';
import { iso } from './sql.ts';
import { decodeNullable, decodeText } from './text-codec.ts';

export const LIVE = 'A';
export const DELETED = 'D';

export interface PageRow {
  base_id: string;
  content_id: string;
  /** bigint: node-postgres hands it over as a string. */
  seq: string;
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

export interface SummaryRow {
  content_id: string;
  title: string;
  type: PageSummary['type'];
  level: number;
  lang: PageSummary['lang'];
  updated_at: string;
  seq: string;
}

/** The columns of a whole page, from `pages p JOIN page_texts t`. */
const pageColumns = `p.base_id, p.content_id, p.seq, p.level, p.title, t.body, t.body_html, p.type, p.lang, p.view,
  ${iso('p.created_at')} AS created_at, ${iso('p.updated_at')} AS updated_at`;
const pageTables = 'pages p JOIN page_texts t ON t.base_id = p.base_id AND t.seq = p.seq';
export const summaryColumns = `content_id, title, type, level, lang, ${iso('updated_at')} AS updated_at, seq`;

export function toPage(row: PageRow): StoredPage {
  return {
    baseId: row.base_id,
    contentId: row.content_id,
    seq: Number(row.seq),
    level: row.level,
    title: decodeText(row.title),
    body: decodeText(row.body),
    html: decodeNullable(row.body_html),
    type: row.type,
    lang: row.lang,
    view: row.view,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toSummary(row: SummaryRow, order: number): PageSummary {
  return {
    contentId: row.content_id,
    title: decodeText(row.title),
    type: row.type,
    level: row.level,
    order,
    lang: row.lang,
    updatedAt: row.updated_at,
  };
}

/**
 * The live page; with `lock`, its rows stay locked for the rest of the transaction. Both rows are
 * locked so that a read that waited for another writer sees that writer's texts too.
 */
export async function findPage(q: Tx, baseId: string, contentId: string, lock = false): Promise<StoredPage | null> {
  const row = await q.row<PageRow>(
    `SELECT ${pageColumns} FROM ${pageTables}
     WHERE p.base_id = $1 AND p.content_id = $2 AND p.status = '${LIVE}'${lock ? ' FOR UPDATE' : ''}`,
    [baseId, contentId],
  );
  return row ? toPage(row) : null;
}

/** Titles of the ancestors, root first, then the page's own: from the nearest page of each lower level. */
async function pagePath(q: Tx, page: StoredPage): Promise<string[]> {
  if (page.level === 0) return [page.title];
  const rows = await q.rows<{ level: number; seq: string; title: string }>(
    `SELECT l.level, p.seq, p.title FROM generate_series(0, $3::integer - 1) AS l (level)
     CROSS JOIN LATERAL (
       SELECT seq, title FROM pages
       WHERE base_id = $1 AND status = '${LIVE}' AND level = l.level AND seq < $2
       ORDER BY seq DESC LIMIT 1
     ) p`,
    [page.baseId, page.seq, page.level],
  );
  const nearest: ({ position: number; title: string } | null)[] = Array.from({ length: page.level }, () => null);
  for (const row of rows) nearest[row.level] = { position: Number(row.seq), title: decodeText(row.title) };
  return [...ancestorsFromNearest(nearest).map((a) => a.title), page.title];
}

export async function pageDetail(q: Tx, page: StoredPage): Promise<PageDetail> {
  const { html: _html, ...visible } = page;
  return { ...visible, path: await pagePath(q, page) };
}
