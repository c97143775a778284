// Search of a base's live pages (decisions.md, "Search"): q is split on whitespace into terms,
// normalised like the pages' texts (NFKC, lower case); a page matches when every term occurs in
// its title or body text. Title matches come first, then newest updated_at, then display order;
// `total` is the full count, and limit and offset cut the ranked list.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { confirmed, type KeptAccess } from '../auth/access';
import { AccessService } from '../auth/access.service';
import type { BaseState } from '../bases/base-row.query';
import { splitSearchTerms } from '../content/search-text';
import { UnitOfWork } from '../database/unit-of-work';
import { badRequest } from '../errors/domain-error';
import { DisplayOrder } from '../order/display-order.service';
import type { LivePositions } from '../outline/positions';
import type { PageSummaryRow } from '../pages/page.rows';
import { SearchPagesQuery, type PositionedSummaries, type PositionedSummary } from '../pages/search-pages.query';
import { KeptRankKeys } from './kept-rank-keys';
import type { PageSet } from './page-set';
import { KeptSummaries } from './kept-summaries';
import { SearchMatcher } from './search-matcher';
import { SearchRanking, type Paging } from './search-rank';

/** How often result summaries are read outside the writes' queue before they queue with the writes. */
const CONSISTENT_READ_ATTEMPTS = 3;

/** What a caller may narrow a search by. */
export interface SearchOptions {
  /** Page ids left out, as if they matched nothing: the pages a web visitor may not read (src/reading). */
  except?: PageSet;
}

export interface SearchResult {
  pages: PageSummaryRow[];
  total: number;
}

@Injectable()
export class SearchService {
  constructor(
    private readonly db: UnitOfWork,
    private readonly matcher: SearchMatcher,
    private readonly ranking: SearchRanking,
    private readonly pages: SearchPagesQuery,
    private readonly order: DisplayOrder,
    private readonly access: AccessService,
    private readonly keptKeys: KeptRankKeys,
    private readonly keptSummaries: KeptSummaries,
  ) {}

  /**
   * Searches with the reads' manager; `livePages` is the base's live page count the caller read (see
   * SearchRanking.window). `unconfirmed`: the request was authorized on a kept access, which the
   * round trip's last statement checks (else KeptAccessChanged), reading the count afresh.
   */
  find(baseId: string, q: string, paging: Paging, livePages?: number, unconfirmed?: KeptAccess, options: SearchOptions = {}): Promise<SearchResult> {
    return this.search(this.db.reader, baseId, q, paging, livePages, unconfirmed, options);
  }

  async search(
    em: EntityManager, baseId: string, q: string, paging: Paging, livePages?: number, unconfirmed?: KeptAccess, options: SearchOptions = {},
  ): Promise<SearchResult> {
    const terms = [...new Set(splitSearchTerms(q))];
    if (terms.length === 0) throw badRequest('Send the search keywords in the q parameter, for example ?q=install.');
    const accessCheck = unconfirmed && this.access.confirmationCheck(unconfirmed);
    const wantsChanges = this.keptKeys.mayKeep(unconfirmed ? undefined : livePages);
    const { hits, titleHits, base } = confirmed(await this.matcher.match(em, baseId, terms, { base: wantsChanges, accessCheck }), accessCheck)!;
    // Both are this search's own sets (SearchMatcher.match): narrowed in place.
    if (options.except) {
      hits.andNot(options.except);
      titleHits.andNot(options.except);
    }
    const changes = wantsChanges ? base : undefined;
    const kept = changes && !hits.isEmpty() ? await this.keptKeys.keysOf(em, baseId, changes) : undefined;
    // The hits are this search's own set (SearchMatcher.match): narrowed in place, not copied.
    const rest = hits.andNot(titleHits);
    const ranked = await this.ranking.window(em, baseId, [titleHits, rest], paging, base?.livePages ?? livePages, kept);
    if (ranked.ids.length === 0) return { pages: [], total: ranked.total };
    // Summaries are kept for the bases whose rank keys are: the large ones.
    const keptSummaries = kept && changes && (await this.keptSummaryRows(em, baseId, changes, ranked.ids));
    return { pages: keptSummaries || (await this.summaries(em, baseId, ranked.ids, ranked.summaries, kept !== undefined)), total: ranked.total };
  }

  /** The summaries kept at the base's state as the search read it, with their orders, if all are kept. */
  private async keptSummaryRows(em: EntityManager, baseId: string, state: BaseState, ids: readonly number[]): Promise<PageSummaryRow[] | undefined> {
    const kept = this.keptSummaries.find(baseId, state, ids);
    if (!kept) return undefined;
    const known = await this.order.positions(em, baseId, state.outlineVersion);
    return known?.outlineVersion === state.outlineVersion ? withOrders(kept, known.positions) : undefined;
  }

  /**
   * Summaries of the results with their display orders, all of one outline version: the orders come
   * from the live positions of the version the summaries were read at. Should writes keep moving
   * it, the read queues with the writes and locks the base, so nothing moves it between its two reads.
   * `alreadyRead`: the summaries as the ranking read them, the first attempt's; `keep`: whether
   * those read are kept (KeptSummaries).
   */
  private async summaries(em: EntityManager, baseId: string, ids: readonly number[], alreadyRead?: PositionedSummaries, keep = false): Promise<PageSummaryRow[]> {
    for (let attempt = 0; attempt < CONSISTENT_READ_ATTEMPTS; attempt++) {
      const read = attempt === 0 && alreadyRead ? alreadyRead : await this.pages.summaries(em, baseId, ids);
      if (read.pages.length === 0) return [];
      if (keep) this.keptSummaries.keep(baseId, read);
      const known = await this.order.positions(em, baseId, read.outlineVersion ?? undefined);
      if (!known) return [];
      if (known.outlineVersion === read.outlineVersion) return withOrders(read.pages, known.positions);
    }
    return this.db.writeToBase(baseId, async (tx) => {
      const read = await this.pages.summaries(tx, baseId, ids);
      const known = await this.order.positionsInWrite(tx, baseId);
      return known ? withOrders(read.pages, known.positions) : [];
    }, () => []);
  }
}

const withOrders = (pages: readonly PositionedSummary[], positions: LivePositions): PageSummaryRow[] =>
  pages.map(({ summary, position }) => ({ ...summary, order: positions.orderOf(position) }));
