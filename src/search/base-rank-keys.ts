// The rank keys (updated_at, position) of one base's live pages, kept in memory (KeptRankKeys), and
// the two ways of finding a group's first members in rank order with them: looking up each member,
// or walking the pages newest first until enough members are met. The walk goes over two lists in
// rank order, merged as it goes: every page as of the last sort, and the pages written since. A
// row a later write replaced (or a delete ended) stays in them until the next sort, and is skipped:
// only the row the map holds for its page counts.
import type { PageSet } from './page-set';
import { byRank, type ChangedRankKeys, type RankRow } from './search-pages.repository';

/** Pages written since the last sort wait apart until they are this many, or this share of the pages. */
const UNSORTED_MIN = 1_024;
const UNSORTED_SHARE = 1 / 16;

export class BaseRankKeys {
  private readonly rows = new Map<number, RankRow>();
  /** Every page's row as of the last sort, in rank order; some replaced since. */
  private sorted: RankRow[] = [];
  /** Rows written since the last sort, in rank order; some replaced since. */
  private recent: RankRow[] = [];
  /** Writes since the last sort: rows in `recent`, and rows in `sorted` replaced or ended. */
  private writesSinceSort = 0;

  /** `unsortedMin`: see UNSORTED_MIN (tests make sorts frequent with a small one). */
  constructor(readonly createdAt: string, public seen: number, private readonly unsortedMin = UNSORTED_MIN) {}

  get size(): number {
    return this.rows.size;
  }

  /** Takes in the pages' keys as of their last writes (the rows are kept as they are). */
  apply(changes: ChangedRankKeys): void {
    const { live, ended } = changes;
    if (live.length + ended.length === 0) return;
    for (const pageId of ended) this.rows.delete(pageId);
    for (const row of live) {
      this.rows.set(row.pageId, row);
      this.recent.push(row);
    }
    this.writesSinceSort += live.length + ended.length;
    if (this.writesSinceSort > Math.max(this.unsortedMin, this.rows.size * UNSORTED_SHARE)) {
      this.sorted = [...this.rows.values()].sort(byRank);
      this.recent = [];
      this.writesSinceSort = 0;
    } else {
      this.recent.sort(byRank);
    }
  }

  /**
   * The first `need` live members of the group in rank order. Looking up a member costs about
   * `memberCost` steps of the walk, which meets a member every (pages / members) steps.
   */
  firstRanked(group: PageSet, need: number, memberCost: number): RankRow[] {
    const members = group.count();
    return members * memberCost <= (need * this.rows.size) / Math.max(members, 1) ? this.lookUp(group, need) : this.walk(group, need);
  }

  private lookUp(group: PageSet, need: number): RankRow[] {
    const found: RankRow[] = [];
    for (const pageId of group.toArray()) {
      const row = this.rows.get(pageId);
      if (row) found.push(row);
    }
    return firstByRank(found, need);
  }

  private walk(group: PageSet, need: number): RankRow[] {
    const found: RankRow[] = [];
    const { sorted, recent } = this;
    let s = 0;
    let r = 0;
    while (found.length < need && (s < sorted.length || r < recent.length)) {
      const row = s >= sorted.length || (r < recent.length && byRank(recent[r], sorted[s]) <= 0) ? recent[r++] : sorted[s++];
      if (group.has(row.pageId) && this.rows.get(row.pageId) === row) found.push(row);
    }
    return found;
  }
}

/** The first `need` rows in rank order: a full sort when most are needed, else one pass keeping the best. */
export function firstByRank(rows: RankRow[], need: number): RankRow[] {
  if (need === 0) return [];
  if (need * 8 >= rows.length) return rows.sort(byRank).slice(0, need);
  const best: RankRow[] = [];
  for (const row of rows) {
    if (best.length === need && byRank(row, best[need - 1]) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (byRank(best[middle], row) <= 0) low = middle + 1;
      else high = middle;
    }
    best.splice(low, 0, row);
    if (best.length > need) best.pop();
  }
  return best;
}
