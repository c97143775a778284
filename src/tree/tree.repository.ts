// The rows of the tree: live pages of the levels it shows, in display order, only the columns it needs.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface TreeRow {
  contentId: string;
  title: string;
  level: number;
}

@Injectable()
export class TreeRepository {
  async rows(em: EntityManager, baseId: string, levels: number): Promise<TreeRow[]> {
    const rows: { content_id: string; title: string; level: number }[] = await em.query(
      'SELECT content_id, title, level FROM pages WHERE base_id = ? AND pos IS NOT NULL AND level < ? ORDER BY pos',
      [baseId, levels],
    );
    return rows.map((r) => ({ contentId: r.content_id, title: r.title, level: Number(r.level) }));
  }
}
