// SQL fragments shared by the PostgreSQL store's modules.

/** A timestamptz as the API writes it: UTC, milliseconds, `Z` (2026-11-21T09:30:00.000Z). */
export function iso(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A LIKE pattern matching `term` anywhere; the trigram indexes serve it. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
