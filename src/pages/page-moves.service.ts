// The web UI's reordering of pages (src/outline/moves.ts): under the base's lock, so `order` stays
// dense and unique with every other outline write.
//
// Up and down swap the page's subtree with its sibling's: the two subtrees hold the same set of
// live positions after the move as before, only given out again (the first subtree in the new
// order takes the first positions), so the bitmaps of live positions do not change, nor does any
// page outside the two subtrees, nor any level. The outline version moves (trees, paths and kept
// positions follow it) and every page given a new position is stamped as a page write (kept rank
// keys and summaries read it again); updated_at stays. Indent and outdent are level changes:
// PagesService.update's, so one set of rules covers them and the REST API's PATCH.
import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { badRequest, pageNotFound } from '../errors/domain-error';
import { moveDirections, type MoveDirection } from '../outline/moves';
import { DisplayOrder } from '../order/display-order.service';
import { PageMovesRepository, type WindowPage } from './page-moves.repository';
import { PagesService } from './pages.service';

export const cannotMove: Record<MoveDirection, string> = {
  up: 'This page cannot move up: no sibling (a page of the same parent and level) comes before it.',
  down: 'This page cannot move down: no sibling (a page of the same parent and level) comes after it.',
  indent: 'This page cannot be indented: no sibling (a page of the same parent and level) comes before it to go under.',
  outdent: 'This page cannot be outdented: it is at the top level already.',
};

@Injectable()
export class PageMovesService {
  constructor(
    private readonly db: UnitOfWork,
    private readonly moves: PageMovesRepository,
    private readonly pages: PagesService,
    private readonly order: DisplayOrder,
  ) {}

  /** Moves the live page (with its subtree); 404 when it is not a live page of the base, 400 when it cannot make the move. */
  async move(baseId: string, contentId: string, direction: MoveDirection): Promise<void> {
    if (!moveDirections.includes(direction)) throw badRequest(`Move a page up, down, indent or outdent, not "${String(direction)}".`);
    if (direction === 'up' || direction === 'down') await this.swap(baseId, contentId, direction);
    else await this.shiftLevel(baseId, contentId, direction);
  }

  private async swap(baseId: string, contentId: string, direction: 'up' | 'down'): Promise<void> {
    const outlineVersion = await this.db.writeOutline(baseId, 0, async (tx) => {
      const found = await this.moves.findWithNeighbour(tx, baseId, contentId, direction);
      if (!found) {
        await this.db.requireBase(tx, baseId);
        throw pageNotFound();
      }
      const sibling = found.neighbour?.level === found.level ? found.neighbour : null;
      // Thrown inside the write, which then rolls back: its outline version move with it.
      if (!sibling) throw badRequest(cannotMove[direction]);
      // The earlier subtree runs from `first` up to `split`, the later one from there to the window's end.
      const [first, split] = direction === 'up' ? [sibling.position, found.position] : [found.position, sibling.position];
      const window = direction === 'up'
        ? await this.moves.window(tx, baseId, first, found.descendantsEnd)
        : await this.moves.window(tx, baseId, first, await this.moves.subtreeEnd(tx, baseId, sibling));
      await this.moves.reposition(tx, baseId, swapped(window, split));
      return found.outlineVersion;
    });
    // Same live positions at the new version.
    this.order.keepAfterWrite(baseId, outlineVersion);
  }

  /**
   * A level change by one (PagesService.update), once the move is found possible: the page has a
   * previous sibling to go under (indent; a subtree past the deepest level is update's 400), or is
   * below the top level (outdent). The new level is the one read plus or minus one, so a change
   * between the read and the write leaves a level the REST API could have set as well.
   */
  private async shiftLevel(baseId: string, contentId: string, direction: 'indent' | 'outdent'): Promise<void> {
    const found = await this.moves.findWithNeighbour(this.db.reader, baseId, contentId, 'up');
    if (!found) throw pageNotFound();
    const possible = direction === 'indent' ? found.neighbour?.level === found.level : found.level > 0;
    if (!possible) throw badRequest(cannotMove[direction]);
    await this.pages.update(baseId, contentId, { level: found.level + (direction === 'indent' ? 1 : -1) });
  }
}

/**
 * The window's pages (two subtrees in position order, the second starting at position `split`)
 * with the window's positions given out again, the second subtree first: those whose position changes.
 */
export function swapped(window: readonly WindowPage[], split: number): WindowPage[] {
  const at = window.findIndex((page) => page.position >= split);
  const reordered = [...window.slice(at), ...window.slice(0, at)];
  return reordered
    .map((page, i) => ({ pageId: page.pageId, position: window[i].position, was: page.position }))
    .filter((page) => page.position !== page.was)
    .map(({ pageId, position }) => ({ pageId, position }));
}
