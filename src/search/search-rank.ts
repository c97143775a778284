// Picks one page of search results in rank order: title matches first, then the rest; inside each
// group newest updated_at first, then display order. In a small group the database picks the
// newest members by probing each one (only those rows come back); the first results of a large one
// come from walking the pages by recency (newest first, pages_by_recency), which meets a member
// every (live pages / group size) rows.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BaseRankKeys } from './base-rank-keys';
import { hasIn, type PageSet } from './page-set';
import { BasesService } from '../bases/bases.service';
import { dialectOf } from '../database/dialect';
import { readTogether } from '../database/read-together';
import { AFTER_ALL_TIMES, byRank, oneVersion, SearchPagesQuery, type PositionedSummaries, type RankRow } from '../pages/search-pages.query';

export interface Paging {
  limit?: number;
  offset?: number;
}

export interface RankedWindow {
  ids: number[];
  /** The members of all groups (they do not overlap): each group counted once, here. */
  total: number;
  /** The results' summaries, when they were read with the ranking. */
  summaries?: PositionedSummaries;
}

/** The part of the window one group gives: its first `need` members ranked, `take` of them kept after `skip`. */
export interface GroupWindow {
  /** The group's index. */
  group: number;
  size: number;
  need: number;
  skip: number;
  /** Undefined: all the rest. */
  take?: number;
}

/** Which groups (of these sizes, one after another) the window of `paging` draws on, and how much of each. */
export function groupWindows(sizes: readonly number[], paging: Paging): GroupWindow[] {
  const out: GroupWindow[] = [];
  let skip = paging.offset ?? 0;
  let left = paging.limit;
  for (const [group, size] of sizes.entries()) {
    if (left === 0) break;
    if (skip >= size) {
      skip -= size;
      continue;
    }
    const need = left === undefined ? size : Math.min(size, skip + left);
    out.push({ group, size, need, skip, take: left });
    if (left !== undefined) left -= need - skip;
    skip = 0;
  }
  return out;
}

/** What the window keeps of its group's first members ranked. */
const windowPart = (window: GroupWindow, ranked: readonly RankRow[]): RankRow[] =>
  ranked.slice(window.skip, window.take === undefined ? undefined : window.skip + window.take);

/** Rows a walk by recency reads, about, to meet a window's members: they come every (live pages / size) rows. */
const walkRows = (window: GroupWindow, livePages: number): number => Math.min(livePages, (window.need * livePages) / window.size);

/** The summaries that came with rank rows, of one outline version or marked changed (-1). */
function summariesOf(rows: readonly RankRow[]): PositionedSummaries {
  return {
    pages: rows.map((row) => ({ pageId: row.pageId, summary: row.summary!, position: row.position })),
    outlineVersion: oneVersion(rows.map((row) => row.outlineVersion!)),
  };
}

/**
 * A probe of one member costs about this many rows of the recency walk. Measured once at 100,000
 * pages with a timing script that is no longer kept: 1.4 on SQLite, 3 to 6 on MariaDB (where a
 * walked row is cheap to send). Only the choice between the two ways depends on it, never a result.
 */
export const DEFAULT_PROBE_COST = 3;
/**
 * A member looked up in kept keys against a step of their walk, about (keptMemberCost): measured at
 * 100,000 pages, 25–50 ns a member against 3–7 ns a step (a walk over its chunk table), the two ways even at 500 members.
 */
export const DEFAULT_KEPT_MEMBER_COST = 8;
const MIN_STEP = 64;
const MAX_STEP = 4000;

@Injectable()
export class SearchRanking {
  /** Which of the two ways a group is ranked: its size times this, against the rows a walk would read. */
  probeCost = DEFAULT_PROBE_COST;
  /** With kept keys (BaseRankKeys.firstRanked): looking up a member costs this many steps of a walk in memory. */
  keptMemberCost = DEFAULT_KEPT_MEMBER_COST;

  constructor(
    private readonly pages: SearchPagesQuery,
    private readonly bases: BasesService,
  ) {}

  /**
   * Page ids of the requested window of results, in rank order; `groups` come one after another.
   * `livePages` (the base's live page count, as the request's access read it) only weighs the two
   * ways of ranking, so a count a moment old does; without it, it is read when needed. The groups
   * to probe are probed together, one round trip; on MySQL/MariaDB, when none is walked, the probes
   * bring the results' summaries too.
   */
  async window(em: EntityManager, baseId: string, groups: readonly PageSet[], paging: Paging, livePages?: number, kept?: BaseRankKeys): Promise<RankedWindow> {
    const sizes = groups.map((group) => group.count());
    const total = sizes.reduce((sum, size) => sum + size, 0);
    const windows = groupWindows(sizes, paging);
    if (windows.length === 0) return { ids: [], total };
    if (kept) return { ids: this.keptIds(groups, windows, kept), total };
    const live = livePages ?? await this.bases.livePages(em, baseId);
    const probed = windows.map((window) => window.size * this.probeCost <= walkRows(window, live));
    const dialect = dialectOf(em);
    // SQLite has no round trip to save, and sorting the probed pages with their summaries cost it
    // more than reading the results' summaries after (rare-term searches: 3–6% more CPU, measured).
    const summarized = dialect === 'mysql' && probed.every(Boolean);
    const probes = await readTogether<RankRow[][]>(em, ...windows.flatMap((window, i) => probed[i]
      ? [this.pages.firstRankedRead(dialect, baseId, groups[window.group].toArray(), window.need, summarized)]
      : []));
    const rows: RankRow[] = [];
    for (const [i, window] of windows.entries()) {
      const ranked = probed[i] ? probes.shift()! : await this.walk(em, baseId, groups[window.group], window.need, Math.ceil(walkRows(window, live)));
      rows.push(...windowPart(window, ranked));
    }
    return { ids: rows.map((row) => row.pageId), total, summaries: summarized ? summariesOf(rows) : undefined };
  }

  /** The window's page ids, ranked with the keys this process keeps, in memory. */
  private keptIds(groups: readonly PageSet[], windows: GroupWindow[], kept: BaseRankKeys): number[] {
    return windows.flatMap((window) => windowPart(window, kept.firstRanked(groups[window.group], window.need, this.keptMemberCost, window.size)))
      .map((row) => row.pageId);
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
    const members = group.chunkTable();
    let step = Math.min(MAX_STEP, Math.max(MIN_STEP, Math.ceil(expectedRows * 1.25) + 16));
    for (;;) {
      const rows = await this.pages.newestUpTo(em, baseId, upTo, step);
      const edge = rows.length === step ? rows[rows.length - 1][1] : undefined;
      if (edge !== undefined && rows[0][1] === edge) {
        // One instant fills the step: read more of it at once.
        step *= 2;
        continue;
      }
      for (const [pageId, updatedAt] of rows) if (updatedAt !== edge && hasIn(members, pageId)) found.push({ pageId, updatedAt });
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
