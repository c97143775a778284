// The SQL of delete forever (PagePurgeService): a soft-deleted page found under the base's lock,
// and its rows removed. Functions, not a provider: they keep nothing and need nothing injected.
import type { EntityManager } from 'typeorm';
import { sql } from '../database/sql';
import { query, runLater } from '../database/statement-pipeline';

/** The page id of the base's page `contentId` when it is soft-deleted (status 'D'); null when it is live or not in the base. */
export async function findSoftDeleted(tx: EntityManager, baseId: string, contentId: string): Promise<number | null> {
  const rows = await query<{ page_id: number }[]>(
    tx, sql`SELECT page_id FROM pages WHERE base_id = ? AND content_id = ? AND status = 'D'`, [baseId, contentId]);
  return rows[0] ? Number(rows[0].page_id) : null;
}

/**
 * Removes the page's texts and then its row (page_texts refers to pages). Nothing reads their
 * results, so on MySQL/MariaDB they go with the write's COMMIT. The page holds no position (a
 * soft delete cleared it) and no live bit, so display order and the outline stay as they are.
 */
export async function removePageRows(tx: EntityManager, pageId: number): Promise<void> {
  await runLater(tx, sql`DELETE FROM page_texts WHERE page_id = ?`, [pageId]);
  await runLater(tx, sql`DELETE FROM pages WHERE page_id = ? AND status = 'D'`, [pageId]);
}
