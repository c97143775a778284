// The SQL of failed sign-ins per normalised address. The count is read and moved in one write
// transaction, the row locked on MySQL/MariaDB, so processes sharing the database share the count.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { dialectOf, inList } from '../database/dialect';
import { sql } from '../database/sql';
import { query, runLater } from '../database/statement-pipeline';
import { SignInFailureEntity } from './sign-in-failure.entity';

export interface FailureCount {
  failures: number;
  lastFailedAt: string;
}

const READ = sql`SELECT failures, last_failed_at FROM sign_in_failures WHERE email_key = ?`;
/** By sign_in_failures_by_time, oldest first. */
const FORGOTTEN = sql`SELECT email_key FROM sign_in_failures WHERE last_failed_at < ? ORDER BY last_failed_at LIMIT ?`;
const INSERT = sql`INSERT INTO sign_in_failures (email_key, failures, last_failed_at) VALUES (?, 1, ?)`;

@Injectable()
export class SignInFailuresRepository {
  /** The address's count, its row locked for the rest of the write on MySQL/MariaDB (SQLite's writer holds the file's lock). */
  async lockCount(tx: EntityManager, emailKey: string): Promise<FailureCount | null> {
    const statement = dialectOf(tx) === 'mysql' ? sql`${READ} FOR UPDATE` : READ;
    const rows: { failures: number; last_failed_at: string }[] = await tx.query(statement.text, [emailKey]);
    return rows[0] ? { failures: Number(rows[0].failures), lastFailedAt: rows[0].last_failed_at } : null;
  }

  /** One more failure, at `at`: one statement, so two processes counting at once both count. */
  async addFailure(tx: EntityManager, emailKey: string, at: string): Promise<void> {
    const upsert = dialectOf(tx) === 'sqlite'
      ? sql`${INSERT} ON CONFLICT (email_key) DO UPDATE SET failures = failures + 1, last_failed_at = excluded.last_failed_at`
      : sql`${INSERT} ON DUPLICATE KEY UPDATE failures = failures + 1, last_failed_at = VALUES(last_failed_at)`;
    await tx.query(upsert.text, [emailKey, at]);
  }

  async clear(tx: EntityManager, emailKey: string): Promise<void> {
    await tx.getRepository(SignInFailureEntity).delete({ emailKey });
  }

  /**
   * Deletes at most `limit` counts with no failure since `before`, oldest first. The DELETE checks
   * the time again: a failure may have come since the SELECT.
   */
  async deleteForgotten(tx: EntityManager, before: string, limit: number): Promise<void> {
    const rows: { email_key: string }[] = await query(tx, FORGOTTEN, [before, limit]);
    if (rows.length === 0) return;
    const keys = inList(dialectOf(tx), rows.map((row) => row.email_key));
    await runLater(tx, sql`DELETE FROM sign_in_failures WHERE email_key ${keys.sql} AND last_failed_at < ?`, [...keys.params, before]);
  }
}
