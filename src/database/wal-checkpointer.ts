// Copies a SQLite database's WAL back into its file (a checkpoint) on a connection of its own, once
// the writes that grew it have answered. SQLite's own checkpoint runs inside the COMMIT that grows
// the WAL past wal_autocheckpoint pages (1,000 by default), so the writes of that group answered only
// after its writes of pages all over the file and its two fsyncs (at 100,000 pages, 22 ms on
// average, once every 70 page creates or so). Here it runs at most every CHECKPOINT_INTERVAL_MS
// after a commit, so more pages go at once; the writer checkpoints by itself only past a far higher
// bound, should this fall behind. The connection lives on a thread of its own: under a stream of
// page creates at 100,000 pages a checkpoint took 27 ms, 11 ms of them CPU, the rest waiting on the
// disk, and on the main thread every request waited that long.
import { Logger } from '@nestjs/common';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { CHECKPOINT_THREAD_SOURCE } from './wal-checkpoint-thread';

/** After a commit, a checkpoint runs once this long has passed since the last one began. */
export const CHECKPOINT_INTERVAL_MS = 200;

/** WAL pages past which the writer checkpoints by itself. */
export const WRITER_AUTOCHECKPOINT_PAGES = 20_000;

/** What one PASSIVE checkpoint reported: pages in the WAL, and how many of them are in the file now. */
export interface CheckpointResult {
  walPages: number;
  checkpointedPages: number;
}

/** What the thread says: 'ready' or { failed } once, at its start; then a checkpoint's result, or null when one failed. */
type ThreadMessage = 'ready' | { failed: string } | CheckpointResult | null;

export class WalCheckpointer {
  private readonly logger = new Logger(WalCheckpointer.name);
  private timer: NodeJS.Timeout | null = null;
  private lastAt = 0;
  /** A checkpoint is under way on the thread; `again`: writes committed since it was asked for. */
  private running = false;
  private again = false;
  private closing = false;
  /** The last checkpoint's result (a new object each time), for tests and diagnostics. */
  last: CheckpointResult | null = null;

  private readonly exited: Promise<void>;

  private constructor(private readonly thread: Worker) {
    thread.on('message', (result: CheckpointResult | null) => this.finished(result));
    thread.on('error', (error: Error) => this.stopped(`failed: ${error.message}`));
    this.exited = new Promise((resolve) => thread.once('exit', (code: number) => {
      this.stopped(`ended with exit code ${code}`);
      resolve();
    }));
    // A process with nothing else to do (kbp's commands) does not wait for it.
    thread.unref();
  }

  /** Opens the checkpointer's connection to `file` on its thread; fails as opening it fails. */
  static async start(file: string): Promise<WalCheckpointer> {
    const thread = new Worker(CHECKPOINT_THREAD_SOURCE, { eval: true, workerData: { file, driver: require.resolve('better-sqlite3') } });
    // once() rejects should the thread fail before it says anything.
    const [message] = (await once(thread, 'message')) as [ThreadMessage];
    if (message !== 'ready') throw new Error(`The WAL checkpointer could not open ${file}: ${(message as { failed: string }).failed}`);
    return new WalCheckpointer(thread);
  }

  /** A checkpoint is asked for or under way: one will begin, or has begun, after the last commit seen. */
  get pending(): boolean {
    return this.running || this.timer !== null;
  }

  /** A write committed: the WAL grew. */
  committed(): void {
    if (this.closing) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => this.checkpoint(), Math.max(0, this.lastAt + CHECKPOINT_INTERVAL_MS - Date.now()));
    this.timer.unref();
  }

  /** PASSIVE never waits for a lock: neither readers nor the writer wait for it. */
  private checkpoint(): void {
    this.timer = null;
    this.running = true;
    this.lastAt = Date.now();
    this.thread.postMessage('checkpoint');
  }

  private finished(result: CheckpointResult | null): void {
    this.running = false;
    if (result) this.last = result;
    if (this.again) {
      this.again = false;
      this.committed();
    }
  }

  /** The thread ended before close(): checkpoints stop; the writer's own bound still keeps the WAL in check. */
  private stopped(how: string): void {
    if (this.closing) return;
    this.stopAsking();
    this.logger.error(`The WAL checkpointer's thread ${how}. Checkpoints stop; the writer copies the WAL into the file itself past ${WRITER_AUTOCHECKPOINT_PAGES} pages.`);
  }

  /** Once a checkpoint under way is done, closes the connection and ends the thread. */
  async close(): Promise<void> {
    this.stopAsking();
    // Waited for: the process stays up until the thread has closed its connection.
    this.thread.ref();
    this.thread.postMessage('close');
    await this.exited;
  }

  /** No more checkpoints are asked for, nor waited for. */
  private stopAsking(): void {
    this.closing = true;
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
