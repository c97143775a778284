// Log lines written together, once per turn of the event loop. process.stdout to a pipe or a file
// writes synchronously: a line per request was a write system call of its own, about a tenth of a
// page detail's CPU time at 100,000 pages. Lines still waiting are written on flush() and when
// the process exits, an uncaught exception included.

export class TurnWriter {
  private pending = '';

  constructor(private readonly write: (text: string) => void) {}

  /** Queues `text` (one or more whole lines) for the end of this turn. */
  readonly line = (text: string): void => {
    if (this.pending === '') setImmediate(this.flush);
    this.pending += text;
  };

  /** Writes what is queued now. */
  readonly flush = (): void => {
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    this.write(text);
  };
}

/** A TurnWriter to standard output, flushed when the process exits. */
export function stdoutLines(): TurnWriter {
  const writer = new TurnWriter((text) => process.stdout.write(text));
  process.on('exit', writer.flush);
  return writer;
}
