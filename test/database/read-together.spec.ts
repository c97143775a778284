// Reads sent together answer exactly what each read alone answers, in order, on both backends:
// reads of one statement, of several (a long list in parts) and of none; a failure fails the read;
// in a write, after statements that wait to go with the next query (statement-pipeline.ts).
import { parseDatabaseUrl } from '../../src/database/data-source';
import { readTogether, type SqlRead } from '../../src/database/read-together';
import { sql, type Sql } from '../../src/database/sql';
import { runLater } from '../../src/database/statement-pipeline';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { backends, createTestDatabase, type TestDatabase } from '../support/databases';

const numbers = (values: number[]): SqlRead<number[]> => ({
  statements: values.map((value) => ({ sql: sql`SELECT ? AS n`, params: [value] })),
  answer: (parts) => parts.map(([row]) => Number(row.n)),
});

const baseIds: SqlRead<string[]> = {
  statements: [{ sql: sql`SELECT base_id FROM bases ORDER BY base_id`, params: [] }],
  answer: ([rows]) => rows.map((row) => String(row.base_id)),
};

describe.each(backends)('reads sent together on %s', (backend) => {
  let database: TestDatabase;
  let db: UnitOfWork;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    db = await UnitOfWork.open(parseDatabaseUrl(database.url));
    await db.write(async (tx) => {
      for (const id of ['kb-b', 'kb-a']) {
        await tx.query("INSERT INTO bases (base_id, description, view_mode, created_at) VALUES (?, '', 'T', '2026-01-01T00:00:00.000Z')", [id]);
      }
    });
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  test('each read gets the rows of its own statements, in order', async () => {
    const [first, none, second, ids] = await readTogether<[number[], number[], number[], string[]]>(
      db.reader, numbers([1, 2, 3]), numbers([]), numbers([4]), baseIds,
    );
    expect([first, none, second, ids]).toEqual([[1, 2, 3], [], [4], ['kb-a', 'kb-b']]);
  });

  test('a read alone, of one statement and of none', async () => {
    expect(await readTogether<[number[]]>(db.reader, numbers([7]))).toEqual([[7]]);
    expect(await readTogether<[number[]]>(db.reader, numbers([]))).toEqual([[]]);
  });

  test('in a write, after a statement that waited for the next query, each read gets its own rows', async () => {
    const [ids, sevens] = await db.write(async (tx) => {
      await runLater(tx, sql`INSERT INTO bases (base_id, description, view_mode, created_at) VALUES ('kb-c', '', 'T', '2026-01-01T00:00:00.000Z')`);
      return readTogether<[string[], number[]]>(tx, baseIds, numbers([7, 8]));
    });
    expect([ids, sevens]).toEqual([['kb-a', 'kb-b', 'kb-c'], [7, 8]]);
    await db.write((tx) => tx.query("DELETE FROM bases WHERE base_id = 'kb-c'"));
  });

  test('a failing statement fails the whole read', async () => {
    const broken: SqlRead<unknown> = { statements: [{ sql: sql`SELECT some_column FROM no_such_table`, params: [] }], answer: () => null };
    await expect(readTogether(db.reader, numbers([1]), broken)).rejects.toThrow(/no_such_table/);
    // The connection it used serves the next read.
    expect(await readTogether<[number[], number[]]>(db.reader, numbers([1]), numbers([2]))).toEqual([[1], [2]]);
  });

  test('a statement that is a string, not Sql, is refused before anything is sent', async () => {
    // What a value pasted into a statement would do if it reached a joined query: end it, add its own.
    const pasted = "SELECT 1 AS n; DELETE FROM bases WHERE base_id = 'kb-a'" as unknown as Sql;
    const smuggled: SqlRead<unknown> = { statements: [{ sql: pasted, params: [] }], answer: () => null };
    await expect(readTogether(db.reader, numbers([1]), smuggled)).rejects.toThrow(/made by the sql tag/);
    await expect(readTogether(db.reader, smuggled)).rejects.toThrow(/made by the sql tag/);
    expect((await readTogether<[string[]]>(db.reader, baseIds))[0]).toEqual(['kb-a', 'kb-b']);
  });
});
