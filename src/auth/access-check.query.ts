// A kept access's check as part of another module's statement (a page's detail or write, a
// search's state read), so that confirming it costs no statement of its own: the auth module's
// public query surface. The check itself comes from AccessService.confirmationCheck.
import { sql, type Sql } from '../database/sql';
import type { AccessCheck } from './access';

/** The access check's SQL for the SELECT list and for the joins, and its parameters ahead of the WHERE's. */
export function accessCheckSql(accessCheck: AccessCheck | undefined): [Sql, Sql, unknown[]] {
  if (!accessCheck) return [sql``, sql``, []];
  return [sql`, ${accessCheck.column}`, sql` ${accessCheck.joins}`, [...accessCheck.columnParameters, ...accessCheck.joinParameters]];
}

/** What the check read with a row said, when one was asked for. */
export function accessHoldsOf(row: Record<string, unknown>, accessCheck: AccessCheck | undefined): boolean | undefined {
  return accessCheck ? Number(row.access_holds) === 1 : undefined;
}
