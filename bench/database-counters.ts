// What a MySQL/MariaDB server counted during a run of the two-services section: the SELECT
// statements it ran (Com_select, prepared ones included) and how often a statement waited for a row
// lock (Innodb_row_lock_waits). Per request, one process against two, they show whether a second
// process makes the service send more statements (reads again, retries) or wait on locks. The
// counters are the server's, over all its sessions: during a run the bench's database is the only
// one in use, and reading them (SHOW GLOBAL STATUS) counts as neither.
import { createConnection, type Connection } from 'mysql2/promise';

export interface DatabaseCounters {
  selects: number;
  rowLockWaits: number;
}

const COUNTERS: Record<string, keyof DatabaseCounters> = { Com_select: 'selects', Innodb_row_lock_waits: 'rowLockWaits' };

/** The counts from `before` to `after`. */
export const countedBetween = (before: DatabaseCounters, after: DatabaseCounters): DatabaseCounters => ({
  selects: after.selects - before.selects,
  rowLockWaits: after.rowLockWaits - before.rowLockWaits,
});

/** Reads the server's counters on a connection of its own. */
export class DatabaseCounterReader {
  private constructor(private readonly connection: Connection) {}

  static async open(serverUrl: string): Promise<DatabaseCounterReader> {
    return new DatabaseCounterReader(await createConnection(serverUrl));
  }

  async read(): Promise<DatabaseCounters> {
    const [rows] = await this.connection.query('SHOW GLOBAL STATUS WHERE Variable_name IN (?)', [Object.keys(COUNTERS)]);
    const counters: Partial<DatabaseCounters> = {};
    for (const row of rows as { Variable_name: string; Value: string }[]) counters[COUNTERS[row.Variable_name]] = Number(row.Value);
    if (counters.selects === undefined || counters.rowLockWaits === undefined) {
      throw new Error(`the server did not report ${Object.keys(COUNTERS).join(' and ')}`);
    }
    return counters as DatabaseCounters;
  }

  close(): Promise<void> {
    return this.connection.end();
  }
}
