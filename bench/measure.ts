// Measures the rows of one backend: both ceilings first, the service's rows, both ceilings again
// at the end (two figures far apart mean the machine was busy with something else meanwhile).
// Each row: one probe request checks the answer, every row but delete gets WARM_UP_SECONDS of
// unrecorded load, then autocannon for the set time, then a wait
// until the server is idle again. CPU times are read before and after: the server's, the database
// server's (MySQL/MariaDB on this machine), and the rest of the machine's, which shows how much
// else ran meanwhile.
import type { BenchOperation, LoadGenerator, LoadJob } from './load';
import { probe } from './load';
import { mcpResult } from './mcp-rows';
import { TREE_GZIP, TREE_PLAIN } from './operations';
import { cpuSeconds, machineBusySeconds, peakRssMiB, waitUntilIdle, type StartedServer } from './processes';
import type { Row } from './table';

/** What every measured run needs: the load generator, the service's token and the load's shape. */
export interface RunSetup {
  load: LoadGenerator;
  /** The MySQL/MariaDB server's process, when it runs on this machine. */
  databasePid?: number;
  token: string;
  connections: number;
  durationSeconds: number;
  operations: BenchOperation[];
  log: (line: string) => void;
}

export interface MeasureSetup extends RunSetup {
  bare: StartedServer;
  nest: StartedServer;
  service: StartedServer;
  /** The bare node:http ceiling answering the bytes of the service's tree: measured right after each tree row. */
  treeCeiling: StartedServer;
}

export const WARM_UP_SECONDS = 1;
/** The longest a warm-up may take to send every request of its sequence once. */
const SEQUENCE_WARM_UP_MAX_SECONDS = 60;

/**
 * `operation` against one server, not recorded: every request of its sequence once (one second
 * of "another page each time" reaches about 3,000 of its 5,000 pages on MariaDB), then
 * WARM_UP_SECONDS more.
 */
export async function warmUp(load: LoadGenerator, url: string, token: string | undefined, connections: number, operation: BenchOperation): Promise<unknown> {
  if (operation.sequence.length > 1) {
    const once = { ...operation, amount: operation.sequence.length };
    await load.run({ urls: [url], token, connections, durationSeconds: SEQUENCE_WARM_UP_MAX_SECONDS, operation: once, startAt: 0 });
  }
  return load.run({ urls: [url], token, connections, durationSeconds: WARM_UP_SECONDS, operation, startAt: 0 });
}

/**
 * Whether a row is measured in its steady state, after a warm-up: a read's first requests would time
 * the database's first reads of its pages from disk (MariaDB's buffer pool, SQLite's page cache),
 * a write's the first runs of code the process has not optimised yet (its body's parsing and
 * validation, Markdown, its statements; figures in bench/README.md). An operation that uses up
 * what it changes (delete, with an amount) is measured from its first request: a warm-up would take
 * the pages its row is to delete.
 */
export const warmsUp = (operation: BenchOperation): boolean => operation.amount === undefined;

/** The rows measured again on the tree's ceiling, with the same request headers. */
const TREE_ROWS = [TREE_GZIP, TREE_PLAIN];

export const ceilingOperation = (name: string, headers?: Record<string, string>): BenchOperation => ({
  name, expect: 200, sequence: [{ method: 'GET', path: '/', ...(headers ? { headers } : {}) }],
});

export async function measureRows(setup: MeasureSetup): Promise<{ rows: Row[]; peakRssMiB: Record<'service' | 'bare' | 'nest' | 'treeCeiling', number> }> {
  const { load, connections, durationSeconds, log } = setup;

  async function measure(server: StartedServer, operation: BenchOperation, token?: string): Promise<Row> {
    log(`${operation.name} …`);
    const checked = await probe(server.url, token, operation.sequence[0]);
    if (checked.status !== operation.expect) {
      return { name: operation.name, skipped: `answered ${checked.status}, not ${operation.expect}` };
    }
    let answer = checked.json;
    if (operation.mcp) {
      const result = mcpResult(checked.text);
      if ('refused' in result) return { name: operation.name, skipped: `answered ${result.refused}` };
      answer = result.content;
    }
    const total = (answer as { total?: unknown } | null)?.total;
    const hits = /^(MCP .*: )?search/.test(operation.name) && typeof total === 'number' ? total : undefined;
    if (warmsUp(operation)) await warmUp(load, server.url, token, connections, operation);
    await waitUntilIdle(server.pid);
    // The database's own work after the row before (purge, flushing) is not this row's.
    if (setup.databasePid !== undefined) await waitUntilIdle(setup.databasePid);
    const before = cpuTimes(server);
    const job: LoadJob = { urls: [server.url], token, connections, durationSeconds, operation, startAt: 1 };
    const result = await load.run(job);
    // Requests still queued in the server when the time is up are part of this row, not the next.
    await waitUntilIdle(server.pid);
    const after = cpuTimes(server);
    const perRequest = (seconds: number | undefined) => (result.requests > 0 && seconds !== undefined ? (seconds * 1000) / result.requests : undefined);
    const databaseCpu = setup.databasePid === undefined ? undefined : after.database! - before.database!;
    // Only the service's requests reach the database: a ceiling's row gets no database figure.
    const ownDatabaseCpu = server === setup.service ? databaseCpu : undefined;
    const [serverCpu, loadCpu, wall] = [after.server - before.server, after.load - before.load, after.wall - before.wall];
    const others = after.machine - before.machine - serverCpu - loadCpu - (databaseCpu ?? 0);
    return {
      name: operation.name, twinOf: operation.twinOf, result, hits, answerKiB: checked.bytes / 1024,
      cpuMsPerRequest: perRequest(serverCpu),
      databaseCpuMsPerRequest: perRequest(ownDatabaseCpu),
      // Counters read a moment apart can leave a few ticks of jitter below zero.
      otherCores: Math.max(0, others / wall),
      serverCoreBusy: serverCpu / wall,
      loadCoreBusy: loadCpu / wall,
      peakRssMiB: peakRssMiB(server.pid),
    };
  }

  function cpuTimes(server: StartedServer) {
    return {
      wall: performance.now() / 1000,
      server: cpuSeconds(server.pid),
      load: cpuSeconds(load.pid),
      database: setup.databasePid === undefined ? undefined : cpuSeconds(setup.databasePid),
      machine: machineBusySeconds(),
    };
  }

  const bareFirst = await measure(setup.bare, ceilingOperation('ceiling: bare node:http'));
  const nestFirst = await measure(setup.nest, ceilingOperation('ceiling: Nest hello'));
  const serviceRows: Row[] = [];
  for (const operation of setup.operations) {
    serviceRows.push(await measure(setup.service, operation, setup.token));
    // The same bytes from the bare ceiling: the tree's latency where the service adds nothing to sending them.
    if (TREE_ROWS.includes(operation.name)) {
      const headers = operation.sequence[0].headers;
      serviceRows.push(await measure(setup.treeCeiling, ceilingOperation(`ceiling: bare node:http, the bytes of "${operation.name}"`, headers)));
    }
  }
  const bareLast = await measure(setup.bare, ceilingOperation('ceiling: bare node:http, again'));
  const nestLast = await measure(setup.nest, ceilingOperation('ceiling: Nest hello, again'));

  const meanRate = (a: Row, b: Row) => ((a.result?.requestsPerSecond ?? NaN) + (b.result?.requestsPerSecond ?? NaN)) / 2;
  const bareRate = meanRate(bareFirst, bareLast);
  const nestRate = meanRate(nestFirst, nestLast);
  const rows = [bareFirst, nestFirst, ...serviceRows, bareLast, nestLast].map((row) => ({
    ...row,
    ratioBare: row.result ? row.result.requestsPerSecond / bareRate : undefined,
    ratioNest: row.result ? row.result.requestsPerSecond / nestRate : undefined,
  }));
  return {
    rows,
    peakRssMiB: {
      service: peakRssMiB(setup.service.pid), bare: peakRssMiB(setup.bare.pid), nest: peakRssMiB(setup.nest.pid), treeCeiling: peakRssMiB(setup.treeCeiling.pid),
    },
  };
}
