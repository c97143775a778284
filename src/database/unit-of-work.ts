// UnitOfWork: the only way to open a write transaction, and the manager that reads use. A write
// that changes a base's outline, or must not overlap one, goes through writeToBase or writeOutline,
// which lock the base first: no other code takes that lock.
// SQLite: TypeORM hands every caller the same better-sqlite3 connection (typeorm/typeorm#1884),
// so writes take an in-process FIFO queue, those waiting together in one BEGIN IMMEDIATE transaction
// with a savepoint each (grouped-writes.ts; another process, such as kbp, waits on busy_timeout),
// and reads use a second, read-only connection that never sees an open write.
// MySQL/MariaDB: a pooled transaction per write, its statements whose results nobody reads sent
// with the next one (statement-pipeline.ts); a lock conflict retries the whole write afresh.
import type { Database as BetterSqlite3Database, Statement } from 'better-sqlite3';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';
import { baseGone } from '../errors/domain-error';
import { dataSourceOptions, type DatabaseTarget, type Dialect } from './data-source';
import { isRetryableConflict } from './db-errors';
import { dialectOf } from './dialect';
import { mysqlPreparedReads, sqlitePreparedReads } from './prepared-reads';
import { GroupedWrites } from './grouped-writes';
import { sql } from './sql';
import { query, runLater, StatementPipeline } from './statement-pipeline';
import { WalCheckpointer, WRITER_AUTOCHECKPOINT_PAGES } from './wal-checkpointer';
import type { WriteWork } from './write-work';

export abstract class UnitOfWork {
  abstract readonly dialect: Dialect;
  /** The manager for reads outside any write. */
  abstract readonly reader: EntityManager;
  /** The same, running each SQL text as a statement prepared once (src/database/prepared-reads.ts):
   * for the fixed reads every request makes. */
  abstract readonly preparedReader: EntityManager;
  /** Runs `work` all or nothing, and answers once it has committed. On SQLite the writes of one
   * process run one at a time, those waiting together in one transaction, a savepoint each. */
  abstract write<T>(work: WriteWork<T>): Promise<T>;
  abstract close(): Promise<void>;

  /**
   * A write that runs in line with every outline write of the base: its first statement locks the
   * base's row (on MySQL/MariaDB; SQLite's writer holds the file's lock already) and finds whether
   * the base is there. When it is not, `work` does not run and the write answers `whenGone()`
   * (by default NOT_FOUND, the base no longer exists).
   */
  writeToBase<T>(baseId: string, work: WriteWork<T>, whenGone: () => T = () => { throw baseGone(baseId); }): Promise<T> {
    return this.write(async (tx) => ((await lockBase(tx, baseId)) ? work(tx) : whenGone()));
  }

  /**
   * A write that changes the base's outline: its first statement moves the base's outline version
   * (and its live page count by `liveDelta`), and the row lock that takes is the base's lock. On
   * MySQL/MariaDB that statement goes with the work's first one (runLater), so it tells nothing:
   * a base that is gone shows in what the work's reads find, and requireBase tells it apart.
   */
  writeOutline<T>(baseId: string, liveDelta: number, work: WriteWork<T>): Promise<T> {
    return this.write(async (tx) => {
      await moveOutline(tx, baseId, liveDelta);
      return work(tx);
    });
  }

  /**
   * Inside writeToBase or writeOutline of the base: NOT_FOUND when the base no longer exists. For
   * an outline write whose read found nothing, to tell a base that is gone from a page that is.
   */
  async requireBase(tx: EntityManager, baseId: string): Promise<void> {
    if (!(await lockBase(tx, baseId))) throw baseGone(baseId);
  }

  /**
   * A number that changes whenever anything commits to the database, in this process or another,
   * or null when the backend offers none this cheap: what a cache of reads is checked against.
   */
  abstract changeStamp(): number | null;

  /** Answers when the database does (readiness). */
  async ping(): Promise<void> {
    await this.reader.query('SELECT 1');
  }

  /** Opens the database of `target`, creating or migrating its schema first. */
  static async open(target: DatabaseTarget): Promise<UnitOfWork> {
    const writer = new DataSource(dataSourceOptions(target));
    await writer.initialize();
    try {
      await runMigrations(writer, target.dialect);
      if (target.dialect === 'mysql') return new MysqlUnitOfWork(writer);
      const reader = new DataSource(dataSourceOptions(target, true));
      await reader.initialize();
      // The checkpointer's connection copies the WAL into the file; the writer only past a far higher bound.
      await writer.query(`PRAGMA wal_autocheckpoint = ${WRITER_AUTOCHECKPOINT_PAGES}`);
      return new SqliteUnitOfWork(writer, reader, await WalCheckpointer.start(target.location));
    } catch (error) {
      await writer.destroy();
      throw error;
    }
  }
}

/** Locks the base's row for the rest of the transaction (MySQL/MariaDB); false when the base is gone. */
async function lockBase(tx: EntityManager, baseId: string): Promise<boolean> {
  const statement = dialectOf(tx) === 'mysql'
    ? sql`SELECT base_id FROM bases WHERE base_id = ? FOR UPDATE`
    : sql`SELECT base_id FROM bases WHERE base_id = ?`;
  return (await query<unknown[]>(tx, statement, [baseId])).length > 0;
}

/** Moves the base's outline version and live page count: the row lock this takes is the base's lock. */
async function moveOutline(tx: EntityManager, baseId: string, liveDelta: number): Promise<void> {
  await runLater(tx, sql`UPDATE bases SET live_pages = live_pages + ?, outline_version = outline_version + 1 WHERE base_id = ?`, [liveDelta, baseId]);
}

/** Pending migrations, safely when several processes start at once (a lock per backend). */
async function runMigrations(source: DataSource, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    // BEGIN IMMEDIATE holds SQLite's write lock: a second process waits, then finds nothing pending.
    // Taken here, not by TypeORM, whose check for its migrations table runs before its own BEGIN.
    // better-sqlite3 has one connection, so the migrations run inside this transaction.
    const runner = source.createQueryRunner();
    await runner.query('BEGIN IMMEDIATE');
    try {
      await source.runMigrations({ transaction: 'none' });
      await runner.query('COMMIT');
    } catch (error) {
      await runner.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    return;
  }
  const runner = source.createQueryRunner();
  try {
    await runner.connect();
    await runner.query("SELECT GET_LOCK('kb_pages_migrations', 60)");
    try {
      await source.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query("SELECT RELEASE_LOCK('kb_pages_migrations')");
    }
  } finally {
    await runner.release();
  }
}

class SqliteUnitOfWork extends UnitOfWork {
  readonly dialect = 'sqlite';
  private readonly writes: GroupedWrites;
  private dataVersion: Statement | undefined;
  readonly preparedReader: EntityManager;

  constructor(
    private readonly writer: DataSource,
    private readonly readerSource: DataSource,
    readonly checkpointer: WalCheckpointer,
  ) {
    super();
    this.writes = new GroupedWrites(writer, () => checkpointer.committed());
    this.preparedReader = sqlitePreparedReads(readerSource);
  }

  get reader(): EntityManager {
    return this.readerSource.manager;
  }

  /** SQLite's data_version on the read connection moves with every commit of any other
   * connection (this process's writer included). Prepared once: about 2 µs a read instead of 5. */
  changeStamp(): number {
    this.dataVersion ??= (this.readerSource.driver as unknown as { databaseConnection: BetterSqlite3Database })
      .databaseConnection.prepare('PRAGMA data_version').pluck();
    return this.dataVersion.get() as number;
  }

  write<T>(work: WriteWork<T>): Promise<T> {
    return this.writes.write(work);
  }

  async close(): Promise<void> {
    await this.writes.idle();
    await this.checkpointer.close();
    await this.readerSource.destroy();
    await this.writer.destroy();
  }
}

const START_TRANSACTION = sql`START TRANSACTION`;

/** How often one write starts again after a deadlock or lock timeout before giving up. */
const MAX_WRITE_ATTEMPTS = 5;

class MysqlUnitOfWork extends UnitOfWork {
  readonly dialect = 'mysql';
  readonly preparedReader: EntityManager;
  private readonly readCommittedConnections = new WeakSet<object>();

  constructor(private readonly source: DataSource) {
    super();
    this.preparedReader = mysqlPreparedReads(source);
  }

  get reader(): EntityManager {
    return this.source.manager;
  }

  changeStamp(): null {
    return null;
  }

  async write<T>(work: WriteWork<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const runner = this.source.createQueryRunner();
      const pipeline = new StatementPipeline(runner);
      try {
        await this.readCommitted(runner);
        // Sent with the write's first statement, like every statement whose result nobody reads.
        pipeline.defer(START_TRANSACTION);
        const result = await work(runner.manager);
        await pipeline.commit();
        return result;
      } catch (error) {
        await pipeline.rollback().catch(() => undefined);
        if (!isRetryableConflict(error) || attempt >= MAX_WRITE_ATTEMPTS) throw error;
        await sleep(Math.random() * 5 * attempt);
      } finally {
        await runner.release();
      }
    }
  }

  /**
   * Writes run at READ COMMITTED. Set once per pooled connection, not per transaction: each
   * statement sent costs the service a round trip's CPU (a connection is only ever used by us).
   */
  private async readCommitted(runner: QueryRunner): Promise<void> {
    const connection: object = await runner.connect();
    if (this.readCommittedConnections.has(connection)) return;
    await runner.query('SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED');
    this.readCommittedConnections.add(connection);
  }

  async close(): Promise<void> {
    await this.source.destroy();
  }
}
