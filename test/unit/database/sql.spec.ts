// The sql tag: the only maker of SQL that may be joined into a multi-statement query. It takes in
// other Sql and safe integers; anything else must go as a ? parameter.
import { joinSql, placeholders, Sql, sql, sqlIdentifier, sqlText, statementsTogether } from '../../../src/database/sql';

describe('the sql tag', () => {
  it('takes in Sql pieces and safe integers', () => {
    const table = sql`pages p`;
    expect(sql`SELECT p.pos FROM ${table} WHERE p.level = ${3} LIMIT ?`.text).toBe('SELECT p.pos FROM pages p WHERE p.level = 3 LIMIT ?');
  });

  it('refuses a string, telling the author to pass it as a parameter', () => {
    const title: unknown = "x'; DROP TABLE pages; --";
    expect(() => sql`SELECT 1 WHERE title = ${title}`).toThrow(/the string .*pass a value as a \? parameter/);
  });

  it('refuses whatever else is not Sql or a safe integer', () => {
    for (const value of [1.5, Number.NaN, 2 ** 60, 10n, null, undefined, true, {}, ['1'], { text: 'SELECT 2' }]) {
      expect(() => sql`SELECT ${value}`).toThrow(TypeError);
    }
  });

  it('cannot be bypassed by making an Sql another way', () => {
    expect(() => new (Sql as unknown as new (text: string) => Sql)('SELECT 2')).toThrow(TypeError);
  });

  it('builds placeholders, lists and allowed names', () => {
    expect(placeholders(3).text).toBe('?, ?, ?');
    expect(() => placeholders(-1)).toThrow(RangeError);
    expect(joinSql([sql`a = ?`, sql`b = ?`]).text).toBe('a = ?, b = ?');
    expect(() => joinSql(['a = ?' as unknown as Sql])).toThrow(TypeError);
    expect(sqlIdentifier('pages', ['pages', 'bases']).text).toBe('pages');
    expect(() => sqlIdentifier('pages; --' as 'pages', ['pages'])).toThrow(TypeError);
  });

  it('joins statements into one query only when every one is Sql', () => {
    expect(statementsTogether([sql`SELECT 1`, sql`SELECT ?`]).text).toBe('SELECT 1;\nSELECT ?');
    const pasted = "SELECT 1; DELETE FROM pages" as unknown as Sql;
    expect(() => statementsTogether([sql`SELECT 1`, pasted])).toThrow(TypeError);
    expect(() => sqlText(pasted)).toThrow(/made by the sql tag/);
    expect(sqlText(sql`SELECT 1`)).toBe('SELECT 1');
  });
});
