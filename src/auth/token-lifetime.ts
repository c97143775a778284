// Token lifetimes: a number with s, m, h or d, 30 days unless told, at most 366 days.
import { badRequest } from '../errors/domain-error';

export const DEFAULT_TOKEN_LIFETIME = '30d';
export const MAX_TOKEN_LIFETIME_DAYS = 366;
const unitMs = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A lifetime such as `90s`, `15m`, `12h` or `30d`, in milliseconds; at most 366 days. */
export function parseDuration(text: string): number {
  const match = /^(\d+)([smhd])$/.exec(text.trim());
  if (!match) {
    throw badRequest(`"${text}" is not a duration: write a number followed by s, m, h or d (for example 90s or 30d).`);
  }
  const ms = Number(match[1]) * unitMs[match[2] as keyof typeof unitMs];
  if (ms <= 0) throw badRequest(`The duration "${text}" must be longer than zero.`);
  if (ms > MAX_TOKEN_LIFETIME_DAYS * unitMs.d) {
    throw badRequest(`The duration "${text}" is too long: a token lives at most ${MAX_TOKEN_LIFETIME_DAYS}d.`);
  }
  return ms;
}
