// Which PostgreSQL failures mean "the database is not reachable right now". Those become the
// catalogue's SERVICE_UNAVAILABLE (503), so a client retries instead of seeing a 500.
import { DomainError, serviceUnavailable } from '../../domain/errors.ts';

const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

// SQLSTATEs: 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now,
// 53300 too many connections; class 08 is "connection exception".
const serverCodes = new Set(['57P01', '57P02', '57P03', '53300']);
/** The statement ran past statement_timeout (or was cancelled). */
const STATEMENT_TIMEOUT = '57014';

// node-postgres reports a broken or timed-out connection with a message and no code.
const lostConnection = /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed/i;

/** True when the failure is the connection's, not the statement's. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (networkCodes.has(code) || serverCodes.has(code) || code.startsWith('08')) return true;
  }
  return lostConnection.test(error.message);
}

/** True when the statement may simply be tried again in a new transaction. */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01';
}

/** The error the store throws: connection failures as SERVICE_UNAVAILABLE, the rest as they are. */
export function storeError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  if ((error as { code?: unknown } | null)?.code === STATEMENT_TIMEOUT) {
    return Object.assign(serviceUnavailable('The database took too long to answer; try again in a moment.'), { cause: error });
  }
  if (isConnectionError(error)) {
    return Object.assign(serviceUnavailable('The database is not reachable right now; try again in a moment.'), { cause: error });
  }
  return error;
}
