// One node:sqlite connection with a statement cache, migrations and synchronous transactions.
// node:sqlite is synchronous, so a transaction run inside one call cannot interleave with any
// other request of this process; BEGIN IMMEDIATE serialises writers of other processes.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { sqliteMigrations } from './migrations.ts';


export type Row = Record<string, SQLInputValue>;

export class SqliteConnection {
  readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private readonly tupleStatements = new Map<string, StatementSync>();
  private dataVersion: StatementSync | null = null;
  /** Writes of this connection so far (see changeStamp). */
  private ownWrites = 0;

  constructor(path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new DatabaseSync(path);
    // WAL with synchronous=NORMAL: a committed transaction survives a crash of the process.
    // busy_timeout comes first so that switching to WAL waits out another process's lock
    // (e.g. its closing checkpoint) instead of failing with "database is locked".
    this.db.exec(`
      PRAGMA busy_timeout = 5000;
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = NORMAL;
      PRAGMA foreign_keys = ON;
    `);
  }

  private statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /**
   * Rows as arrays of column values. node:sqlite builds a row object property by property, which
   * costs several times more than an array when thousands of rows are read (the tree, a list).
   */
  tuples<T extends unknown[]>(sql: string, ...params: SQLInputValue[]): T[] {
    let statement = this.tupleStatements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      statement.setReturnArrays(true);
      this.tupleStatements.set(sql, statement);
    }
    return statement.all(...params) as unknown as T[];
  }

  get<T>(sql: string, ...params: SQLInputValue[]): T | undefined {
    return this.statement(sql).get(...params) as T | undefined;
  }

  all<T>(sql: string, ...params: SQLInputValue[]): T[] {
    return this.statement(sql).all(...params) as T[];
  }

  run(sql: string, ...params: SQLInputValue[]): number {
    this.ownWrites++;
    return Number(this.statement(sql).run(...params).changes);
  }

  iterate<T>(sql: string, ...params: SQLInputValue[]): IterableIterator<T> {
    return this.statement(sql).iterate(...params) as IterableIterator<T>;
  }

  /**
   * A number that grows whenever anything is committed to the database: this connection's
   * writes (every one goes through run() or transaction()) plus PRAGMA data_version, which moves
   * on every commit of another connection or process. An unchanged stamp means nothing changed.
   */
  changeStamp(): number {
    if (!this.dataVersion) {
      this.dataVersion = this.db.prepare('PRAGMA data_version');
      this.dataVersion.setReturnArrays(true);
    }
    return this.ownWrites + (this.dataVersion.get() as unknown as [number])[0];
  }

  /**
   * Runs several reads on one snapshot, so that a write committed by another process between
   * two of them cannot be seen half. Inside a transaction the reads simply join it.
   */
  read<T>(work: () => T): T {
    if (this.db.isTransaction) return work();
    this.db.exec('BEGIN');
    try {
      return work();
    } finally {
      this.db.exec('COMMIT');
    }
  }

  transaction<T>(work: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    } finally {
      this.ownWrites++;
    }
  }

  migrate(): void {
    this.transaction(() => {
      this.db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
      const row = this.get<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
      const applied = row?.version ?? 0;
      sqliteMigrations.forEach((sql, index) => {
        const version = index + 1;
        if (version <= applied) return;
        if (typeof sql === 'string') this.db.exec(sql);
        else sql(this);
        this.run('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)', version, new Date().toISOString());
      });
    });
  }

  close(): void {
    this.db.close();
  }
}
