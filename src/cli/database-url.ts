// Database URLs as people read them: without a password, and a plain reason when one cannot be opened.
import { isUnavailable } from '../database/db-errors';
import { parseDatabaseUrl } from '../database/data-source';

/** The URL without its password, fit to print. */
export function printableUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.password) return url;
    parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** The error to show when the database of `url` could not be opened. */
export function openFailure(url: string, error: unknown): unknown {
  if (!isUnavailable(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  const target = parseDatabaseUrl(url);
  if (target.dialect === 'sqlite') return new Error(`The SQLite database ${target.location} cannot be opened: ${reason}`);
  const { host, pathname } = new URL(url);
  return new Error(`MySQL/MariaDB at ${host}${pathname} does not answer: ${reason}`);
}
