// Search results' summaries, kept by this process per base at the state of the base they were read
// at (BaseState: identity, count of page writes, outline version). A search reads its base's state
// in its first round trip (SearchPagesRepository.baseChangesRead); results whose summaries are all
// kept at that state need no read of them, as nothing of a summary changes without moving it.
import { Injectable } from '@nestjs/common';
import { sameState, type BaseState, type PositionedSummaries, type PositionedSummary } from './search-pages.repository';

/** Summaries kept in all; past it the least recently searched bases go. */
export const DEFAULT_MAX_KEPT_SUMMARIES = 10_000;

interface BaseSummaries {
  state: BaseState;
  pages: Map<number, PositionedSummary>;
}

@Injectable()
export class KeptSummaries {
  maxSummaries = DEFAULT_MAX_KEPT_SUMMARIES;
  /** In order of use, least recent first. */
  private readonly bases = new Map<string, BaseSummaries>();
  private kept = 0;

  /** The summaries of `pageIds` in their order, when every one is kept at `state`. */
  find(baseId: string, state: BaseState, pageIds: readonly number[]): PositionedSummary[] | undefined {
    const kept = this.bases.get(baseId);
    if (!kept || !sameState(kept.state, state)) return undefined;
    const out: PositionedSummary[] = [];
    for (const pageId of pageIds) {
      const summary = kept.pages.get(pageId);
      if (!summary) return undefined;
      out.push(summary);
    }
    this.bases.delete(baseId);
    this.bases.set(baseId, kept);
    return out;
  }

  /** Keeps summaries read in one statement with the base's state; those of an older state go. */
  keep(baseId: string, read: PositionedSummaries): void {
    if (!read.state) return;
    let kept = this.bases.get(baseId);
    if (kept && !sameState(kept.state, read.state)) this.drop(baseId);
    kept = this.bases.get(baseId) ?? { state: read.state, pages: new Map() };
    this.bases.delete(baseId);
    this.bases.set(baseId, kept);
    for (const page of read.pages) {
      if (!kept.pages.has(page.pageId)) this.kept++;
      kept.pages.set(page.pageId, page);
    }
    for (const id of this.bases.keys()) {
      if (this.kept <= this.maxSummaries) return;
      this.drop(id);
    }
  }

  /** Summaries kept in all. */
  size(): number {
    return this.kept;
  }

  private drop(baseId: string): void {
    this.kept -= this.bases.get(baseId)?.pages.size ?? 0;
    this.bases.delete(baseId);
  }
}
