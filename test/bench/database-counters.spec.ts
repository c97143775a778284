// The database server's counters the two-services section reads around each run
// (bench/database-counters.ts), on the real MariaDB/MySQL server. The counters are the server's:
// other suites running meanwhile only add to them, so the checks are lower bounds.
import { createConnection, type Connection } from 'mysql2/promise';
import { countedBetween, DatabaseCounterReader } from '../../bench/database-counters';
import { backends, createTestDatabase, type TestDatabase } from '../support/databases';

(backends.includes('mysql') ? describe : describe.skip)('the database server\'s counters', () => {
  let database: TestDatabase;
  let reader: DatabaseCounterReader;
  let sessions: Connection[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('mysql');
    reader = await DatabaseCounterReader.open(database.url);
  });
  afterEach(async () => {
    await Promise.all(sessions.map((session) => session.end()));
    sessions = [];
  });
  afterAll(async () => {
    await reader.close();
    await database.drop();
  });

  const session = async (): Promise<Connection> => {
    const opened = await createConnection({ uri: database.url, multipleStatements: true });
    sessions.push(opened);
    return opened;
  };

  it('counts the SELECT statements another session runs, each of a multi-statement query and a prepared one', async () => {
    const other = await session();
    const start = await reader.read();
    await other.query('SELECT 1; SELECT 2; SELECT 3');
    await other.execute('SELECT ?', [4]);
    expect(countedBetween(start, await reader.read()).selects).toBeGreaterThanOrEqual(4);
  });

  it('counts a statement that waited for a row lock another transaction held', async () => {
    const [holder, waiter] = [await session(), await session()];
    await holder.query('CREATE TABLE counted (id INT PRIMARY KEY, n INT) ENGINE=InnoDB');
    await holder.query('INSERT INTO counted VALUES (1, 0)');
    const before = await reader.read();
    await holder.query('START TRANSACTION');
    await holder.query('SELECT n FROM counted WHERE id = 1 FOR UPDATE');
    const waiting = waiter.query('UPDATE counted SET n = n + 1 WHERE id = 1');
    // The server counts the wait as it begins: commit only once the update is seen waiting.
    for (;;) {
      const [waits] = await holder.query("SELECT 1 FROM information_schema.INNODB_TRX WHERE trx_mysql_thread_id = ? AND trx_state = 'LOCK WAIT'", [waiter.threadId]);
      if ((waits as unknown[]).length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await holder.query('COMMIT');
    await waiting;
    expect(countedBetween(before, await reader.read()).rowLockWaits).toBeGreaterThanOrEqual(1);
    const [rows] = await holder.query('SELECT n FROM counted WHERE id = 1');
    expect(rows).toEqual([{ n: 1 }]);
  });
});
