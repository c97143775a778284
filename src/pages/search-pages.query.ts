// The page reads that rank and describe search results, exported for the search module: the
// recency walk over pages_by_recency (base_id, status, updated_at), rank keys and summaries of
// given pages. Each is one statement of pages (and the base row), as a search's round trips need,
// so they are the pages module's SQL. Accepted by both dialects.
// With base and status in the WHERE clause of a read by page ids, SQLite's planner (no ANALYZE
// statistics) scans the base through pages_by_recency instead of probing the ids: firstRankedRead
// joins the ids to their pages by primary key (pagesWithIds) and tests base and status in SQL;
// rankRows and summaries test them in code.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Dialect } from '../database/data-source';
import { BASE_ROW, BASE_STATE_COLUMNS, baseStateOf, OUTLINE_VERSION_COLUMN, sameState, type BaseState } from '../bases/base-row.query';
import { dialectOf, inList } from '../database/dialect';
import type { SqlRead, SqlStatement } from '../database/read-together';
import { sql } from '../database/sql';
import type { SqlSource } from '../database/sql-source';
import type { PageSummaryRow } from './page.rows';
import { SUMMARY_COLUMNS, toSummary, type SummaryRecord } from './pages.repository';

export interface RankRow {
  pageId: number;
  updatedAt: string;
  /** The page's position key: positions compare as display orders do. */
  position: number;
  /** Read with the rank keys when asked for (firstRankedRead): the summary, `order` still -1, and the outline version of its read. */
  summary?: PageSummaryRow;
  outlineVersion?: number;
}

/** A search result's summary (`order` still -1) with its page's position. */
export interface PositionedSummary {
  pageId: number;
  summary: PageSummaryRow;
  position: number;
}

/** Summaries of search results, the outline version they were read at, and the base's state when one statement read them all. */
export interface PositionedSummaries {
  pages: PositionedSummary[];
  outlineVersion: number | null;
  state?: BaseState;
}

/**
 * The outline version rows were read at: every chunk must come from one outline, so differing
 * versions read as "changed meanwhile" (-1); null when nothing was read.
 */
export function oneVersion(versions: readonly number[]): number | null {
  if (versions.length === 0) return null;
  return versions.every((version) => version === versions[0]) ? versions[0] : -1;
}

/** The pages written since a count: the rank keys of those live, the ids of those no longer live. */
export interface ChangedRankKeys {
  live: RankRow[];
  ended: number[];
}

/** Sorts after every ISO 8601 timestamp: the upper bound of the first step of a recency walk. */
export const AFTER_ALL_TIMES = '~';

/** Page ids a statement names at most; longer lists are read in parts. */
export const IDS_PER_QUERY = 500;

/** Rank order: newest updated_at first, then display order (positions compare as orders do). */
export const byRank = (a: RankRow, b: RankRow): number =>
  a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : a.position - b.position;

/**
 * The pages with the listed ids (not empty), read by primary key whatever else the query asks for:
 * the FROM and WHERE parts of a query over `pages p`. Left to themselves, both planners may serve
 * ORDER BY updated_at by walking the whole base along pages_by_recency instead. The ids go as one
 * JSON parameter that the database turns into rows (json_each, JSON_TABLE), each joined to its page
 * by primary key: on MariaDB, 500 ids cost 19% less of the server's CPU this way than as an IN list
 * over the forced primary key (measured at 100,000 pages), and the client formats one parameter.
 */
function pagesWithIds(dialect: Dialect, ids: readonly number[]): SqlSource {
  const rows = dialect === 'sqlite' ? sql`json_each(?) AS ids` : sql`JSON_TABLE(?, '$[*]' COLUMNS (value INT PATH '$')) AS ids`;
  return { from: sql`${rows} CROSS JOIN pages p`, where: sql`p.page_id = ids.value`, params: [JSON.stringify(ids)] };
}

@Injectable()
export class SearchPagesQuery {
  /** Rows of rank keys one statement reads at most (tests make it small). */
  static rankKeysPerRead = 10_000;

  /**
   * The rank keys of the base's pages written after its count was `since` (-1: all of them), read
   * in parts along pages_by_change, so that a base's first read never holds all its rows at once.
   */
  async changedRankKeys(em: EntityManager, baseId: string, since: number): Promise<ChangedRankKeys> {
    const changed: ChangedRankKeys = { live: [], ended: [] };
    let after = { changeNo: since, pageId: Number.MAX_SAFE_INTEGER };
    for (;;) {
      // (change_no, page_id) after the last row read: the index's own order (its key ends with the page id).
      const rows: { page_id: number; change_no: number; status: string; updated_at: string; pos: number | null }[] = await em.query(
        `SELECT page_id, change_no, status, updated_at, pos FROM pages
         WHERE base_id = ? AND change_no >= ? AND (change_no > ? OR page_id > ?) ORDER BY change_no, page_id LIMIT ?`,
        [baseId, after.changeNo, after.changeNo, after.pageId, SearchPagesQuery.rankKeysPerRead]);
      for (const row of rows) {
        if (row.status === 'A') changed.live.push({ pageId: Number(row.page_id), updatedAt: row.updated_at, position: Number(row.pos) });
        else changed.ended.push(Number(row.page_id));
      }
      if (rows.length < SearchPagesQuery.rankKeysPerRead) return changed;
      const last = rows[rows.length - 1];
      after = { changeNo: Number(last.change_no), pageId: Number(last.page_id) };
    }
  }

  /** Up to `limit` live pages updated at or before `upTo`, newest first: [page_id, updated_at]. */
  async newestUpTo(em: EntityManager, baseId: string, upTo: string, limit: number): Promise<[number, string][]> {
    const rows: { page_id: number; updated_at: string }[] = await em.query(
      `SELECT page_id, updated_at FROM pages WHERE base_id = ? AND status = 'A' AND updated_at <= ?
       ORDER BY updated_at DESC LIMIT ?`, [baseId, upTo, limit]);
    return rows.map((row) => [Number(row.page_id), row.updated_at]);
  }

  /**
   * The first `limit` live pages among the given ones in rank order (byRank). Only those rows leave
   * the database, so this costs about a primary-key probe per given page (pagesWithIds, so
   * base and status can be tested in SQL here). `summarized`: each row also brings the page's
   * summary and the outline version it was read at, so results made only of these rows need no
   * read of their summaries.
   */
  firstRankedRead(dialect: Dialect, baseId: string, pageIds: readonly number[], limit: number, summarized: boolean): SqlRead<RankRow[]> {
    const statements: SqlStatement[] = [];
    for (let i = 0; i < pageIds.length; i += IDS_PER_QUERY) {
      const pages = pagesWithIds(dialect, pageIds.slice(i, i + IDS_PER_QUERY));
      statements.push(summarized
        ? {
          sql: sql`SELECT ${OUTLINE_VERSION_COLUMN}, p.page_id, ${SUMMARY_COLUMNS}
                FROM ${pages.from} WHERE ${pages.where} AND p.base_id = ? AND p.status = 'A' ORDER BY p.updated_at DESC, p.pos LIMIT ?`,
          params: [baseId, ...pages.params, baseId, limit],
        }
        : {
          sql: sql`SELECT p.page_id, p.updated_at, p.pos FROM ${pages.from} WHERE ${pages.where} AND p.base_id = ? AND p.status = 'A'
                ORDER BY p.updated_at DESC, p.pos LIMIT ?`,
          params: [...pages.params, baseId, limit],
        });
    }
    return {
      statements,
      answer: (parts) => parts.flat()
        .map((row) => {
          const ranked: RankRow = { pageId: Number(row.page_id), updatedAt: row.updated_at as string, position: Number(row.pos) };
          if (summarized) {
            ranked.summary = toSummary(row as unknown as SummaryRecord, -1);
            ranked.outlineVersion = Number(row.outline_version);
          }
          return ranked;
        })
        // Each part gave its own first ones: the first of all are among them.
        .sort(byRank).slice(0, limit),
    };
  }

  /** Rank keys of the given pages that are live. */
  async rankRows(em: EntityManager, baseId: string, pageIds: readonly number[]): Promise<RankRow[]> {
    const out: RankRow[] = [];
    for (let i = 0; i < pageIds.length; i += IDS_PER_QUERY) {
      const list = inList(dialectOf(em), pageIds.slice(i, i + IDS_PER_QUERY));
      const rows: { page_id: number; base_id: string; status: string; updated_at: string; pos: number }[] = await em.query(
        `SELECT page_id, base_id, status, updated_at, pos FROM pages WHERE page_id ${list.sql}`, list.params);
      for (const row of rows) if (row.base_id === baseId && row.status === 'A') out.push({ pageId: Number(row.page_id), updatedAt: row.updated_at, position: Number(row.pos) });
    }
    return out;
  }

  /**
   * Summaries of the given live pages, in the order of `pageIds`, with their positions and the
   * base's outline version, read in one statement a chunk (a page deleted meanwhile is left out).
   */
  async summaries(em: EntityManager, baseId: string, pageIds: readonly number[]): Promise<PositionedSummaries> {
    const found = new Map<number, PositionedSummary>();
    const states: BaseState[] = [];
    for (let i = 0; i < pageIds.length; i += IDS_PER_QUERY) {
      const list = inList(dialectOf(em), pageIds.slice(i, i + IDS_PER_QUERY));
      // Pages first: SQLite takes a CROSS JOIN's order as given, so it probes the ids, then the base.
      const rows: (SummaryRecord & { page_id: number; base_id: string; status: string } & Record<string, unknown>)[] = await em.query(
        `SELECT ${BASE_STATE_COLUMNS}, p.page_id, p.base_id, p.status, ${SUMMARY_COLUMNS}
         FROM pages p CROSS JOIN ${BASE_ROW} WHERE p.page_id ${list.sql} AND b.base_id = ?`,
        [...list.params, baseId]);
      for (const r of rows) {
        states.push(baseStateOf(r));
        if (r.base_id !== baseId || r.status !== 'A') continue;
        // The order comes from the live positions of the version read here (SearchService).
        found.set(Number(r.page_id), { pageId: Number(r.page_id), summary: toSummary(r, -1), position: Number(r.pos) });
      }
    }
    const state = states.every((s) => sameState(s, states[0])) ? states[0] : undefined;
    return {
      pages: pageIds.flatMap((id) => found.get(id) ?? []),
      outlineVersion: oneVersion(states.map((s) => s.outlineVersion)),
      state,
    };
  }
}
