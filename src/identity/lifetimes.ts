// How long sessions, one-time links and sign-in delays last: in one file, so they read together.
// (The service takes no environment setting for them yet; AppConfig would be the place.)

/** A session not used for this long is over (idle expiry). */
export const SESSION_IDLE_MS = 24 * 3_600_000;
/** A session is over this long after sign-in, used or not (absolute expiry). */
export const SESSION_ABSOLUTE_MS = 14 * 86_400_000;
/** last_seen_at is moved at most this often per session: a page view is not a write. */
export const SESSION_TOUCH_MS = 5 * 60_000;

/** A one-time link is valid this long unless told otherwise. */
export const ONE_TIME_LINK_MS = 3_600_000;

/** Failed sign-ins of one address allowed without a delay. */
export const FREE_FAILURES = 5;
/** The longest delay after failed sign-ins, in seconds. */
export const MAX_DELAY_SECONDS = 900;

/**
 * An address with no failed sign-in for this long starts again from none, and its row may go.
 * Waiting it out gives a guesser about 16 tries (5 free, then the doubling delays) per day and an
 * hour, fewer than the 96 a day that going on at the longest delay gives.
 */
export const FAILURES_FORGOTTEN_MS = 86_400_000;

/** After `failures` failed sign-ins, how long from the last one before the next is tried: 0, else 2^(n-5) s, at most 900 s. */
export function delaySeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_SECONDS);
}
