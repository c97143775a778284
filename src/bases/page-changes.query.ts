// Every write to a base's pages (create, update, delete) stamps the page's change_no with the next
// count of bases.page_changes, then counts it, after the write has taken the base's lock (stamping
// first leaves nothing deferred before an insert that may fail and be tried again). Counts are thus
// committed in order, and once a count is seen, every page written up to it is: a reader that saw
// count N before reads the pages with change_no > N and knows every change since (KeptRankKeys).
// The count is a column of the base row, so these statements are the bases module's; page writes
// run them.
import type { EntityManager } from 'typeorm';
import { sql } from '../database/sql';
import { runLater } from '../database/statement-pipeline';

/** The count the write's page statements stamp on the pages (one parameter: the base id); countPageChange follows them. */
export const CHANGE_NO = sql`(SELECT page_changes + 1 FROM bases WHERE base_id = ?)`;

/** Counts the write to the base's pages, after its page statements stamped CHANGE_NO. */
export function countPageChange(tx: EntityManager, baseId: string): Promise<void> {
  return runLater(tx, sql`UPDATE bases SET page_changes = page_changes + 1 WHERE base_id = ?`, [baseId]);
}
