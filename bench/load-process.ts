// The load generator's process (pinned to its own core by the runner): for each job it receives,
// autocannon drives one operation for a fixed time (or amount) and the figures go back. Latency
// percentiles come from each answer's own time (autocannon's histogram keeps whole milliseconds).
import autocannon from 'autocannon';
import { headersFor, type LoadJob, type LoadResult } from './load';

/** The value below which a share `p` of the values lie (nearest rank); NaN when there are none. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

function run(job: LoadJob): Promise<LoadResult> {
  const { operation } = job;
  const { sequence } = operation;
  let next = job.startAt;
  let unexpected = 0;
  const latencies: number[] = [];
  const first = sequence[next % sequence.length];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration: job.durationSeconds,
        // Requests beyond the amount would find no page left; the timer below still ends the run on time.
        ...(operation.amount !== undefined ? { amount: operation.amount } : {}),
        timeout: 30,
        requests: [{
          method: first.method,
          path: first.path,
          headers: headersFor(job.token, first),
          ...(first.body !== undefined ? { body: first.body } : {}),
          ...(sequence.length > 1 ? { setupRequest: (raw) => ({ ...raw, ...sequence[next++ % sequence.length] }) } : {}),
        }],
      },
      (error, result) => {
        clearTimeout(timer);
        if (error) return reject(error);
        resolve({
          requestsPerSecond: result.requests.total / result.duration,
          p50Ms: percentile(latencies, 0.5),
          p99Ms: percentile(latencies, 0.99),
          requests: result.requests.total,
          failures: unexpected + result.errors,
          seconds: result.duration,
        });
      },
    );
    instance.on('response', (_client, status, _bytes, milliseconds) => {
      if (status === operation.expect) latencies.push(milliseconds);
      else unexpected++;
    });
    const timer = setTimeout(() => instance.stop(), job.durationSeconds * 1000 + 500);
  });
}

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send!({ result }),
    (error: unknown) => process.send!({ error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
