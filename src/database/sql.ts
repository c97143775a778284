// SQL text that may be joined with other statements into one multi-statement query (the MySQL
// pool allows them: data-source.ts). A value put into such a text could end its statement and run
// one of its own, so only the `sql` tag makes Sql, and it takes in nothing but other Sql and whole
// numbers: every value from a request goes as a `?` parameter. The statement pipeline joins only Sql.

/** Known only to this file: `new Sql` from anywhere else throws. */
const token = Symbol('Sql');

/** Makes an Sql: set by the class itself, and never exported. */
let make: (text: string) => Sql;

export class Sql {
  private constructor(given: symbol, readonly text: string) {
    if (given !== token) throw new TypeError('Sql is made only by the sql tag (src/database/sql.ts).');
  }

  static {
    make = (text) => new Sql(token, text);
  }

  /** The text, so that an Sql constant also reads inside a statement sent alone. */
  toString(): string {
    return this.text;
  }
}

/** A piece of SQL; `${…}` takes only Sql (a fragment, a constant) or a safe integer. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  let text = strings[0];
  values.forEach((value, i) => {
    text += fragment(value, strings.raw[i]) + strings[i + 1];
  });
  return make(text);
}

function fragment(value: unknown, before: string): string {
  if (value instanceof Sql) return value.text;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  const shown = typeof value === 'string' ? `the string ${JSON.stringify(value.slice(0, 40))}` : `a ${typeof value}`;
  throw new TypeError(
    `sql\`…\` was handed ${shown} after "${before.slice(-40)}": pass a value as a ? parameter, `
    + 'and build SQL pieces with sql`…` (or sqlIdentifier for a name chosen at run time).',
  );
}

/** `?, ?, ?`: `count` placeholders, for a list of parameters. */
export function placeholders(count: number): Sql {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`placeholders wants a count, not ${count}.`);
  return make(Array.from({ length: count }, () => '?').join(', '));
}

/** The pieces one after another, `separator` between them. */
export function joinSql(pieces: readonly Sql[], separator: Sql = sql`, `): Sql {
  for (const piece of pieces) fragment(piece, 'joinSql');
  return make(pieces.map((piece) => piece.text).join(separator.text));
}

/** The text of `statement`, checked at run time too: a string typed as Sql must not reach a joined query. */
export function sqlText(statement: Sql): string {
  if (statement instanceof Sql) return statement.text;
  throw new TypeError('A statement that may be joined with others must be made by the sql tag (sql.ts), not handed in as a string.');
}

/**
 * Statements as one multi-statement query (MySQL/MariaDB): the one place where statements are
 * joined, so that nothing but Sql is ever sent that way.
 */
export function statementsTogether(statements: readonly Sql[]): Sql {
  return make(statements.map(sqlText).join(';\n'));
}

/** A table or column name chosen at run time, from the names the caller allows. */
export function sqlIdentifier<N extends string>(name: N, allowed: readonly N[]): Sql {
  if (!allowed.includes(name) || !/^[a-z_][a-z0-9_]*$/i.test(name)) throw new TypeError(`${JSON.stringify(name)} is not a name allowed here.`);
  return make(name);
}
