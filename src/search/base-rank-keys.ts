// The rank keys (updated_at, position) of one base's live pages, kept in memory (KeptRankKeys), and
// the two ways of finding a group's first members in rank order with them: looking up each member,
// or walking the pages newest first until enough members are met. The walk goes over two lists in
// rank order, merged as it goes: every page as of the last sort, and the pages written since. A
// row a later write replaced (or a delete ended) stays in the sorted list until the next sort, and
// is skipped: only the row a page's slot points to counts.
//
// Each page's slot (PageSlots, an array per chunk of ids) says where its row is: its index in the
// sorted list, or in the recent one. Each recent row also knows where it falls in the sorted list,
// fixed until the next sort, so lookups and the walk compare numbers, and touch row objects only
// for the rows they answer: kept for 100,000 pages, the rows are megabytes of scattered objects.
import { byRank, type ChangedRankKeys, type RankRow } from '../pages/search-pages.query';
import { hasIn, type PageSet } from './page-set';
import { NONE, PageSlots } from './page-slots';

/** Pages written since the last sort wait apart until they are this many, or this share of the pages. */
const UNSORTED_MIN = 1_024;
const UNSORTED_SHARE = 1 / 16;

/** A row written since the last sort, with the index of the first sorted row that ranks after it. */
interface RecentRow {
  row: RankRow;
  before: number;
}

/** Slot of the recent row at `index`: negative, apart from sorted indexes. */
const recentSlot = (index: number): number => -1 - index;

export class BaseRankKeys {
  private readonly slots = new PageSlots();
  private live = 0;
  /** Every page's row as of the last sort, in rank order (some replaced since), and their page ids. */
  private sorted: RankRow[] = [];
  private sortedIds = new Int32Array(0);
  /** Rows written since the last sort and still current, in rank order. */
  private recent: RecentRow[] = [];
  /** Writes since the last sort: rows in `recent`, and rows in `sorted` replaced or ended. */
  private writesSinceSort = 0;

  /** `unsortedMin`: see UNSORTED_MIN (tests make sorts frequent with a small one). */
  constructor(readonly createdAt: string, public seen: number, private readonly unsortedMin = UNSORTED_MIN) {}

  get size(): number {
    return this.live;
  }

  /** Takes in the pages' keys as of their last writes (the rows are kept as they are). */
  apply(changes: ChangedRankKeys): void {
    const { ended } = changes;
    // One row a page: its last.
    const live = [...new Map(changes.live.map((row) => [row.pageId, row])).values()];
    if (live.length + ended.length === 0) return;
    const written = new Set([...ended, ...live.map((row) => row.pageId)]);
    for (const pageId of written) {
      if (this.slots.get(pageId) !== NONE) this.live--;
      this.slots.set(pageId, NONE);
    }
    const recent = this.recent.filter(({ row }) => !written.has(row.pageId));
    for (const row of live) recent.push({ row, before: this.sortedAfter(row) });
    this.live += live.length;
    this.writesSinceSort += live.length + ended.length;
    this.recent = recent.sort((a, b) => byRank(a.row, b.row));
    this.recent.forEach(({ row }, index) => this.slots.set(row.pageId, recentSlot(index)));
    if (this.writesSinceSort > Math.max(this.unsortedMin, this.live * UNSORTED_SHARE)) this.sort();
  }

  /**
   * The first `need` live members of the group in rank order. Looking up a member costs about
   * `memberCost` steps of the walk, which meets a member every (pages / members) steps. `members`:
   * the group's count, when the caller has it already (a count passes over every chunk).
   */
  firstRanked(group: PageSet, need: number, memberCost: number, members = group.count()): RankRow[] {
    return members * memberCost <= (need * this.live) / Math.max(members, 1) ? this.lookUp(group, need) : this.walk(group, need);
  }

  /** The index of the first sorted row that ranks after `row`. */
  private sortedAfter(row: RankRow): number {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (byRank(this.sorted[middle], row) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Merges the current sorted rows with the recent ones into a new sorted list. */
  private sort(): void {
    const rows: RankRow[] = [];
    let r = 0;
    for (let s = 0; s <= this.sorted.length; s++) {
      for (; r < this.recent.length && this.recent[r].before <= s; r++) rows.push(this.recent[r].row);
      if (s < this.sorted.length && this.slots.get(this.sortedIds[s]) === s) rows.push(this.sorted[s]);
    }
    this.sorted = rows;
    this.sortedIds = Int32Array.from(rows, (row) => row.pageId);
    rows.forEach((row, index) => this.slots.set(row.pageId, index));
    this.recent = [];
    this.writesSinceSort = 0;
  }

  /**
   * Each member's place in rank order as one number: a sorted row's index and a recent row's
   * index among the rows ranking between two sorted ones, both scaled so the two interleave.
   */
  private lookUp(group: PageSet, need: number): RankRow[] {
    const scale = this.recent.length + 1;
    const places: number[] = [];
    group.forEach((pageId) => {
      const slot = this.slots.get(pageId);
      if (slot !== NONE) places.push(slot >= 0 ? slot * scale + scale - 1 : this.recent[-1 - slot].before * scale + (-1 - slot));
    });
    return firstPlaces(places, need).map((place) => (place % scale === scale - 1 ? this.sorted[(place - scale + 1) / scale] : this.recent[place % scale].row));
  }

  /** Walks the rows in rank order: the sorted ones between two recent rows in a loop of their own. */
  private walk(group: PageSet, need: number): RankRow[] {
    const found: RankRow[] = [];
    const members = group.chunkTable();
    const { sorted, sortedIds, recent, slots } = this;
    let s = 0;
    for (let r = 0; r <= recent.length && found.length < need; r++) {
      // The sorted rows ranking before the recent row r (or all that are left).
      const end = r < recent.length ? recent[r].before : sorted.length;
      for (; s < end && found.length < need; s++) {
        const pageId = sortedIds[s];
        if (hasIn(members, pageId) && slots.get(pageId) === s) found.push(sorted[s]);
      }
      if (r < recent.length && found.length < need && hasIn(members, recent[r].row.pageId)) found.push(recent[r].row);
    }
    return found;
  }
}

/** The `need` smallest numbers, ascending. */
const firstPlaces = (places: number[], need: number): number[] => firstBy(places, need, (a, b) => a - b);

/** The first `need` items in the order of `compare`: a full sort when most are needed, else one pass keeping the best. */
export function firstBy<T>(items: T[], need: number, compare: (a: T, b: T) => number): T[] {
  if (need === 0) return [];
  if (need * 8 >= items.length) return items.sort(compare).slice(0, need);
  const best: T[] = [];
  for (const item of items) {
    if (best.length === need && compare(item, best[need - 1]) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(best[middle], item) <= 0) low = middle + 1;
      else high = middle;
    }
    // Shifted by hand: splice would make an array of the removed items for each insert.
    let i = Math.min(best.length, need - 1);
    if (i === best.length) best.push(item);
    for (; i > low; i--) best[i] = best[i - 1];
    best[low] = item;
  }
  return best;
}
