// The prepared reader on real databases: it answers exactly what the plain reader answers, sees
// every committed write at once (statements are kept, never results), reports a broken statement
// as the driver's error, and on MySQL/MariaDB keeps a bounded number of statements a connection
// (and mysql2's stack capture per query off).
import { PREPARED_PER_CONNECTION } from '../../src/database/prepared-reads';
import { describeEachBackend, insertBase, uniqueName } from '../support/e2e';

describeEachBackend('prepared reads', (h, backend) => {
  const BASE_SQL = 'SELECT base_id, description, live_pages, outline_version FROM bases WHERE base_id = ?';

  it('answers the same rows as the plain reader, each time the statement is reused', async () => {
    const { db } = h();
    const first = uniqueName();
    const second = uniqueName();
    await insertBase(db, first, 'L', '設定 の 説明');
    await insertBase(db, second);
    for (const baseId of [first, second, first]) {
      const plain = await db.reader.query(BASE_SQL, [baseId]);
      expect(plain).toHaveLength(1);
      expect((await db.preparedReader.query(BASE_SQL, [baseId])).map((row: object) => ({ ...row }))).toEqual(plain.map((row: object) => ({ ...row })));
    }
  });

  it('sees a write committed after the statement was first used', async () => {
    const { db } = h();
    const baseId = uniqueName();
    await insertBase(db, baseId);
    const before = await db.preparedReader.query(BASE_SQL, [baseId]);
    await db.write((tx) => tx.query('UPDATE bases SET outline_version = outline_version + 5, description = ? WHERE base_id = ?', ['changed', baseId]));
    const after = await db.preparedReader.query(BASE_SQL, [baseId]);
    expect(Number(after[0].outline_version)).toBe(Number(before[0].outline_version) + 5);
    expect(after[0].description).toBe('changed');
  });

  it('fails a statement the database refuses with the driver error, and goes on serving', async () => {
    const { db } = h();
    await expect(db.preparedReader.query('SELECT no_such_column FROM bases WHERE base_id = ?', ['x'])).rejects.toMatchObject({ message: expect.stringMatching(/no_such_column/) });
    expect(await db.preparedReader.query(BASE_SQL, ['nothing-here'])).toEqual([]);
  });

  (backend === 'mysql' ? it : it.skip)('keeps a bounded number of prepared statements a connection, and captures no stack a query (MySQL/MariaDB)', () => {
    const { db } = h();
    const pool = (db.preparedReader.connection.driver as unknown as { pool: { config: { connectionConfig: { maxPreparedStatements: number; trace: boolean } } } }).pool;
    expect(pool.config.connectionConfig.maxPreparedStatements).toBe(PREPARED_PER_CONNECTION);
    expect(pool.config.connectionConfig.trace).toBe(false);
  });
});
