// Reads of live pages on PostgreSQL. The dense display order of a page is the number of live
// pages before it; each read is one statement, so a list and its total come from one snapshot.
import type { PageDetail, PageList, Paging } from '../../domain/types.ts';
import type { TreeRow } from '../store.ts';
import { findPage, LIVE, pageDetail, summaryColumns, toSummary, type SummaryRow } from './page-rows.ts';
import type { PgDatabase } from './pool.ts';
import { containsPattern, iso } from './sql.ts';
import { decodeText, encodeText } from './text-codec.ts';

/** A row of a list query: the total, and a page unless the requested slice is empty. */
type ListedRow<T = SummaryRow> = { total: number } & ({ [K in keyof T]: T[K] } | { [K in keyof T]: null });

/** The pages and the total of a list query, which always answers at least one row. */
function listed<T extends SummaryRow>(rows: ListedRow<T>[]): { rows: T[]; total: number } {
  const pages = rows.filter((row): row is { total: number } & T => row.content_id !== null);
  return { rows: pages, total: rows[0]?.total ?? 0 };
}

export class PostgresPageReads {
  private readonly db: PgDatabase;

  constructor(db: PgDatabase) {
    this.db = db;
  }

  count(baseId: string): Promise<number> {
    return this.db.read(async (q) => (await q.row<{ n: number }>(
      `SELECT count(*)::integer AS n FROM pages WHERE base_id = $1 AND status = '${LIVE}'`, [baseId],
    ))!.n);
  }

  list(baseId: string, paging: Paging): Promise<PageList> {
    const offset = paging.offset ?? 0;
    return this.db.read(async (q) => {
      const result = listed(await q.rows<ListedRow>(
        `SELECT c.total, p.* FROM
           (SELECT count(*)::integer AS total FROM pages WHERE base_id = $1 AND status = '${LIVE}') c
         LEFT JOIN LATERAL (
           SELECT ${summaryColumns} FROM pages WHERE base_id = $1 AND status = '${LIVE}'
           ORDER BY seq LIMIT $2 OFFSET $3
         ) p ON true
         ORDER BY p.seq`,
        [baseId, paging.limit ?? null, offset],
      ));
      return { pages: result.rows.map((row, i) => toSummary(row, offset + i)), total: result.total };
    });
  }

  get(baseId: string, contentId: string): Promise<PageDetail | null> {
    return this.db.read(async (q) => {
      const page = await findPage(q, baseId, contentId);
      return page ? pageDetail(q, page) : null;
    });
  }

  /**
   * Pages containing every term in title or body; title matches first, then newest first, then
   * display order. LIKE '%term%' lets the trigram indexes find the candidates (terms of three or
   * more characters); the match itself is exact.
   */
  search(baseId: string, terms: readonly string[], paging: Paging): Promise<PageList> {
    const patterns = terms.map((term) => containsPattern(encodeText(term)));
    const param = (i: number) => `$${i + 4}`;
    const everyTerm = patterns.map((_, i) => `(search_title LIKE ${param(i)} OR search_body LIKE ${param(i)})`).join(' AND ');
    const inTitle = patterns.map((_, i) => `search_title LIKE ${param(i)}`).join(' OR ');
    return this.db.read(async (q) => {
      const result = listed(await q.rows<ListedRow<SummaryRow & { ord: number }>>(
        `WITH matched AS (
           SELECT content_id, title, type, level, lang, updated_at, seq, (${inTitle}) AS in_title
           FROM pages WHERE base_id = $1 AND status = '${LIVE}' AND ${everyTerm}
         ), shown AS (
           SELECT *, row_number() OVER (ORDER BY in_title DESC, updated_at DESC, seq) AS rank
           FROM matched ORDER BY rank LIMIT $2 OFFSET $3
         ), ordered AS (
           SELECT seq, (row_number() OVER (ORDER BY seq) - 1)::integer AS ord
           FROM pages WHERE base_id = $1 AND status = '${LIVE}' AND seq <= (SELECT max(seq) FROM shown)
         )
         SELECT c.total, p.* FROM (SELECT count(*)::integer AS total FROM matched) c
         LEFT JOIN LATERAL (
           SELECT s.content_id, s.title, s.type, s.level, s.lang, ${iso('s.updated_at')} AS updated_at, s.seq, o.ord, s.rank
           FROM shown s JOIN ordered o ON o.seq = s.seq
         ) p ON true
         ORDER BY p.rank`,
        [baseId, paging.limit ?? null, paging.offset ?? 0, ...patterns],
      ));
      return { pages: result.rows.map((row) => toSummary(row, row.ord)), total: result.total };
    });
  }

  tree(baseId: string, levels: number): Promise<TreeRow[]> {
    return this.db.read(async (q) => {
      const rows = await q.rows<{ content_id: string; title: string; level: number }>(
        `SELECT content_id, title, level FROM pages WHERE base_id = $1 AND status = '${LIVE}' AND level < $2 ORDER BY seq`,
        [baseId, levels],
      );
      return rows.map((row) => ({ contentId: row.content_id, title: decodeText(row.title), level: row.level }));
    });
  }
}
