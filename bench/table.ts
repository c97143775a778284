// One markdown table per backend: a line per row, figures rounded for reading.
import type { LoadResult } from './load';

export interface Row {
  name: string;
  /** The REST row an MCP row stands beside: the twins' table compares the two. */
  twinOf?: string;
  /** Absent when the row's first request did not answer as expected (then `skipped` says how). */
  result?: LoadResult;
  skipped?: string;
  /** CPU time (user + system) the server process used per completed request, in ms. */
  cpuMsPerRequest?: number;
  /** CPU time the MySQL/MariaDB server used per completed request, in ms, when it runs on this machine. */
  databaseCpuMsPerRequest?: number;
  /**
   * Share of its core the server (the service or a ceiling) and the load generator each kept busy:
   * near 1 for the load generator, the row is bounded by what it can send and read, not by the server.
   */
  serverCoreBusy?: number;
  loadCoreBusy?: number;
  /** CPU the rest of the machine used meanwhile, in cores (0.1 = a tenth of a core): other processes. */
  otherCores?: number;
  /** The size of the row's first answer (decoded), in KiB. */
  answerKiB?: number;
  /** `total` of a search answer: how many pages match. */
  hits?: number;
  /** req/s ÷ mean req/s of the bare node:http ceiling and of the Nest hello ceiling. */
  ratioBare?: number;
  ratioNest?: number;
  /** The server's peak resident memory so far (VmHWM) after the row, in MiB: the row that raised it shows. */
  peakRssMiB?: number;
}

/** A figure with `digits` decimals, or an empty cell when there is none. */
export const fixed = (value: number | undefined, digits: number) => (value === undefined || !Number.isFinite(value) ? '' : value.toFixed(digits));
const rate = (value: number) => value.toFixed(value < 100 ? 1 : 0);

export function markdownTable(rows: Row[], withDatabaseCpu: boolean): string {
  const header = [
    'row', 'req/s', 'p50 ms', 'p99 ms', '÷ node:http', '÷ Nest hello', 'CPU ms/req',
    ...(withDatabaseCpu ? ['DB CPU ms/req'] : []), 'server core busy', 'load core busy', 'other cores', 'peak RSS MiB', 'answer KiB', 'requests', 'failures', 'hits',
  ];
  const lines = rows.map((row) => {
    const r = row.result;
    if (!r) return [row.name, `skipped: ${row.skipped ?? ''}`, ...Array(header.length - 2).fill('')];
    return [
      row.name, rate(r.requestsPerSecond), fixed(r.p50Ms, 2), fixed(r.p99Ms, 2), fixed(row.ratioBare, 3), fixed(row.ratioNest, 3),
      fixed(row.cpuMsPerRequest, 3), ...(withDatabaseCpu ? [fixed(row.databaseCpuMsPerRequest, 3)] : []),
      fixed(row.serverCoreBusy, 2), fixed(row.loadCoreBusy, 2), fixed(row.otherCores, 2),
      fixed(row.peakRssMiB, 0), fixed(row.answerKiB, 1), String(r.requests), String(r.failures), row.hits === undefined ? '' : String(row.hits),
    ];
  });
  return markdown(header, lines);
}

/** The middle value, or the mean of the two middle values of an even count. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A markdown table: the first column left-aligned, the figures right-aligned. */
export function markdown(header: string[], lines: string[][]): string {
  return [header, ['---', ...Array(header.length - 1).fill('---:')], ...lines].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/**
 * Each MCP row beside its REST row, measured right after it: what the tool call costs over the same
 * REST request (latency, the service's CPU, throughput, the answer's size).
 */
export function twinsTable(rows: Row[]): string {
  const header = [
    'MCP row', 'REST row', 'p50 ms REST', 'p50 ms MCP', 'p50 MCP ÷ REST', 'p99 MCP ÷ REST',
    'CPU ms/req REST', 'CPU ms/req MCP', 'CPU MCP ÷ REST', 'req/s MCP ÷ REST', 'answer KiB REST', 'answer KiB MCP',
  ];
  const lines = rows.filter((row) => row.twinOf !== undefined).map((mcp) => {
    const rest = rows.find((row) => row.name === mcp.twinOf);
    const [a, b] = [rest?.result, mcp.result];
    const ratio = (x: number | undefined, y: number | undefined) => (x === undefined || y === undefined ? undefined : y / x);
    return [
      mcp.name, mcp.twinOf!, fixed(a?.p50Ms, 2), fixed(b?.p50Ms, 2), fixed(ratio(a?.p50Ms, b?.p50Ms), 2), fixed(ratio(a?.p99Ms, b?.p99Ms), 2),
      fixed(rest?.cpuMsPerRequest, 3), fixed(mcp.cpuMsPerRequest, 3), fixed(ratio(rest?.cpuMsPerRequest, mcp.cpuMsPerRequest), 2),
      fixed(ratio(a?.requestsPerSecond, b?.requestsPerSecond), 3), fixed(rest?.answerKiB, 1), fixed(mcp.answerKiB, 1),
    ];
  });
  return markdown(header, lines);
}
