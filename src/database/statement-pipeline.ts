// Statements of a write whose results nobody reads (a page's text inserted, a bitmap updated, a
// pending row added). On MySQL/MariaDB every statement sent is a round trip to the server, and the
// base stays locked meanwhile; so these wait and go with the write's next statement, or with its
// COMMIT, as one multi-statement query (the pool allows them: data-source.ts). Statements still run
// in the order the write made them. On SQLite, in process, they run at once.
import type { EntityManager, QueryRunner } from 'typeorm';

const pipelines = new WeakMap<QueryRunner, StatementPipeline>();

/** Runs `sql` in the write `tx`: at once, or with the write's next statement where that saves a round trip. */
export async function runLater(tx: EntityManager, sql: string, parameters: unknown[] = []): Promise<void> {
  const pipeline = tx.queryRunner && pipelines.get(tx.queryRunner);
  if (pipeline) pipeline.defer(sql, parameters);
  else await tx.query(sql, parameters);
}

/** QueryRunner.query, its overloads as one. */
type RunnerQuery = (sql: string, parameters?: unknown[], structured?: boolean) => Promise<unknown>;

/**
 * The deferred statements of one MySQL/MariaDB write, on its query runner: every query of the
 * runner (ours or TypeORM's) sends them first. A failure in a joined query cannot tell which of its
 * statements failed, so every later statement of the write fails with it and the write rolls back.
 */
export class StatementPipeline {
  private sql: string[] = [];
  private parameters: unknown[] = [];
  private failure: unknown;
  /** Whether anything has gone to the server: a write that sent nothing has nothing to roll back. */
  private sent = false;
  private readonly send: RunnerQuery;

  constructor(runner: QueryRunner) {
    this.send = runner.query.bind(runner) as RunnerQuery;
    runner.query = ((sql: string, parameters?: unknown[], structured?: boolean) => this.run(sql, parameters, structured)) as QueryRunner['query'];
    pipelines.set(runner, this);
  }

  defer(sql: string, parameters: unknown[] = []): void {
    this.sql.push(sql);
    this.parameters.push(...parameters);
  }

  /** Sends the deferred statements and COMMIT, in one round trip. */
  async commit(): Promise<void> {
    await this.run('COMMIT');
  }

  /** Forgets the deferred statements and rolls back whatever was sent, after a failure too. */
  async rollback(): Promise<void> {
    this.take();
    if (this.sent) await this.send('ROLLBACK');
  }

  /** The deferred statements joined, their parameters, and how many they are. */
  private take(): [string, unknown[], number] {
    const taken: [string, unknown[], number] = [this.sql.join(';\n'), this.parameters, this.sql.length];
    this.sql = [];
    this.parameters = [];
    return taken;
  }

  private async run(sql: string, parameters: unknown[] = [], structured?: boolean): Promise<unknown> {
    if (this.failure !== undefined) throw this.failure;
    this.sent = true;
    if (this.sql.length === 0) return this.send(sql, parameters, structured);
    const [deferred, deferredParameters, deferredCount] = this.take();
    // TypeORM's own builders read a structured result of their statement alone.
    if (structured) {
      await this.joined(deferred, deferredParameters);
      return this.send(sql, parameters, structured);
    }
    // The caller gets what its query alone would answer: one result, or one per statement when it
    // sent several (read-together.ts).
    const own = (await this.joined(`${deferred};\n${sql}`, [...deferredParameters, ...parameters])).slice(deferredCount);
    return own.length === 1 ? own[0] : own;
  }

  private async joined(sql: string, parameters: unknown[]): Promise<unknown[]> {
    try {
      return (await this.send(sql, parameters)) as unknown[];
    } catch (error) {
      this.failure = error;
      throw error;
    }
  }
}
