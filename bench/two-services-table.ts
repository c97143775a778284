// The figures of the two-services section: CPU time per request of the service processes together,
// and its ratio to one process under the same load (the mean of the one-process runs just before
// and just after, so a machine that drifts during the section moves both alike), so a cost of
// splitting the load between processes shows as a ratio above 1; and, over the rounds, the median
// of each kind of run's ratios. A split run is also divided by one process alone with as many
// connections as each of its processes has (5 of 10): a process with fewer requests in flight
// answers fewer of them a turn of its event loop and costs more a request by itself, and that
// ratio leaves out what the split load costs, to show what the second process adds. Beside them,
// the part of the CPU time spent in the kernel, and how often the processes gave up the core per
// request: to wait, or to another thread (bench/README.md, "Two service processes"); and, where
// the database server's counters were read, the SELECT statements it ran per request and the times
// a statement waited for a row lock: whether a second process makes the service read more or wait.
import type { DatabaseCounters } from './database-counters';
import { splitConnections, type LoadResult } from './load';
import type { ContextSwitches } from './processes';
import { fixed, markdown, median } from './table';

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
  /** Of those, the seconds in the kernel (system): their system calls and the switches to and from them. */
  serviceSystemCpuSeconds: number;
  /** CPU seconds the database server used during the run, when it runs on this machine. */
  databaseCpuSeconds?: number;
  /** What the database server counted during the run, where it was asked. */
  databaseCounts?: DatabaseCounters;
  /** Context switches of all the service processes' threads during the run (waits included). */
  switches: ContextSwitches;
}

export interface SplitRow extends SplitRun {
  cpuMsPerRequest: number;
  systemCpuMsPerRequest: number;
  databaseCpuMsPerRequest?: number;
  databaseSelectsPerRequest?: number;
  /** The processes' voluntary and involuntary context switches per request. */
  waitsPerRequest: number;
  preemptionsPerRequest: number;
  /** For runs of more than one process: CPU ms/req ÷ the mean CPU ms/req of the nearest one-process runs of the same operation before and after it, at the whole load. */
  ratioToOne?: number;
  /** The same ÷ one-process runs with as many connections as each of this run's processes has. */
  ratioToOneAsEach?: number;
}

/** One kind of two-process run (an operation, a split of connections) over the rounds. */
export interface SplitSummary {
  name: string;
  connections: string;
  rounds: number;
  median: number;
  lowest: number;
  highest: number;
  /** The median of the ratios to one process with as many connections as each (ratioToOneAsEach), where runs have one. */
  asEachMedian?: number;
}

const perRequest = (count: number, requests: number) => (requests > 0 ? count / requests : NaN);
const perRequestMs = (seconds: number, requests: number) => perRequest(seconds * 1000, requests);

export function splitRows(runs: readonly SplitRun[]): SplitRow[] {
  const rows = runs.map((run) => ({
    ...run,
    cpuMsPerRequest: perRequestMs(run.serviceCpuSeconds, run.result.requests),
    systemCpuMsPerRequest: perRequestMs(run.serviceSystemCpuSeconds, run.result.requests),
    databaseCpuMsPerRequest: run.databaseCpuSeconds === undefined ? undefined : perRequestMs(run.databaseCpuSeconds, run.result.requests),
    databaseSelectsPerRequest: run.databaseCounts && perRequest(run.databaseCounts.selects, run.result.requests),
    waitsPerRequest: perRequest(run.switches.voluntary, run.result.requests),
    preemptionsPerRequest: perRequest(run.switches.involuntary, run.result.requests),
  }));
  // The whole load: the connections of the one-process runs that have the most.
  const wholeLoad = Math.max(...rows.filter((row) => row.processes === 1).map((row) => row.connections));
  return rows.map((row, index) => {
    if (row.processes === 1) return row;
    const ratioAt = (connections: number) => {
      const isOne = (other: SplitRow) => other.name === row.name && other.processes === 1 && other.connections === connections;
      const before = rows.slice(0, index).reverse().find(isOne);
      const after = rows.slice(index + 1).find(isOne);
      const ones = [before, after].filter((one) => one !== undefined).map((one) => one.cpuMsPerRequest);
      return ones.length > 0 ? row.cpuMsPerRequest / (ones.reduce((sum, value) => sum + value, 0) / ones.length) : undefined;
    };
    return { ...row, ratioToOne: ratioAt(wholeLoad), ratioToOneAsEach: ratioAt(Math.max(...splitConnections(row.connections, row.processes))) };
  });
}

/** Per operation and split of connections, in the order first run: the median, lowest and highest ratio. */
export function splitSummaries(rows: readonly SplitRow[]): SplitSummary[] {
  const kinds = new Map<string, { name: string; connections: string; ratios: number[]; asEach: number[] }>();
  for (const row of rows) {
    if (row.ratioToOne === undefined) continue;
    const connections = connectionsOf(row);
    const key = `${row.name}\u0000${connections}`;
    const kind = kinds.get(key) ?? { name: row.name, connections, ratios: [], asEach: [] };
    kind.ratios.push(row.ratioToOne);
    if (row.ratioToOneAsEach !== undefined) kind.asEach.push(row.ratioToOneAsEach);
    kinds.set(key, kind);
  }
  return [...kinds.values()].map(({ name, connections, ratios, asEach }) => {
    return {
      name, connections, rounds: ratios.length, median: median(ratios), lowest: Math.min(...ratios), highest: Math.max(...ratios),
      asEachMedian: asEach.length > 0 ? median(asEach) : undefined,
    };
  });
}

export function splitSummaryTable(summaries: readonly SplitSummary[]): string {
  const header = ['row', 'connections', 'rounds', '÷ one process, median', 'lowest', 'highest', '÷ one process with as many connections as each, median'];
  const lines = summaries.map((s) => [s.name, s.connections, String(s.rounds), fixed(s.median, 3), fixed(s.lowest, 3), fixed(s.highest, 3), fixed(s.asEachMedian, 3)]);
  return markdown(header, lines);
}

export function splitTable(rows: readonly SplitRow[]): string {
  const header = [
    'row', 'processes', 'connections', 'req/s', 'p50 ms', 'p99 ms', 'services CPU ms/req', 'of which kernel', '÷ one process', '÷ one process with as many each', 'DB CPU ms/req',
    'DB SELECTs/req', 'row lock waits', 'switches/req: waits', 'preempted', 'requests', 'failures',
  ];
  const lines = rows.map((row) => [
    row.name, String(row.processes), connectionsOf(row), row.result.requestsPerSecond.toFixed(0), fixed(row.result.p50Ms, 2), fixed(row.result.p99Ms, 2),
    fixed(row.cpuMsPerRequest, 3), fixed(row.systemCpuMsPerRequest, 3), fixed(row.ratioToOne, 3), fixed(row.ratioToOneAsEach, 3), fixed(row.databaseCpuMsPerRequest, 3),
    fixed(row.databaseSelectsPerRequest, 3), row.databaseCounts ? String(row.databaseCounts.rowLockWaits) : '',
    fixed(row.waitsPerRequest, 3), fixed(row.preemptionsPerRequest, 3), String(row.result.requests), String(row.result.failures),
  ]);
  return markdown(header, lines);
}

/** "10", or "5 + 5" for 10 over two processes. */
function connectionsOf(row: SplitRow): string {
  return splitConnections(row.connections, row.processes).join(' + ');
}
