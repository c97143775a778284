// What page writes tell the search index, inside their own transaction, so that the index never
// disagrees with the pages it answers for: a port of the pages module, which the search module
// implements and provides (wired by the app: PagesModule.withSearchIndex), so pages import nothing
// of search.
import type { EntityManager } from 'typeorm';
import type { UnitOfWork } from '../database/unit-of-work';

export interface IndexedPage {
  baseId: string;
  /** The internal row id of the page (pages.page_id). */
  pageId: number;
}

export interface SearchTexts {
  /** Normalised (NFKC, lower-case) title and body text, as stored in page_texts. */
  searchTitle: string;
  searchBody: string;
}

export abstract class SearchIndex {
  /** The write has just appended the page `contentId` (PagesRepository.append), if the base is still there. */
  abstract pageCreated(tx: EntityManager, baseId: string, contentId: string): Promise<void>;
  /** A page's title or body text is about to change, its texts still stored: called before the write stores the new ones. */
  abstract pageTextsChanging(tx: EntityManager, page: IndexedPage): Promise<void>;
  /** A page is being soft-deleted, its texts still stored; it must no longer be found. */
  abstract pageDeleted(tx: EntityManager, page: IndexedPage): Promise<void>;
  /** A soft-deleted page is live again, its texts as they were: it must be found again at once. */
  abstract pageRestored(tx: EntityManager, page: IndexedPage): Promise<void>;
  /**
   * A soft-deleted page is about to be removed for good, its pages and page_texts rows still
   * stored: afterwards nothing of the index names it (no pending row, no posting holds its id).
   * Called under the base's lock; the index takes whatever lock of its own it needs.
   */
  abstract pagePurged(tx: EntityManager, page: IndexedPage): Promise<void>;
  /**
   * Once a write that told the index has committed: tidies the base's index when its changes have
   * gathered, in a transaction of its own, so the write holds the base's lock no longer for it.
   */
  abstract mergeWhenDue(db: UnitOfWork, baseId: string): Promise<void>;
}
