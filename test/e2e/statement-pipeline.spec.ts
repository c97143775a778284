// A write's statements whose results nobody reads (runLater) go with its next statement or its
// COMMIT on MySQL/MariaDB, and run at once on SQLite. Either way the write is all or nothing, its
// statements run in the order it made them, and each answers with its own result.
import { MysqlQueryRunner } from 'typeorm/driver/mysql/MysqlQueryRunner';
import { sql, type Sql } from '../../src/database/sql';
import { query, readAtCommit, runLater } from '../../src/database/statement-pipeline';
import { descriptionOf, describeEachBackend, insertBase, uniqueName } from '../support/e2e';

describeEachBackend('statements run later in a write', (h, backend) => {
  it('run in order before the next statement, which answers with its own rows', async () => {
    const { db } = h();
    const baseId = uniqueName();
    await insertBase(db, baseId);
    const seen = await db.write(async (tx) => {
      await runLater(tx, sql`UPDATE bases SET description = ? WHERE base_id = ?`, ['first', baseId]);
      // Matches only after the first has run.
      await runLater(tx, sql`UPDATE bases SET description = ? WHERE base_id = ? AND description = 'first'`, ['first then second', baseId]);
      return tx.query('SELECT description, view_mode FROM bases WHERE base_id = ?', [baseId]);
    });
    expect(seen).toEqual([{ description: 'first then second', view_mode: 'L' }]);
    expect(await descriptionOf(h().db, baseId)).toBe('first then second');
  });

  it('are committed when nothing follows them, and before a statement of TypeORM\'s own builders', async () => {
    const { db } = h();
    const [first, second] = [uniqueName(), uniqueName()];
    await insertBase(db, first);
    await insertBase(db, second);
    await db.write(async (tx) => {
      await runLater(tx, sql`UPDATE bases SET description = ? WHERE base_id = ?`, ['by the pipeline', first]);
      await tx.createQueryBuilder().update('bases').set({ description: 'by a builder' }).where('base_id = :id', { id: second }).execute();
      await runLater(tx, sql`UPDATE bases SET description = ? WHERE base_id = ?`, ['last of all', second]);
    });
    expect(await descriptionOf(h().db, first)).toBe('by the pipeline');
    expect(await descriptionOf(h().db, second)).toBe('last of all');
  });

  it('that fail take the whole write with them, with what ran before and after', async () => {
    const { db } = h();
    const baseId = uniqueName();
    await insertBase(db, baseId, 'L', 'as it was');
    const write = db.write(async (tx) => {
      await tx.query('UPDATE bases SET description = ? WHERE base_id = ?', ['changed first', baseId]);
      await runLater(tx, sql`INSERT INTO no_such_table (x) VALUES (?)`, [1]);
      await runLater(tx, sql`UPDATE bases SET view_mode = ? WHERE base_id = ?`, ['T', baseId]);
    });
    await expect(write).rejects.toThrow(/no_such_table/);
    expect(await descriptionOf(h().db, baseId)).toBe('as it was');
    expect((await db.reader.query('SELECT view_mode FROM bases WHERE base_id = ?', [baseId]))[0].view_mode).toBe('L');
  });

  it('that fail leave every later statement of the write failing, even one whose caller goes on', async () => {
    const { db } = h();
    const baseId = uniqueName();
    await insertBase(db, baseId, 'L', 'as it was');
    const write = db.write(async (tx) => {
      try {
        await runLater(tx, sql`INSERT INTO no_such_table (x) VALUES (?)`, [1]);
        await tx.query('SELECT 1 AS one');
      } catch {
        // A caller that goes on after a failed statement must not commit what is left.
      }
      await tx.query('UPDATE bases SET description = ? WHERE base_id = ?', ['after the failure', baseId]);
    });
    if (backend === 'mysql') await expect(write).rejects.toThrow(/no_such_table/);
    else await write;
    // SQLite ran the failed statement at once, and the caller chose to go on: its later statement stands.
    expect(await descriptionOf(h().db, baseId)).toBe(backend === 'mysql' ? 'as it was' : 'after the failure');
  });

  (backend === 'mysql' ? it : it.skip)('wait for the next statement on MySQL/MariaDB: a failing one fails there, not where it was made', async () => {
    const { db } = h();
    const outcomes: string[] = [];
    const settle = (promise: Promise<unknown>) => promise.then(() => 'done', (error: Error) => `failed: ${error.message}`);
    await db.write(async (tx) => {
      outcomes.push(await settle(runLater(tx, sql`INSERT INTO no_such_table (x) VALUES (?)`, [1])));
      outcomes.push(await settle(tx.query('SELECT 1 AS one')));
    }).catch(() => undefined);
    expect(outcomes).toEqual(['done', expect.stringMatching(/^failed: .*no_such_table/)]);
  });

  it('read at the commit, the write\'s last statement, see the write\'s changes, and answer once it has committed', async () => {
    const { db } = h();
    const baseId = uniqueName();
    await insertBase(db, baseId);
    let answeredDuringWork = false;
    const written = await db.write(async (tx) => {
      await runLater(tx, sql`UPDATE bases SET description = ? WHERE base_id = ?`, ['by the write', baseId]);
      const read = readAtCommit(tx, sql`SELECT description FROM bases WHERE base_id = ?`, [baseId], (rows: { description: string }[]) => rows[0].description);
      void read.then(() => (answeredDuringWork = true));
      await new Promise((resolve) => setImmediate(resolve));
      return { read, seenDuringWork: answeredDuringWork };
    });
    expect(await written.read).toBe('by the write');
    // On MySQL/MariaDB the read goes with the COMMIT; on SQLite it ran at once.
    expect(written.seenDuringWork).toBe(backend === 'sqlite');
  });

  it('read at the commit fail with a write that fails, and a read nobody awaits leaves no unhandled rejection', async () => {
    const { db } = h();
    const baseId = uniqueName();
    await insertBase(db, baseId, 'L', 'as it was');
    let outcome: Promise<string> | undefined;
    const write = db.write(async (tx) => {
      await runLater(tx, sql`UPDATE bases SET description = ? WHERE base_id = ?`, ['changed', baseId]);
      const description = (rows: { description: string }[]) => rows[0].description;
      outcome = readAtCommit(tx, sql`SELECT description FROM bases WHERE base_id = ?`, [baseId], description)
        .then((seen) => `answered: ${seen}`, (error: Error) => `failed: ${error.message}`);
      // Never awaited: jest fails a test that leaves a rejected promise unhandled.
      void readAtCommit(tx, sql`SELECT description FROM bases WHERE base_id = ?`, [baseId], description);
      // SQLite runs the failing statement at once; MySQL/MariaDB fail at the COMMIT, reads and all.
      await runLater(tx, sql`INSERT INTO no_such_table (x) VALUES (?)`, [1]);
    });
    await expect(write).rejects.toThrow(/no_such_table/);
    expect(await outcome).toMatch(backend === 'mysql' ? /^failed: .*no_such_table/ : /^answered: changed$/);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await descriptionOf(h().db, baseId)).toBe('as it was');
  });

  it('take only statements made by the sql tag, a string handed in as one refused at run time', async () => {
    const { db } = h();
    const baseId = uniqueName();
    await insertBase(db, baseId, 'L', 'as it was');
    const plain = 'UPDATE bases SET description = \'injected\' WHERE base_id = ?' as unknown as Sql;
    for (const send of [
      (tx: Parameters<Parameters<typeof db.write>[0]>[0]) => runLater(tx, plain, [baseId]),
      (tx: Parameters<Parameters<typeof db.write>[0]>[0]) => readAtCommit(tx, plain, [baseId], () => null),
      (tx: Parameters<Parameters<typeof db.write>[0]>[0]) => query(tx, plain, [baseId]),
    ]) {
      await expect(db.write(send)).rejects.toThrow(/made by the sql tag/);
    }
    expect(await descriptionOf(h().db, baseId)).toBe('as it was');
  });

  (backend === 'mysql' ? it : it.skip)('send a plain string after the deferred statements, never joined into their query (MySQL/MariaDB)', async () => {
    const { db } = h();
    const baseId = uniqueName();
    await insertBase(db, baseId);
    const sent: string[] = [];
    const original = MysqlQueryRunner.prototype.query;
    const spy = jest.spyOn(MysqlQueryRunner.prototype, 'query').mockImplementation(function (this: MysqlQueryRunner, text: string, ...rest: unknown[]) {
      sent.push(text);
      return (original as (text: string, ...rest: unknown[]) => Promise<unknown>).call(this, text, ...rest);
    } as MysqlQueryRunner['query']);
    try {
      const seen = await db.write(async (tx) => {
        await runLater(tx, sql`UPDATE bases SET description = ? WHERE base_id = ?`, ['deferred', baseId]);
        const plain: { description: string }[] = await tx.query('SELECT description FROM bases WHERE base_id = ?', [baseId]);
        await runLater(tx, sql`UPDATE bases SET view_mode = ? WHERE base_id = ?`, ['T', baseId]);
        const tagged: { view_mode: string }[] = await query(tx, sql`SELECT view_mode FROM bases WHERE base_id = ?`, [baseId]);
        return [plain[0].description, tagged[0].view_mode];
      });
      expect(seen).toEqual(['deferred', 'T']);
    } finally {
      spy.mockRestore();
    }
    const plainText = 'SELECT description FROM bases WHERE base_id = ?';
    // The plain string went alone, after the deferred statements; the tagged read joined them.
    expect(sent.filter((text) => text.includes(plainText))).toEqual([plainText]);
    expect(sent[sent.indexOf(plainText) - 1]).toMatch(/^START TRANSACTION;\nUPDATE bases SET description = \?/);
    expect(sent.some((text) => text.includes('UPDATE bases SET view_mode') && text.includes('SELECT view_mode'))).toBe(true);
  });
});
