// The SQL of "last used": one UPDATE for every token noted since the last flush (token-uses.ts).
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { dialectOf, inList } from '../database/dialect';
import { sql } from '../database/sql';
import { runLater } from '../database/statement-pipeline';

@Injectable()
export class TokenUsesRepository {
  /**
   * Sets `last_used_at` of the tokens to `at`, except those recorded since `since`: another process
   * may have recorded them within the hour, and each is written at most once an hour across all.
   */
  async record(tx: EntityManager, tokenIds: readonly string[], at: string, since: string): Promise<void> {
    // inList: one SQL text whatever the count on SQLite, whose writer caches its statements by text.
    const ids = inList(dialectOf(tx), tokenIds);
    await runLater(
      tx,
      sql`UPDATE tokens SET last_used_at = ? WHERE token_id ${ids.sql} AND (last_used_at IS NULL OR last_used_at < ?)`,
      [at, ...ids.params, since],
    );
  }
}
