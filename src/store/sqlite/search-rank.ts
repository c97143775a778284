// Picks one page of search results in rank order: title matches first, then the rest; inside
// each group newest updated_at first, then by position. A small group is looked up page by page
// and sorted; from a large one the first results are found by walking the recency index from the
// newest page inside SQLite, which meets a member every (live pages / group size) steps.
import type { Paging } from '../../domain/types.ts';
import type { SeqSet } from './bitset.ts';
import type { SqliteConnection } from './connection.ts';

/** A lookup by seq costs about this many steps of the recency walk (measured at 100,000 pages). */
const LOOKUP_COST = 24;

export class SearchRanking {
  private readonly sql: SqliteConnection;

  constructor(sql: SqliteConnection) {
    this.sql = sql;
  }

  /** Seqs of the requested page of results, in rank order. */
  page(baseId: string, groups: readonly SeqSet[], paging: Paging, livePages: number): number[] {
    const result: number[] = [];
    let skip = paging.offset ?? 0;
    for (const group of groups) {
      const take = paging.limit === undefined ? undefined : paging.limit - result.length;
      if (take === 0) break;
      const size = group.count();
      if (skip >= size) {
        skip -= size;
        continue;
      }
      result.push(...this.slice(baseId, group, size, skip, take, livePages));
      skip = 0;
    }
    return result;
  }

  /** Members `skip .. skip+take-1` of a group in recency order. */
  private slice(baseId: string, group: SeqSet, size: number, skip: number, take: number | undefined, livePages: number): number[] {
    const walk = take === undefined ? livePages : Math.min(livePages, ((skip + take) * livePages) / size);
    if (size * LOOKUP_COST <= walk) {
      const end = take === undefined ? undefined : skip + take;
      return this.sortByRecency(baseId, group.toArray()).slice(skip, end);
    }
    return this.walk(baseId, group, skip, take);
  }

  /**
   * Walks the recency index from the newest page inside SQLite: the group travels as a blob of
   * one byte per seq (substr() on a blob is a direct index), so only the wanted seqs come back.
   */
  private walk(baseId: string, group: SeqSet, skip: number, take: number | undefined): number[] {
    const { seqs } = this.sql.get<{ seqs: string }>(
      `SELECT json_group_array(seq) AS seqs FROM (SELECT seq FROM pages INDEXED BY pages_by_recency
       WHERE base_id = ? AND status = 'A' AND substr(?, seq + 1, 1) = x'01'
       ORDER BY updated_at DESC, seq LIMIT ? OFFSET ?)`,
      baseId, group.toBytes(), take ?? -1, skip,
    )!;
    return JSON.parse(seqs) as number[];
  }

  private sortByRecency(baseId: string, seqs: number[]): number[] {
    const rows = this.sql.tuples<[number, string]>(
      'SELECT seq, updated_at FROM pages WHERE base_id = ? AND seq IN (SELECT value FROM json_each(?))',
      baseId, JSON.stringify(seqs),
    );
    rows.sort(([seqA, a], [seqB, b]) => (a < b ? 1 : a > b ? -1 : seqA - seqB));
    return rows.map(([seq]) => seq);
  }
}
