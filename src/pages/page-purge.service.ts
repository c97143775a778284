// Delete forever: a soft-deleted page removed for good, its texts and search entries included.
import { Injectable } from '@nestjs/common';

@Injectable()
export class PagePurgeService {
  /** 404 unless the page is soft-deleted in this base. */
  async deleteForever(baseId: string, contentId: string): Promise<void> {
    void baseId, contentId;
    throw new Error('not built yet');
  }
}
