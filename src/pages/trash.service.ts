// The trash of a base: its soft-deleted pages, newest first, and their restore.
import { Injectable } from '@nestjs/common';

export interface TrashedPage {
  contentId: string;
  title: string;
  level: number;
  deletedAt: string;
  /** Who deleted it (the token's or the session's user), or null when unknown (deleted before this was recorded). */
  deletedBy: { name: string; email: string } | null;
}

@Injectable()
export class TrashService {
  /** Soft-deleted pages of the base, newest deletion first; `total` counts them all. 404 when the base is gone. */
  async list(baseId: string, paging: { offset: number; limit: number }): Promise<{ pages: TrashedPage[]; total: number }> {
    void baseId, paging;
    throw new Error('not built yet');
  }

  /** One page in the trash (for a confirmation page); 404 unless it is soft-deleted in this base. */
  async find(baseId: string, contentId: string): Promise<TrashedPage> {
    void baseId, contentId;
    throw new Error('not built yet');
  }

  /** Puts the page back at its former display order and level, with its content; 404 unless it is in the trash. */
  async restore(baseId: string, contentId: string): Promise<void> {
    void baseId, contentId;
    throw new Error('not built yet');
  }
}
