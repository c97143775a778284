// Reads of live pages on PostgreSQL. The dense display order of a page is the number of live
// pages before it, read from the live blocks (live-blocks.ts, migration 6). The count of live
// pages is kept on the base row (bases.live_pages, migration 5). A list and its total come from
// one statement, so from one snapshot.
import type { PageDetail, PageList, Paging } from '../../domain/types.ts';
import type { TreeRow } from '../store.ts';
import { BLOCK_BITS, blocksBefore, orderIn, seqAtOffset } from './live-blocks.ts';
import { findPage, LIVE, pageDetail, summaryColumns, toSummary, type SummaryRow } from './page-rows.ts';
import type { PgDatabase, Tx } from './pool.ts';
import { containsPattern, iso } from './sql.ts';
import { encodeText } from './text-codec.ts';
import { PostgresTreeRows } from './tree-rows.ts';

type Listed<T> = T & { total: number };

/** Positional parameters of one statement, added as they are used. */
class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Shorter terms have no trigram; the index of characters and pairs (migration 2) finds them. */
const TRIGRAM = 3;

/**
 * A term of one or two characters occurs in the text exactly when it is one of the text's
 * characters or pairs of adjacent characters (the space put between title and body only makes
 * pairs with a space, which no term has).
 */
const isShort = (term: string) => [...term].length < TRIGRAM && !/\s/u.test(term);

/**
 * The pages whose texts `t` contain every term (normalised and encoded), as a query over the
 * live pages `p`. Longer terms: LIKE, the candidates found by the trigram indexes. Shorter terms:
 * the pages whose characters and pairs contain them, from that index alone, gathered first
 * (MATERIALIZED), so that the planner never compares the large arrays row by row.
 */
function matchingPages(params: Params, base: string, terms: readonly string[], columns: string): string {
  const conditions = terms.filter((term) => !isShort(term)).map((term) => {
    const pattern = params.add(containsPattern(term));
    return `(t.search_title LIKE ${pattern} OR t.search_body LIKE ${pattern})`;
  });
  const short = terms.filter(isShort);
  const shortPages = short.length === 0 ? '' : `WITH short AS MATERIALIZED (
      SELECT seq FROM page_texts WHERE base_id = ${base} AND search_grams @> ${params.add(short)}::text[]
    ) `;
  if (short.length > 0) conditions.push('t.seq IN (SELECT seq FROM short)');
  return `${shortPages}SELECT ${columns}
    FROM page_texts t JOIN pages p ON p.base_id = t.base_id AND p.seq = t.seq
    WHERE t.base_id = ${base} AND p.status = '${LIVE}' AND ${conditions.join(' AND ')}`;
}

export class PostgresPageReads {
  private readonly db: PgDatabase;
  private readonly treeRows: PostgresTreeRows;

  constructor(db: PgDatabase) {
    this.db = db;
    this.treeRows = new PostgresTreeRows(db);
  }

  count(baseId: string): Promise<number> {
    return this.db.read((q) => this.countLive(q, baseId));
  }

  private async countLive(q: Tx, baseId: string): Promise<number> {
    const row = await q.row<{ n: number }>('SELECT live_pages::integer AS n FROM bases WHERE base_id = $1', [baseId]);
    return row?.n ?? 0;
  }

  list(baseId: string, paging: Paging): Promise<PageList> {
    const offset = paging.offset ?? 0;
    // A later slice starts at the seq the live blocks give for its offset: no pages are skipped.
    const start = offset > 0 ? `AND seq >= (${seqAtOffset('$1', '$3::bigint')})` : '';
    return this.db.read(async (q) => {
      const rows = await q.rows<Listed<SummaryRow>>(
        `SELECT ${summaryColumns},
           (SELECT live_pages::integer FROM bases WHERE base_id = $1) AS total
         FROM pages WHERE base_id = $1 AND status = '${LIVE}' ${start}
         ORDER BY seq LIMIT $2`,
        offset > 0 ? [baseId, paging.limit ?? null, offset] : [baseId, paging.limit ?? null],
      );
      // An empty slice carries no total: ask for it on its own.
      const total = rows.length > 0 ? rows[0].total : await this.countLive(q, baseId);
      return { pages: rows.map((row, i) => toSummary(row, offset + i)), total };
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
   * display order. Each result's order comes from its live block.
   */
  search(baseId: string, terms: readonly string[], paging: Paging): Promise<PageList> {
    const params = new Params();
    const base = params.add(baseId);
    const encoded = terms.map(encodeText);
    const inTitle = encoded.map((term) => `t.search_title LIKE ${params.add(containsPattern(term))}`).join(' OR ');
    const matched = matchingPages(params, base, encoded,
      `p.content_id, p.title, p.type, p.level, p.lang, p.updated_at, p.seq, (${inTitle}) AS in_title`);
    const limit = params.add(paging.limit ?? null);
    const offset = params.add(paging.offset ?? 0);
    return this.db.transaction(async (q) => {
      // The planner takes comparing a page's characters and pairs for cheap, and so may prefer
      // reading every page to the exact index: the indexes are the way to the texts here.
      await q.run('SET LOCAL enable_seqscan = off');
      const rows = await q.rows<Listed<SummaryRow & { ord: number }>>(
        `WITH matched AS (${matched}),
         shown AS (
           SELECT * FROM matched ORDER BY in_title DESC, updated_at DESC, seq LIMIT ${limit} OFFSET ${offset}
         ),
         blocks AS (${blocksBefore(base)})
         SELECT s.content_id, s.title, s.type, s.level, s.lang, ${iso('s.updated_at')} AS updated_at, s.seq,
           ${orderIn('b', 's.seq')} AS ord, (SELECT count(*)::integer FROM matched) AS total
         FROM shown s JOIN blocks b ON b.block = s.seq >> ${BLOCK_BITS}
         ORDER BY s.in_title DESC, s.updated_at DESC, s.seq`,
        params.values,
      );
      if (rows.length > 0) return { pages: rows.map((row) => toSummary(row, row.ord)), total: rows[0].total };
      const count = await q.row<{ n: number }>(`SELECT count(*)::integer AS n FROM (${matched}) AS m`, params.values.slice(0, -2));
      return { pages: [], total: count!.n };
    });
  }

  tree(baseId: string, levels: number): Promise<readonly TreeRow[]> {
    return this.treeRows.rows(baseId, levels);
  }
}
