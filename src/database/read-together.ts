// Reads that need nothing from each other's answers, sent together: on MySQL/MariaDB as one
// multi-statement query, one round trip instead of one each (the pool allows them: data-source.ts);
// on SQLite, in process, one after another. Only Sql (sql.ts) is joined, so no value can add a statement. Either way the statements run in the order given, each
// an autocommit read that sees what had committed when it started.
import type { EntityManager } from 'typeorm';
import { dialectOf } from './dialect';
import { sqlText, statementsTogether, type Sql } from './sql';

export interface SqlStatement {
  sql: Sql;
  params: unknown[];
}

export type SqlRows = Record<string, unknown>[];

/** A read: its statements (none, one, or one per part of a long list) and what their rows mean. */
export interface SqlRead<T> {
  statements: SqlStatement[];
  answer(rows: SqlRows[]): T;
}

/** Runs the reads' statements in order, in one round trip where the backend has round trips, and answers each read. */
export async function readTogether<T extends unknown[]>(em: EntityManager, ...reads: { [K in keyof T]: SqlRead<T[K]> }): Promise<T> {
  const statements = reads.flatMap((read) => read.statements);
  const rows = await runStatements(em, statements);
  let next = 0;
  return reads.map((read) => read.answer(rows.slice(next, (next += read.statements.length)))) as T;
}

async function runStatements(em: EntityManager, statements: readonly SqlStatement[]): Promise<SqlRows[]> {
  if (statements.length <= 1 || dialectOf(em) === 'sqlite') {
    const out: SqlRows[] = [];
    for (const { sql, params } of statements) out.push(await em.query(sqlText(sql), params));
    return out;
  }
  // mysql2 answers a multi-statement query with one result per statement.
  return em.query(statementsTogether(statements.map(({ sql }) => sql)).text, statements.flatMap(({ params }) => params));
}
