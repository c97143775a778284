// Display order from position keys. A page takes a position when it is created (one past the
// greatest position of its base) and keeps it while it is live, so no write ever renumbers pages:
// the display order of a live page is the number of live pages at smaller positions. Live pages are
// counted per block of POSITION_BLOCK positions, so that number is a sum over the earlier blocks
// plus a count inside one block, whatever the size of the base.

export const POSITION_BLOCK = 256;

/** The first position of the block holding `position`. */
export function blockStart(position: number): number {
  return position - (position % POSITION_BLOCK);
}

export interface BlockCount {
  start: number;
  live: number;
}

/** Where a display order falls: the block holding it and how many of that block's live pages come before it. */
export interface OrderLocation {
  blockStart: number;
  skip: number;
}

/** The live page counts of a base's blocks, with the sums before each block. */
export class BlockCounts {
  private readonly starts: number[];
  private readonly before: number[];
  readonly total: number;

  /** `blocks` in ascending order of start. */
  constructor(blocks: readonly BlockCount[]) {
    this.starts = blocks.map((b) => b.start);
    this.before = new Array<number>(blocks.length);
    let sum = 0;
    blocks.forEach((block, i) => {
      this.before[i] = sum;
      sum += block.live;
    });
    this.total = sum;
  }

  /** Live pages in the blocks before the one starting at `start`. */
  liveBefore(start: number): number {
    const i = this.firstAtOrAfter(start);
    return i < this.starts.length ? this.before[i] : this.total;
  }

  /** The display order of a live page, given the live pages before it in its own block. */
  orderOf(position: number, liveBeforeInBlock: number): number {
    return this.liveBefore(blockStart(position)) + liveBeforeInBlock;
  }

  /** The block holding display order `order`, or null when the base has no more live pages. */
  locate(order: number): OrderLocation | null {
    if (order < 0 || order >= this.total) return null;
    // The last block whose sum before it is ≤ order; empty blocks share their sum with the next one.
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (this.before[mid] <= order) low = mid;
      else high = mid - 1;
    }
    return { blockStart: this.starts[low], skip: order - this.before[low] };
  }

  private firstAtOrAfter(start: number): number {
    let low = 0;
    let high = this.starts.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.starts[mid] < start) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
