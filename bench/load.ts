// Drives one operation with autocannon for a fixed time and reduces the result to the figures the
// table shows. An operation either repeats one request or asks `next` for each request in turn.
import autocannon from 'autocannon';

export interface BenchRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: string;
}

export interface BenchOperation {
  name: string;
  /** The status a successful answer has; anything else is counted as a failure. */
  expect: number;
  request: BenchRequest;
  /** When present, called for every request instead of repeating `request`. */
  next?: () => BenchRequest;
  /** Stop after this many requests even if the time is not up (for operations that use up pages). */
  limit?: number;
}

export interface LoadOptions {
  url: string;
  token?: string;
  connections: number;
  durationSeconds: number;
}

export interface Measurement {
  operation: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers with another status than expected, plus connection errors and timeouts. */
  failures: number;
  seconds: number;
}

function headersFor(options: LoadOptions, request: BenchRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  return headers;
}

/** Sends one request and returns its status and JSON (or null), to check an operation before loading it. */
export async function probe(options: LoadOptions, request: BenchRequest): Promise<{ status: number; json: unknown }> {
  const response = await fetch(options.url + request.path, {
    method: request.method,
    headers: headersFor(options, request),
    body: request.body,
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON (an empty 204, say); the status is what matters.
  }
  return { status: response.status, json };
}

export function load(options: LoadOptions, operation: BenchOperation): Promise<Measurement> {
  const { request, next } = operation;
  let unexpected = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.durationSeconds,
        // Requests beyond the limit would find no page left; a timer stops the run on time.
        ...(operation.limit !== undefined ? { amount: operation.limit } : {}),
        timeout: 60,
        requests: [{
          method: request.method,
          path: request.path,
          headers: headersFor(options, request),
          ...(request.body !== undefined ? { body: request.body } : {}),
          ...(next ? { setupRequest: (raw) => ({ ...raw, ...next() }) } : {}),
        }],
      },
      (error, result) => {
        clearTimeout(timer);
        if (error) return reject(error);
        const seconds = result.duration;
        resolve({
          operation: operation.name,
          requestsPerSecond: result.requests.total / seconds,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          requests: result.requests.total,
          failures: unexpected + result.errors,
          seconds,
        });
      },
    );
    instance.on('response', (_client, status) => {
      if (status !== operation.expect) unexpected++;
    });
    const timer = setTimeout(() => instance.stop(), options.durationSeconds * 1000 + 500);
  });
}
