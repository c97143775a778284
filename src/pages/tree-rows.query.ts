// The rows of the tree: live pages of the levels it shows, in display order, only the columns it
// needs. A read of pages alone, exported for the tree module, which keeps the trees it builds.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface TreeRow {
  contentId: string;
  title: string;
  level: number;
}

@Injectable()
export class TreeRowsQuery {
  /** The rows as the driver gives them, named as TreeRow's fields (both drivers answer INT columns as numbers): no second copy of every row. */
  rows(em: EntityManager, baseId: string, levels: number): Promise<TreeRow[]> {
    return em.query(
      'SELECT content_id AS contentId, title, level FROM pages WHERE base_id = ? AND pos IS NOT NULL AND level < ? ORDER BY pos',
      [baseId, levels],
    );
  }
}
