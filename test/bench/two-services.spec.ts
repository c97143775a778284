// The order of the two-process runs (bench/two-services.ts): each two-process run sits between a
// run of each process alone, the second and the first in turn.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BenchOperation, LoadGenerator, LoadJob, LoadResult } from '../../bench/load';
import type { StartedServer } from '../../bench/processes';
import { measureTwoServices } from '../../bench/two-services';

const operation: BenchOperation = { name: 'detail', expect: 200, sequence: [{ method: 'GET', path: '/' }] };
const result: LoadResult = { requestsPerSecond: 1, p50Ms: 1, p99Ms: 1, requests: 1, failures: 0, seconds: 1 };

describe('the two-process runs', () => {
  const servers: Server[] = [];
  const started: StartedServer[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const server = createServer((_request, response) => response.end('{}')).listen(0, '127.0.0.1');
      await once(server, 'listening');
      servers.push(server);
      // This process stands in for both: the runs read its CPU time and wait until it is idle.
      started.push({ child: undefined as never, pid: process.pid, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    }
  });
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

  it('puts each two-process run between a run of the second alone and a run of the first alone', async () => {
    const jobs: LoadJob[] = [];
    const load = { run: async (job: LoadJob) => (jobs.push(job), result) } as unknown as LoadGenerator;
    const [first, second] = started;
    // The database's counters as if each run's requests ran 7 SELECTs; the reads around a run count none.
    let selects = 0;
    const counters = { read: async () => ({ selects, rowLockWaits: 0 }) };
    const countingLoad = { run: async (job: LoadJob) => ((selects += 7), load.run(job)) } as unknown as LoadGenerator;
    const runs = await measureTwoServices({
      load: countingLoad, token: 'kbp_token', connections: 10, durationSeconds: 1, operations: [operation], log: () => {}, first, second, rounds: 3, counters,
    });
    const [a, b] = [first.url, second.url];
    // Warm-up of each, then: first alone with 10 and with 5, then rounds of (both split, both 10
    // each, one alone with 10 and with 5).
    expect(jobs.map((job) => job.urls)).toEqual([
      [a], [b], [a], [a], [a, b], [a, b], [b], [b], [a, b], [a, b], [a], [a], [a, b], [a, b], [b], [b],
    ]);
    expect(runs.map((run) => run.processes)).toEqual([1, 1, 2, 2, 1, 1, 2, 2, 1, 1, 2, 2, 1, 1]);
    expect(runs.map((run) => run.connections)).toEqual([10, 5, 10, 20, 10, 5, 10, 20, 10, 5, 10, 20, 10, 5]);
    // Each run counts its processes' switches up to after the wait for them to be idle, which sleeps
    // (here both processes are this one): a voluntary switch at least.
    for (const run of runs) expect(run.switches.voluntary).toBeGreaterThan(0);
    // Each run's counts are those between the reads just before and just after its load.
    expect(runs.map((run) => run.databaseCounts)).toEqual(runs.map(() => ({ selects: 7, rowLockWaits: 0 })));
  }, 60_000);
});
