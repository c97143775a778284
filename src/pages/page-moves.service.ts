// The web UI's reordering of pages (src/outline/moves.ts): under the base's lock, so `order` stays
// dense and unique with every other outline write.
import { Injectable } from '@nestjs/common';
import type { MoveDirection } from '../outline/moves';

@Injectable()
export class PageMovesService {
  /** Moves the live page (with its subtree); 404 when it is not a live page of the base, 400 when it cannot make the move. */
  async move(baseId: string, contentId: string, direction: MoveDirection): Promise<void> {
    void baseId, contentId, direction;
    throw new Error('not built yet');
  }
}
