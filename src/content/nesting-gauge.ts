/** How deep a recursive walk is; entering one level more than `limit` throws `refusal()`. */
export class NestingGauge {
  private depth = 0;

  constructor(
    readonly limit: number,
    private readonly refusal: () => Error,
  ) {}

  enter(): void {
    if (this.depth >= this.limit) throw this.refusal();
    this.depth++;
  }

  leave(): void {
    this.depth--;
  }

  /** `work` run one level deeper. */
  within<T>(work: () => T): T {
    this.enter();
    try {
      return work();
    } finally {
      this.leave();
    }
  }
}
