// The load generator, as seen from the runner: a child process pinned to its own core
// (load-process.ts) that runs one operation at a time with autocannon and sends back the figures.
import type { ChildProcess } from 'node:child_process';
import { benchScript, LOAD_CORE, spawnPinned, stopProcess } from './processes';

export interface BenchRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: string;
  /** Headers beyond the token and the body's type (Accept-Encoding for the tree). */
  headers?: Record<string, string>;
}

export interface BenchOperation {
  name: string;
  /** The status a successful answer has; anything else counts as a failure. */
  expect: number;
  /** Requests sent in turn, round and round, across all connections; the probe sends the first. */
  sequence: BenchRequest[];
  /** Stop after this many requests even if the time is not up (operations that use pages up). */
  amount?: number;
  /** The REST row an MCP row stands beside (mcp-rows.ts): its figures are compared with that row's. */
  twinOf?: string;
  /** An MCP tool call: the probe checks its result, as its status is 200 whatever the tool answered. */
  mcp?: boolean;
}

export interface LoadJob {
  /** The servers loaded together, the connections split between them (one, or two service processes). */
  urls: string[];
  token?: string;
  connections: number;
  durationSeconds: number;
  operation: BenchOperation;
  /** Index in the sequence of the first request (1 after a probe that sent the first). */
  startAt: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers with another status than expected, plus connection errors and timeouts. */
  failures: number;
  seconds: number;
}

/** The connections each of `servers` gets, split as evenly as they go (10 over 2: 5 each; 11: 6 and 5). */
export function splitConnections(total: number, servers: number): number[] {
  return Array.from({ length: servers }, (_, i) => Math.floor(total / servers) + (i < total % servers ? 1 : 0));
}

/** The connections autocannon gets for `amount` requests: it refuses more connections than requests. */
export function connectionsFor(connections: number, amount: number | undefined): number {
  return amount === undefined ? connections : Math.min(connections, amount);
}

export function headersFor(token: string | undefined, request: BenchRequest): Record<string, string> {
  const headers: Record<string, string> = { ...request.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  return headers;
}

/** Sends one request and returns its status, its body's size and JSON (or null), to check an operation before loading it. */
export async function probe(url: string, token: string | undefined, request: BenchRequest): Promise<{ status: number; json: unknown; text: string; bytes: number }> {
  // Not followed: a form's 303 is its answer.
  const response = await fetch(url + request.path, { method: request.method, headers: headersFor(token, request), body: request.body, redirect: 'manual' });
  const text = await response.text();
  const bytes = Buffer.byteLength(text);
  try {
    return { status: response.status, json: JSON.parse(text), text, bytes };
  } catch {
    // Not JSON (an empty 204 or a web page, say); the status is what matters.
    return { status: response.status, json: null, text, bytes };
  }
}

export class LoadGenerator {
  private constructor(private readonly child: ChildProcess) {}

  static start(): LoadGenerator {
    return new LoadGenerator(spawnPinned(LOAD_CORE, benchScript('load-process.js'), [], [], ['ignore', 'inherit', 'inherit', 'ipc']));
  }

  get pid(): number {
    return this.child.pid!;
  }

  run(job: LoadJob): Promise<LoadResult> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the load generator exited with ${code}`));
      this.child.once('exit', onExit);
      this.child.once('message', (message: { result?: LoadResult; error?: string }) => {
        this.child.off('exit', onExit);
        if (message.result) resolve(message.result);
        else reject(new Error(`load generator: ${message.error}`));
      });
      this.child.send(job);
    });
  }

  stop(): Promise<void> {
    return stopProcess(this.child);
  }
}
