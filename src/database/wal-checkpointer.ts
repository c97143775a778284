// Copies a SQLite database's WAL back into its file on a worker thread of its own, so that no write
// waits for it. SQLite's own checkpoint runs inside the COMMIT that grows the WAL past
// wal_autocheckpoint pages: better-sqlite3 is synchronous, so the whole process stood still for it,
// its writes of pages all over the file and its two fsyncs (at 100,000 pages, 22 ms on average,
// once every 70 page creates or so: a sixth of the time creates held the event loop). The writer
// keeps a far higher wal_autocheckpoint, as a bound on the WAL should this thread fall behind.
import { Worker } from 'node:worker_threads';

/** After a commit, the worker checkpoints once this long has passed since its last checkpoint. */
export const CHECKPOINT_INTERVAL_MS = 200;

/** WAL pages past which the writer checkpoints by itself, as SQLite does at 1,000 without this thread. */
export const WRITER_AUTOCHECKPOINT_PAGES = 20_000;

/** The worker's heap, in MB. */
const WORKER_HEAP_LIMITS = { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 };

/** What one PASSIVE checkpoint reported: pages in the WAL, and how many of them are in the file now. */
export interface CheckpointResult {
  walPages: number;
  checkpointedPages: number;
}

// The worker's code, run as a script: it opens its own connection, and checkpoints when asked,
// at most once an interval. PASSIVE never waits for a lock, so neither readers nor the writer wait.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('wal_autocheckpoint = 0');
let timer = null;
let last = 0;
function checkpoint() {
  timer = null;
  last = Date.now();
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ walPages: row.log, checkpointedPages: row.checkpointed });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
}
parentPort.on('message', (message) => {
  if (message === 'close') {
    if (timer) clearTimeout(timer);
    db.close();
    parentPort.close();
    return;
  }
  if (!timer) timer = setTimeout(checkpoint, Math.max(0, last + workerData.intervalMs - Date.now()));
});
`;

export class WalCheckpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;
  private closing = false;
  /** The last checkpoint's result, for tests and diagnostics. */
  last: CheckpointResult | null = null;
  /** Checkpoints run so far. */
  count = 0;

  constructor(file: string, intervalMs = CHECKPOINT_INTERVAL_MS) {
    this.worker = new Worker(workerSource, {
      eval: true,
      workerData: { file, driver: require.resolve('better-sqlite3'), intervalMs },
      // It allocates next to nothing; without limits its heap would take the process's young
      // generation size (kbp's 16 MB semi-spaces) again, against the service's memory bound.
      resourceLimits: WORKER_HEAP_LIMITS,
    });
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    // A process with nothing else to do (kbp's commands) does not wait for this thread.
    this.worker.unref();
    this.worker.on('message', (message: CheckpointResult | { error: string }) => {
      // A failed checkpoint loses nothing: the pages stay in the WAL, and the next one copies them.
      if ('error' in message) return;
      this.last = message;
      this.count++;
    });
    this.worker.on('error', () => undefined);
  }

  /** A write committed: the WAL grew. */
  committed(): void {
    if (!this.closing) this.worker.postMessage('commit');
  }

  /** Stops the thread; a checkpoint under way finishes first. */
  close(): Promise<void> {
    if (!this.closing) {
      // Held by this thread now, or a process with nothing else to wait for would end before it has.
      this.worker.ref();
      this.worker.postMessage('close');
    }
    this.closing = true;
    return this.exited;
  }
}
