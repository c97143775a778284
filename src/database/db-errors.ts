// Driver errors translated once: lock conflicts that a whole write may retry, and a database
// that cannot be reached (503), whatever the backend.
import { serviceUnavailable, DomainError } from '../errors/domain-error';

interface DriverError {
  code?: string;
  errno?: number;
  driverError?: DriverError;
  fatal?: boolean;
}

function driverErrorOf(error: unknown): DriverError {
  const outer = (error ?? {}) as DriverError;
  return outer.driverError ?? outer;
}

/** MySQL/MariaDB conflicts after which the write starts again in a new transaction: deadlock,
 * lock wait timeout, and MariaDB's 1020 "Record has changed since last read" (snapshot isolation). */
const RETRYABLE_ERRNOS = new Set([1213, 1205, 1020]);

export function isRetryableConflict(error: unknown): boolean {
  const driver = driverErrorOf(error);
  return driver.errno !== undefined && RETRYABLE_ERRNOS.has(driver.errno);
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT', 'ER_CON_COUNT_ERROR', 'ER_SERVER_SHUTDOWN', 'ER_ACCESS_DENIED_ERROR',
  'ER_BAD_DB_ERROR', 'POOL_CLOSED', 'SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_CANTOPEN', 'SQLITE_READONLY',
]);

/** True when the error says the database is unreachable or too busy to answer now. */
export function isUnavailable(error: unknown): boolean {
  const driver = driverErrorOf(error);
  if (driver.code && UNREACHABLE_CODES.has(driver.code)) return true;
  if (driver.fatal === true) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection lost|connect ECONNREFUSED|Pool is closed|Can't add new command when connection is in closed state/i.test(message);
}

/** The domain error a driver error stands for, or null when it is an internal fault. */
export function translateDatabaseError(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
  if (isUnavailable(error) || isRetryableConflict(error)) {
    return serviceUnavailable('The database is unavailable or busy right now; try again shortly.');
  }
  return null;
}

const UNIQUE_VIOLATION_CODES = new Set(['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/** True when a write broke a unique key or primary key (a row that already exists). */
export function isUniqueViolation(error: unknown): boolean {
  const code = driverErrorOf(error).code;
  return code !== undefined && UNIQUE_VIOLATION_CODES.has(code);
}
