// Copies a SQLite database's WAL back into its file (a checkpoint) on a connection of its own, once
// the writes that grew it have answered. SQLite's own checkpoint runs inside the COMMIT that grows
// the WAL past wal_autocheckpoint pages (1,000 by default), so the writes of that group answered only
// after its writes of pages all over the file and its two fsyncs (at 100,000 pages, 22 ms on
// average, once every 70 page creates or so). Here it runs at most every CHECKPOINT_INTERVAL_MS
// after a commit, so more pages go at once; the writer checkpoints by itself only past a far higher
// bound, should this fall behind.
import Database, { type Database as Connection } from 'better-sqlite3';

/** After a commit, a checkpoint runs once this long has passed since the last one. */
export const CHECKPOINT_INTERVAL_MS = 200;

/** WAL pages past which the writer checkpoints by itself. */
export const WRITER_AUTOCHECKPOINT_PAGES = 20_000;

/** What one PASSIVE checkpoint reported: pages in the WAL, and how many of them are in the file now. */
export interface CheckpointResult {
  walPages: number;
  checkpointedPages: number;
}

export class WalCheckpointer {
  private readonly connection: Connection;
  private timer: NodeJS.Timeout | null = null;
  private lastAt = 0;
  /** The last checkpoint's result (a new object each time), for tests and diagnostics. */
  last: CheckpointResult | null = null;

  constructor(file: string) {
    this.connection = new Database(file, { fileMustExist: true });
    this.connection.pragma('wal_autocheckpoint = 0');
  }

  /** A write committed: the WAL grew. */
  committed(): void {
    if (this.timer || !this.connection.open) return;
    this.timer = setTimeout(() => this.checkpoint(), Math.max(0, this.lastAt + CHECKPOINT_INTERVAL_MS - Date.now()));
    // A process with nothing else to do (kbp's commands) does not wait for it.
    this.timer.unref();
  }

  /** PASSIVE never waits for a lock: neither readers nor the writer wait for it. */
  private checkpoint(): void {
    this.timer = null;
    this.lastAt = Date.now();
    try {
      const [row] = this.connection.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
      this.last = { walPages: row.log, checkpointedPages: row.checkpointed };
    } catch {
      // A failed checkpoint loses nothing: the pages stay in the WAL, and the next one copies them.
    }
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.connection.close();
  }
}
