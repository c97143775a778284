// The figures of the two-services section: CPU time per request of the service processes together,
// and its ratio to one process under the same load (the mean of its runs before and after), so a
// cost of splitting the load between processes shows as a ratio above 1.
import { splitConnections, type LoadResult } from './load';
import { fixed, markdown } from './table';

export interface SplitRun {
  /** The operation, e.g. "detail (another page each time)". */
  name: string;
  /** How many service processes shared the load. */
  processes: number;
  /** The load's connections, split between the processes as evenly as they go. */
  connections: number;
  result: LoadResult;
  /** CPU seconds (user + system) all service processes used during the run. */
  serviceCpuSeconds: number;
  /** CPU seconds the database server used during the run, when it runs on this machine. */
  databaseCpuSeconds?: number;
}

export interface SplitRow extends SplitRun {
  cpuMsPerRequest: number;
  databaseCpuMsPerRequest?: number;
  /** For runs of more than one process: CPU ms/req ÷ the mean CPU ms/req of the one-process runs of the same operation. */
  ratioToOne?: number;
}

const perRequestMs = (seconds: number, requests: number) => (requests > 0 ? (seconds * 1000) / requests : NaN);

export function splitRows(runs: readonly SplitRun[]): SplitRow[] {
  const rows = runs.map((run) => ({
    ...run,
    cpuMsPerRequest: perRequestMs(run.serviceCpuSeconds, run.result.requests),
    databaseCpuMsPerRequest: run.databaseCpuSeconds === undefined ? undefined : perRequestMs(run.databaseCpuSeconds, run.result.requests),
  }));
  return rows.map((row) => {
    if (row.processes === 1) return row;
    const ones = rows.filter((other) => other.name === row.name && other.processes === 1).map((other) => other.cpuMsPerRequest);
    const oneMean = ones.reduce((sum, value) => sum + value, 0) / ones.length;
    return { ...row, ratioToOne: ones.length > 0 ? row.cpuMsPerRequest / oneMean : undefined };
  });
}

export function splitTable(rows: readonly SplitRow[]): string {
  const header = ['row', 'processes', 'connections', 'req/s', 'p50 ms', 'p99 ms', 'services CPU ms/req', '÷ one process', 'DB CPU ms/req', 'requests', 'failures'];
  const lines = rows.map((row) => [
    row.name, String(row.processes), connectionsOf(row), row.result.requestsPerSecond.toFixed(0), fixed(row.result.p50Ms, 2), fixed(row.result.p99Ms, 2),
    fixed(row.cpuMsPerRequest, 3), fixed(row.ratioToOne, 3), fixed(row.databaseCpuMsPerRequest, 3),
    String(row.result.requests), String(row.result.failures),
  ]);
  return markdown(header, lines);
}

/** "10", or "5 + 5" for 10 over two processes. */
function connectionsOf(row: SplitRow): string {
  return splitConnections(row.connections, row.processes).join(' + ');
}
