// "Last used", recorded at most once an hour per token and never on a request's path: the token
// check only notes a token's id in memory (a map lookup, no I/O), and a timer writes the noted ids
// in one UPDATE in a write of its own, which no request waits for. The UPDATE skips tokens recorded
// within the hour, so processes sharing a database write each token at most once an hour between
// them. On SQLite each flush that changes a row moves the change stamp, which drops the kept token
// answers and detail answers once: at most once an hour per token used, not per request.
import { Injectable, Logger, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { BoundedCache } from '../cache/bounded-cache';
import { UnitOfWork } from '../database/unit-of-work';
import { TokenUsesRepository } from './token-uses.repository';

/** A token's use is recorded at most this often. */
export const RECORD_USE_EVERY_MS = 3_600_000;
/** How often the noted uses are written. */
export const FLUSH_USES_EVERY_MS = 30_000;
/** Tokens whose last note this process remembers (past it, random ones are forgotten: noted again, the UPDATE skips them). */
const REMEMBERED_TOKENS = 1000;
/** Ids waiting for the next flush at most: past it a use goes unnoted until then (it is noted at a later use). */
const MAX_WAITING = 1000;

@Injectable()
export class TokenUses implements OnModuleInit, BeforeApplicationShutdown {
  /** The time in ms; tests replace it to move an hour on. */
  clock: () => number = Date.now;

  private readonly logger = new Logger(TokenUses.name);
  /** When this process last noted each token's use. */
  private readonly noted = new BoundedCache<string, number>({ name: 'token uses', bound: REMEMBERED_TOKENS });
  private waiting = new Set<string>();
  /** The flush under way, so flushes never overlap and shutdown waits for the last. */
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: UnitOfWork,
    private readonly repository: TokenUsesRepository,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flushNow(), FLUSH_USES_EVERY_MS);
    // Never what keeps a process alive (kbp commands open the auth module too).
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flushNow();
  }

  /** A granted request's token: noted unless noted within the hour. On every API request: no I/O. */
  note(tokenId: string): void {
    const now = this.clock();
    const last = this.noted.get(tokenId);
    if (last !== undefined && now - last < RECORD_USE_EVERY_MS) return;
    if (this.waiting.size >= MAX_WAITING) return;
    this.noted.set(tokenId, now);
    this.waiting.add(tokenId);
  }

  /** Writes the noted uses in one UPDATE; never fails: a failure is logged and its tokens are noted again at their next use. */
  flushNow(): Promise<void> {
    this.flushing = this.flushing.then(() => this.flush());
    return this.flushing;
  }

  private async flush(): Promise<void> {
    if (this.waiting.size === 0) return;
    const ids = [...this.waiting];
    this.waiting = new Set();
    const now = this.clock();
    try {
      await this.db.write((tx) => this.repository.record(tx, ids, new Date(now).toISOString(), new Date(now - RECORD_USE_EVERY_MS).toISOString()));
    } catch (error) {
      for (const id of ids) this.noted.delete(id);
      this.logger.warn(`Recording when ${ids.length} token(s) were last used failed; each is noted again at its next use: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
