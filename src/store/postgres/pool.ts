// A pool of PostgreSQL connections with one-transaction-per-call helpers. Connection failures
// leave here as SERVICE_UNAVAILABLE; a broken connection is thrown away, so the pool heals by
// itself once the database answers again.
import pg from 'pg';
import type { PoolClient, QueryResultRow } from 'pg';
import { isConnectionError, isRetryable, storeError } from './errors.ts';

export interface PostgresOptions {
  /** postgres://user:password@host:port/database (any libpq-style URL node-postgres accepts). */
  url: string;
  /** Most connections this process opens (default 10). */
  poolMax?: number;
  /** Server-side limit of one statement in milliseconds; 0 means none (default 10000). */
  statementTimeoutMs?: number;
  /** How long to wait for a connection, new or from the pool, in milliseconds (default 5000). */
  connectTimeoutMs?: number;
  /** Idle connections are closed after this many milliseconds (default 30000). */
  idleTimeoutMs?: number;
  /** Schema holding the tables (default: the server's search_path, normally public). */
  schema?: string;
}

export const postgresDefaults = {
  poolMax: 10,
  statementTimeoutMs: 10_000,
  connectTimeoutMs: 5_000,
  idleTimeoutMs: 30_000,
} as const;

const schemaName = /^[a-z_][a-z0-9_]*$/;
/** Deadlocks and serialization failures are retried this many times before giving up. */
const RETRIES = 3;

/** The statements of one transaction. */
export class Tx {
  private readonly client: PoolClient;

  constructor(client: PoolClient) {
    this.client = client;
  }

  async rows<T extends QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.client.query<T>(sql, params)).rows;
  }

  async row<T extends QueryResultRow>(sql: string, params: unknown[] = []): Promise<T | undefined> {
    return (await this.rows<T>(sql, params))[0];
  }

  /** Runs a statement; the number of rows it touched. */
  async run(sql: string, params: unknown[] = []): Promise<number> {
    return (await this.client.query(sql, params)).rowCount ?? 0;
  }

  /** Runs several statements at once (simple protocol, no parameters): migrations. */
  async script(sql: string): Promise<void> {
    await this.client.query(sql);
  }
}

export class PgDatabase {
  private readonly pool: pg.Pool;
  private readonly poolMax: number;

  constructor(options: PostgresOptions) {
    if (options.schema !== undefined && !schemaName.test(options.schema)) {
      throw new Error(`"${options.schema}" is not a schema name this service uses; use lowercase letters, digits and _.`);
    }
    const statementTimeout = options.statementTimeoutMs ?? postgresDefaults.statementTimeoutMs;
    this.poolMax = options.poolMax ?? postgresDefaults.poolMax;
    this.pool = new pg.Pool({
      connectionString: options.url,
      max: this.poolMax,
      connectionTimeoutMillis: options.connectTimeoutMs ?? postgresDefaults.connectTimeoutMs,
      idleTimeoutMillis: options.idleTimeoutMs ?? postgresDefaults.idleTimeoutMs,
      statement_timeout: statementTimeout > 0 ? statementTimeout : false,
      keepAlive: true,
      application_name: 'kb-pages',
      // Idle connections do not keep a finished command-line process alive.
      allowExitOnIdle: true,
      ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
    });
    // A connection that dies (server restart, pg_terminate_backend, network) emits 'error': on
    // the pool while idle, on the client while checked out between two statements. Unheard, the
    // event would end the process; the failure shows up anyway in the next statement on it.
    this.pool.on('error', () => {});
    this.pool.on('connect', (client) => { client.on('error', () => {}); });
  }

  /** Runs `work` in one transaction. Deadlocks are retried; a stale pooled connection too. */
  async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.withClient(true, async (client, begun) => {
      await client.query('BEGIN');
      begun();
      const result = await work(new Tx(client));
      await client.query('COMMIT');
      return result;
    });
  }

  /** Runs `work` outside a transaction: reads whose statements each stand alone. */
  async read<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.withClient(false, (client) => work(new Tx(client)));
  }

  private async withClient<T>(
    inTransaction: boolean,
    work: (client: PoolClient, begun: () => void) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let client: PoolClient;
      try {
        client = await this.pool.connect();
      } catch (error) {
        throw storeError(error);
      }
      let begun = false;
      try {
        const result = await work(client, () => { begun = true; });
        client.release();
        return result;
      } catch (error) {
        const broken = isConnectionError(error);
        if (broken) {
          client.release(error as Error);
        } else if (inTransaction) {
          await client.query('ROLLBACK').then(() => client.release(), (e: Error) => client.release(e));
        } else {
          client.release();
        }
        // A pooled connection that the server closed while it sat idle fails its first
        // statement: take another (each idle one may be such). Reads may always be repeated; a
        // transaction only before BEGIN has answered, when nothing can have happened on the server.
        const stale = broken && attempt < this.poolMax && (!inTransaction || !begun);
        if (stale || (isRetryable(error) && attempt < RETRIES)) continue;
        throw storeError(error);
      }
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
