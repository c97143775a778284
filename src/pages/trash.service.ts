// The trash of a base: its soft-deleted pages, newest first, and their restore.
//
// A restore is an outline write of the base (under its lock, one live page more): the page goes
// back live at the display order it had (deleted_ord, at most the live count now) with its stored
// level and texts. The pages its delete lifted a level stay where they are. It takes a position
// between those of the pages around it (DisplayOrder.slotAt), so one position more is live and one
// bit of one bitmap changes; the pages whose positions shift to make room, and the page, are
// stamped as page writes. The outline version moves, the search index is told (pageRestored), and
// the positions the write leaves are kept: list, detail, tree, search and total_pages show it at once.
import { Injectable, Logger } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { baseGone, pageNotFound } from '../errors/domain-error';
import { DisplayOrder } from '../order/display-order.service';
import { now } from '../vocabulary';
import { SearchIndex } from './search-index.port';
import { TrashRepository, type TrashedPageRow } from './trash.repository';

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
  private readonly logger = new Logger(TrashService.name);

  constructor(
    private readonly db: UnitOfWork,
    private readonly trash: TrashRepository,
    private readonly order: DisplayOrder,
    private readonly searchIndex: SearchIndex,
  ) {}

  /** Soft-deleted pages of the base, newest deletion first; `total` counts them all. 404 when the base is gone. */
  async list(baseId: string, paging: { offset: number; limit: number }): Promise<{ pages: TrashedPage[]; total: number }> {
    const [total, pages] = await Promise.all([this.trash.count(this.db.reader, baseId), this.trash.list(this.db.reader, baseId, paging)]);
    if (total === null) throw baseGone(baseId);
    return { pages: pages.map(toTrashedPage), total };
  }

  /** One page in the trash (for a confirmation page); 404 unless it is soft-deleted in this base. */
  async find(baseId: string, contentId: string): Promise<TrashedPage> {
    const found = await this.trash.find(this.db.reader, baseId, contentId);
    if (!found) throw pageNotFound();
    return toTrashedPage(found);
  }

  /** Puts the page back at its former display order and level, with its content; 404 unless it is in the trash. */
  async restore(baseId: string, contentId: string): Promise<void> {
    await this.order.writeOutline(this.db, baseId, 1, async (tx, leave) => {
      const page = await this.trash.findForRestore(tx, baseId, contentId);
      if (!page) {
        await this.db.requireBase(tx, baseId);
        throw pageNotFound();
      }
      const { positions } = (await this.order.positionsInWrite(tx, baseId, page.outlineVersion - 1))!;
      const slot = this.order.slotAt(positions, page.deletedOrder);
      if (slot.shift) await this.trash.shiftPositions(tx, baseId, slot.shift);
      await this.trash.restore(tx, baseId, page.pageId, slot.position, now());
      await this.order.markLive(tx, baseId, slot.newlyLive, positions);
      await this.searchIndex.pageRestored(tx, { baseId, pageId: page.pageId });
      leave(page.outlineVersion, positions.withLive(slot.newlyLive, true));
    });
    try {
      await this.searchIndex.mergeWhenDue(this.db, baseId);
    } catch (error) {
      this.logger.warn(`merging the search index of base ${baseId} failed; its changes stay pending: ${(error as Error).message}`);
    }
  }
}

const toTrashedPage = (row: TrashedPageRow): TrashedPage => ({ ...row });
