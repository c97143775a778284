// Removes a knowledge base's row while its tokens, members and pages stay: what a token meets
// when its base has gone. Foreign keys forbid that, so they are off for this one statement.
import Database from 'better-sqlite3';
import type { Harness } from './e2e';

export async function removeBaseRow(harness: Harness, baseId: string): Promise<void> {
  if (harness.backend === 'sqlite') {
    // A connection of its own: SQLite ignores the foreign_keys pragma inside a transaction.
    const connection = new Database(harness.database.url, { timeout: 5000 });
    try {
      connection.pragma('foreign_keys = OFF');
      connection.prepare('DELETE FROM bases WHERE base_id = ?').run(baseId);
    } finally {
      connection.close();
    }
    return;
  }
  await harness.db.write(async (tx) => {
    await tx.query('SET FOREIGN_KEY_CHECKS = 0');
    try {
      await tx.query('DELETE FROM bases WHERE base_id = ?', [baseId]);
    } finally {
      await tx.query('SET FOREIGN_KEY_CHECKS = 1');
    }
  });
}
