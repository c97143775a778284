// Picks one page of search results in rank order: title matches first, then the rest; inside each
// group newest updated_at first, then display order. In a small group the database picks the
// newest members by probing each one (only those rows come back); the first results of a large one
// come from walking the pages by recency (newest first, pages_by_recency), which meets a member
// every (live pages / group size) rows.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PageSet } from './page-set';
import { AFTER_ALL_TIMES, byRank, SearchPagesRepository, type RankRow } from './search-pages.repository';

export interface Paging {
  limit?: number;
  offset?: number;
}

/**
 * A probe of one member costs about this many rows of the recency walk. Measured once at 100,000
 * pages with a timing script that is no longer kept: 1.4 on SQLite, 3 to 6 on MariaDB (where a
 * walked row is cheap to send). Only the choice between the two ways depends on it, never a result.
 */
export const DEFAULT_PROBE_COST = 3;
const MIN_STEP = 64;
const MAX_STEP = 4000;

@Injectable()
export class SearchRanking {
  /** Which of the two ways a group is ranked: its size times this, against the rows a walk would read. */
  probeCost = DEFAULT_PROBE_COST;

  constructor(private readonly pages: SearchPagesRepository) {}

  /**
   * Page ids of the requested window of results, in rank order; `groups` come one after another.
   * `livePages` (the base's live page count, as the request's access read it) only weighs the two
   * ways of ranking, so a count a moment old does; without it, it is read when needed.
   */
  async window(em: EntityManager, baseId: string, groups: readonly PageSet[], paging: Paging, livePages?: number): Promise<number[]> {
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
      const need = take === undefined ? size : Math.min(size, skip + take);
      livePages ??= await this.pages.livePages(em, baseId);
      const walkRows = Math.min(livePages, (need * livePages) / size);
      const ranked = size * this.probeCost <= walkRows
        ? await this.pages.firstRanked(em, baseId, group.toArray(), need)
        : await this.walk(em, baseId, group, need, Math.ceil(walkRows));
      result.push(...ranked.slice(skip, take === undefined ? undefined : skip + take).map((row) => row.pageId));
      skip = 0;
    }
    return result;
  }

  /**
   * The first `need` members of the group in rank order (and maybe a few more), walking the live
   * pages newest first, one statement a step. A full step may end inside the pages of one instant
   * (the edge): its members there are left for the next step, which starts at the edge again, so
   * every member of an instant is known before the display order breaks the ties. Members strictly
   * newer than the edge rank before any at it, so once they are enough the walk ends.
   */
  private async walk(em: EntityManager, baseId: string, group: PageSet, need: number, expectedRows: number): Promise<RankRow[]> {
    const found: { pageId: number; updatedAt: string }[] = [];
    let upTo = AFTER_ALL_TIMES;
    let step = Math.min(MAX_STEP, Math.max(MIN_STEP, Math.ceil(expectedRows * 1.25) + 16));
    for (;;) {
      const rows = await this.pages.newestUpTo(em, baseId, upTo, step);
      const edge = rows.length === step ? rows[rows.length - 1][1] : undefined;
      if (edge !== undefined && rows[0][1] === edge) {
        // One instant fills the step: read more of it at once.
        step *= 2;
        continue;
      }
      for (const [pageId, updatedAt] of rows) if (updatedAt !== edge && group.has(pageId)) found.push({ pageId, updatedAt });
      if (edge === undefined || found.length >= need) break;
      upTo = edge;
      step = Math.min(MAX_STEP, step * 2);
    }
    return this.withOrder(em, baseId, found);
  }

  /** Rank rows of pages known newest first: display order is read only for pages sharing an instant. */
  private async withOrder(em: EntityManager, baseId: string, found: readonly { pageId: number; updatedAt: string }[]): Promise<RankRow[]> {
    const tied = found.filter((row, i) => found[i - 1]?.updatedAt === row.updatedAt || found[i + 1]?.updatedAt === row.updatedAt);
    if (tied.length === 0) return found.map((row) => ({ ...row, position: 0 }));
    const positions = new Map((await this.pages.rankRows(em, baseId, tied.map((row) => row.pageId))).map((row) => [row.pageId, row.position]));
    return found.map((row) => ({ ...row, position: positions.get(row.pageId) ?? 0 })).sort(byRank);
  }
}
