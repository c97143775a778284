// The users row as other modules' statements read it, joined into the statement that reads their
// own rows (an account, a session, a one-time link), so that it costs no statement of its own: the
// auth module builds these fragments, so the SQL of its table stays in its files. The row is `u`;
// what others read of it: user_id, email (stored lower-cased: normaliseEmail), name, created_at.
import { sql, type Sql } from '../database/sql';

/** The users row as the first table of a statement: `FROM ${USER_ROW} … WHERE u.email = ?`. */
export const USER_ROW = sql`users u`;

/** Joins the row of the user whose id is `userIdColumn`, as `u` (LEFT JOIN: its columns null when there is none). */
export function joinUserRow(userIdColumn: Sql, join: 'JOIN' | 'LEFT JOIN' = 'JOIN'): Sql {
  return sql`${join === 'JOIN' ? sql`JOIN` : sql`LEFT JOIN`} users u ON u.user_id = ${userIdColumn}`;
}

/** The columns others read, named so they cannot clash with their own: user_email, user_name, user_created_at. */
export const USER_COLUMNS = sql`u.user_id, u.email AS user_email, u.name AS user_name, u.created_at AS user_created_at`;

export interface UserColumns {
  userId: number;
  email: string;
  name: string;
  createdAt: string;
}

export const userColumnsOf = (row: Record<string, unknown>): UserColumns =>
  ({ userId: Number(row.user_id), email: String(row.user_email), name: String(row.user_name), createdAt: String(row.user_created_at) });
