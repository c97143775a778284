import type { Sql } from './sql';

/**
 * Rows of another module's table for a statement of ours, built by the module that owns the table
 * (so that its SQL stays in that module's files): the FROM item, naming the table with the alias
 * the statement reads it by, and the condition that picks the rows, with its parameters.
 */
export interface SqlSource {
  from: Sql;
  where: Sql;
  params: unknown[];
}
