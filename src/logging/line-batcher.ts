// Log lines written together: at most FLUSH_AFTER_MS after the first of them, or at once when
// FLUSH_AT_CHARS are waiting. process.stdout to a pipe or a file writes synchronously, and a write
// that wakes the reading process costs far more than the line: a write per request line was about
// a tenth of a page detail's CPU time at 100,000 pages. Lines still waiting are written on flush()
// and when the process exits, an uncaught exception included.

/** The longest a line waits for others before it is written. */
export const FLUSH_AFTER_MS = 50;
/** Waiting lines are written at once when they reach this many characters (UTF-16 units). */
export const FLUSH_AT_CHARS = 64 * 1024;

export class LineBatcher {
  private pending = '';
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly write: (text: string) => void,
    private readonly flushAfterMs = FLUSH_AFTER_MS,
  ) {}

  /** Queues `text` (one or more whole lines). */
  readonly line = (text: string): void => {
    this.pending += text;
    if (this.pending.length >= FLUSH_AT_CHARS) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(this.flush, this.flushAfterMs);
      // Waiting lines never keep a process alive: the exit flushes them.
      this.timer.unref();
    }
  };

  /** Writes what is queued now. */
  readonly flush = (): void => {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    this.write(text);
  };
}

/** A LineBatcher to standard output, flushed when the process exits. */
export function stdoutLines(): LineBatcher {
  const batcher = new LineBatcher((text) => process.stdout.write(text));
  process.on('exit', batcher.flush);
  return batcher;
}
