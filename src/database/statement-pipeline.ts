// Statements of a write whose results nobody reads (a page's text inserted, a bitmap updated, a
// pending row added). On MySQL/MariaDB every statement sent is a round trip to the server, and the
// base stays locked meanwhile; so these wait and go with the write's next statement, or with its
// COMMIT, as one multi-statement query (the pool allows them: data-source.ts). Statements still run
// in the order the write made them. On SQLite, in process, they run at once.
// Only Sql (sql.ts) is ever joined into such a query: a plain string sent on the write's runner
// goes alone, after the deferred statements, so no value can add a statement to theirs.
import type { EntityManager, QueryRunner } from 'typeorm';
import { sql, sqlText, statementsTogether, type Sql } from './sql';

const pipelines = new WeakMap<QueryRunner, StatementPipeline>();

/** Runs `statement` in the write `tx`: at once, or with the write's next statement where that saves a round trip. */
export async function runLater(tx: EntityManager, statement: Sql, parameters: unknown[] = []): Promise<void> {
  const pipeline = pipelineOf(tx);
  if (pipeline) pipeline.defer(statement, parameters);
  else await tx.query(sqlText(statement), parameters);
}

/**
 * Runs `statement` in `tx` and answers its result; in a MySQL/MariaDB write, together with the
 * statements deferred before it, in one round trip.
 */
export function query<T = unknown>(tx: EntityManager, statement: Sql, parameters: unknown[] = []): Promise<T> {
  const pipeline = pipelineOf(tx);
  return (pipeline ? pipeline.query(statement, parameters) : tx.query(sqlText(statement), parameters)) as Promise<T>;
}

/**
 * Runs the read `statement` as the last statement of the write `tx`, with its COMMIT where that saves a
 * round trip: `answer` of the rows it finds. The write must not wait for it (on MySQL/MariaDB the
 * rows come with the COMMIT, after the write's work has returned): it hands the promise on, and its
 * caller awaits it once the write has answered. On SQLite the read runs at once.
 */
export function readAtCommit<R, T>(tx: EntityManager, statement: Sql, parameters: unknown[], answer: (rows: R[]) => T): Promise<T> {
  const pipeline = pipelineOf(tx);
  const rows = (pipeline ? pipeline.deferRead(statement, parameters) : tx.query(sqlText(statement), parameters)) as Promise<R[]>;
  const answered = rows.then(answer);
  // A write that fails leaves its read unanswered; the failure is the write's, which its caller gets.
  answered.catch(() => undefined);
  return answered;
}

function pipelineOf(tx: EntityManager): StatementPipeline | undefined {
  return tx.queryRunner && pipelines.get(tx.queryRunner);
}

const COMMIT = sql`COMMIT`;

/** QueryRunner.query, its overloads as one. */
type RunnerQuery = (sql: string, parameters?: unknown[], structured?: boolean) => Promise<unknown>;

/**
 * The deferred statements of one MySQL/MariaDB write, on its query runner: every query of the
 * runner (ours or TypeORM's) sends them first. A failure in a joined query cannot tell which of its
 * statements failed, so every later statement of the write fails with it and the write rolls back.
 */
export class StatementPipeline {
  private statements: Sql[] = [];
  private parameters: unknown[] = [];
  /** Deferred reads, by the index of their statement among the deferred ones. */
  private reads: DeferredRead[] = [];
  private failure: unknown;
  /** Whether anything has gone to the server: a write that sent nothing has nothing to roll back. */
  private sent = false;
  private readonly send: RunnerQuery;

  constructor(runner: QueryRunner) {
    this.send = runner.query.bind(runner) as RunnerQuery;
    runner.query = ((sql: string, parameters?: unknown[], structured?: boolean) => this.run(sql, parameters, structured)) as QueryRunner['query'];
    pipelines.set(runner, this);
  }

  defer(statement: Sql, parameters: unknown[] = []): void {
    sqlText(statement);
    this.statements.push(statement);
    this.parameters.push(...parameters);
  }

  /** A read sent with the next statement like the deferred ones: its rows once that has been sent. */
  deferRead(statement: Sql, parameters: unknown[] = []): Promise<unknown[]> {
    sqlText(statement);
    return new Promise((resolve, reject) => {
      this.reads.push({ index: this.statements.length, resolve, reject });
      this.defer(statement, parameters);
    });
  }

  /** Sends the deferred statements and `statement` in one round trip; answers what `statement` alone would. */
  async query(statement: Sql, parameters: unknown[] = []): Promise<unknown> {
    const text = sqlText(statement);
    if (this.failure !== undefined) throw this.failure;
    this.sent = true;
    if (this.statements.length === 0) return this.send(text, parameters);
    const deferred = this.take();
    // One result, or one per statement when `statement` holds several (read-together.ts).
    const own = (await this.joined(followedBy(deferred, statement, parameters))).slice(deferred.statements.length);
    return own.length === 1 ? own[0] : own;
  }

  /** Sends the deferred statements and COMMIT, in one round trip. */
  async commit(): Promise<void> {
    await this.query(COMMIT);
  }

  /** Forgets the deferred statements and rolls back whatever was sent, after a failure too. */
  async rollback(): Promise<void> {
    for (const read of this.take().reads) read.reject(new Error('The write rolled back before its read was sent.'));
    if (this.sent) await this.send('ROLLBACK');
  }

  /** The deferred statements, joined, with their parameters and the reads among them; none are left. */
  private take(): Deferred {
    const taken: Deferred = { statements: this.statements, parameters: this.parameters, reads: this.reads };
    this.statements = [];
    this.parameters = [];
    this.reads = [];
    return taken;
  }

  /** Any other query of the runner (a plain string, TypeORM's own): the deferred statements first, on their own. */
  private async run(text: string, parameters: unknown[] = [], structured?: boolean): Promise<unknown> {
    if (this.failure !== undefined) throw this.failure;
    this.sent = true;
    if (this.statements.length > 0) await this.joined(this.take());
    return this.send(text, parameters, structured);
  }

  /** Sends `batch` as one query; the deferred reads among its statements get their rows. */
  private async joined(batch: Deferred): Promise<unknown[]> {
    try {
      const results = (await this.send(statementsTogether(batch.statements).text, batch.parameters)) as unknown[];
      // A statement sent alone answers its own result, not a list of one.
      for (const read of batch.reads) read.resolve((batch.statements.length === 1 ? results : results[read.index]) as unknown[]);
      return results;
    } catch (error) {
      this.failure = error;
      for (const read of batch.reads) read.reject(error);
      throw error;
    }
  }
}

/** The deferred statements with one more statement after them. */
function followedBy(deferred: Deferred, statement: Sql, parameters: unknown[]): Deferred {
  return { ...deferred, statements: [...deferred.statements, statement], parameters: [...deferred.parameters, ...parameters] };
}

interface Deferred {
  statements: Sql[];
  parameters: unknown[];
  reads: DeferredRead[];
}

interface DeferredRead {
  index: number;
  resolve(rows: unknown[]): void;
  reject(error: unknown): void;
}
