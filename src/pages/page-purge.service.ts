// Delete forever: a soft-deleted page removed for good, its texts and search entries included.
import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { pageNotFound } from '../errors/domain-error';
import { findSoftDeleted, removePageRows } from './page-purge.repository';
import { SearchIndex } from './search-index.port';

@Injectable()
export class PagePurgeService {
  constructor(
    private readonly db: UnitOfWork,
    private readonly searchIndex: SearchIndex,
  ) {}

  /**
   * 404 unless the page is soft-deleted in this base. One write under the base's lock
   * (writeToBase: the page is not live, so the outline, its version and the live count stay),
   * so no restore or other write of the base runs meanwhile: the index first takes the page out
   * of its postings and pending pages (reading the texts still stored), then its rows go. The
   * base's count of page writes does not move: no live page changed, and what is kept of live
   * pages (orders, trees, rank keys, summaries) stays valid.
   */
  async deleteForever(baseId: string, contentId: string): Promise<void> {
    await this.db.writeToBase(baseId, async (tx) => {
      const pageId = await findSoftDeleted(tx, baseId, contentId);
      if (pageId === null) throw pageNotFound();
      await this.searchIndex.pagePurged(tx, { baseId, pageId });
      await removePageRows(tx, pageId);
    });
  }
}
