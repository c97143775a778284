// Search results' summaries, kept by this process per base at the state of the base they were read
// at (BaseState: identity, count of page writes, outline version). A search reads its base's state
// in its first round trip (SearchRepository.searchStateRead); results whose summaries are all
// kept at that state need no read of them, as nothing of a summary changes without moving it.
import { Injectable } from '@nestjs/common';
import { sameState, type BaseState } from '../bases/base-row.query';
import { BoundedCache } from '../cache/bounded-cache';
import type { PositionedSummaries, PositionedSummary } from '../pages/search-pages.query';

/** Summaries kept in all; past it bases picked at random go. */
export const DEFAULT_MAX_KEPT_SUMMARIES = 10_000;

interface BaseSummaries {
  state: BaseState;
  pages: Map<number, PositionedSummary>;
}

@Injectable()
export class KeptSummaries {
  readonly kept = new BoundedCache<string, BaseSummaries>({
    name: 'result summaries', bound: DEFAULT_MAX_KEPT_SUMMARIES, unit: 'summaries', sizeOf: (base) => base.pages.size,
  });

  /** The summaries of `pageIds` in their order, when every one is kept at `state`. */
  find(baseId: string, state: BaseState, pageIds: readonly number[]): PositionedSummary[] | undefined {
    const kept = this.kept.get(baseId);
    if (!kept || !sameState(kept.state, state)) return undefined;
    const out: PositionedSummary[] = [];
    for (const pageId of pageIds) {
      const summary = kept.pages.get(pageId);
      if (!summary) return undefined;
      out.push(summary);
    }
    return out;
  }

  /** Keeps summaries read in one statement with the base's state; those of another state go. */
  keep(baseId: string, read: PositionedSummaries): void {
    if (!read.state) return;
    const kept = this.kept.get(baseId);
    const now = kept && sameState(kept.state, read.state) ? kept : { state: read.state, pages: new Map() };
    for (const page of read.pages) now.pages.set(page.pageId, page);
    this.kept.set(baseId, now);
  }
}
