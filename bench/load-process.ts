// The load generator's process (pinned to its own core by the runner): for each job it receives,
// autocannon drives one operation for a fixed time (or amount) against one server, or against two
// with the connections split between them, and the figures go back. Latency percentiles come from
// each answer's own time (autocannon's histogram keeps whole milliseconds).
import autocannon from 'autocannon';
import { discardResponseBodies } from './discard-bodies';
import { readIntoOneBuffer } from './one-read-buffer';
import { connectionsFor, headersFor, splitConnections, type BenchRequest, type LoadJob, type LoadResult } from './load';

discardResponseBodies();
readIntoOneBuffer();

/** The value below which a share `p` of the values lie (nearest rank); NaN when there are none. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

/** One autocannon instance on one server; the sequence position is shared by all of a job's instances. */
function cannon(
  job: LoadJob, url: string, connections: number, nextRequest: () => BenchRequest, onResponse: (status: number, ms: number) => void,
): Promise<autocannon.Result> {
  const { operation } = job;
  const first = nextRequest();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: connectionsFor(connections, operation.amount),
        duration: job.durationSeconds,
        // Requests beyond the amount would find no page left; the timer below still ends the run on time.
        ...(operation.amount !== undefined ? { amount: operation.amount } : {}),
        timeout: 30,
        requests: [{
          method: first.method,
          path: first.path,
          headers: headersFor(job.token, first),
          ...(first.body !== undefined ? { body: first.body } : {}),
          ...(operation.sequence.length > 1 ? { setupRequest: (raw) => ({ ...raw, ...nextRequest() }) } : {}),
        }],
      },
      (error, result) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve(result);
      },
    );
    instance.on('response', (_client, status, _bytes, milliseconds) => onResponse(status, milliseconds));
    const timer = setTimeout(() => instance.stop(), job.durationSeconds * 1000 + 500);
  });
}

async function run(job: LoadJob): Promise<LoadResult> {
  const { operation, urls } = job;
  if (operation.amount !== undefined && urls.length > 1) throw new Error('an amount of requests needs a single server');
  const { sequence } = operation;
  let next = job.startAt;
  let unexpected = 0;
  const latencies: number[] = [];
  const onResponse = (status: number, milliseconds: number) => {
    if (status === operation.expect) latencies.push(milliseconds);
    else unexpected++;
  };
  const shares = splitConnections(job.connections, urls.length);
  const results = await Promise.all(urls.map((url, i) => cannon(job, url, shares[i], () => sequence[next++ % sequence.length], onResponse)));
  const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
  const seconds = Math.max(...results.map((r) => r.duration));
  return {
    requestsPerSecond: requests / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    requests,
    failures: unexpected + results.reduce((sum, r) => sum + r.errors, 0),
    seconds,
  };
}

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send!({ result }),
    (error: unknown) => process.send!({ error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
