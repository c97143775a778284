// The unrecorded warm-up before a row: which rows get one, and what it asks the load generator to send.
import type { BenchOperation, LoadGenerator, LoadJob } from '../../bench/load';
import { connectionsFor } from '../../bench/load';
import { WARM_UP_SECONDS, warmsUp, warmUp } from '../../bench/measure';
import { benchOperations } from '../../bench/operations';

/** Records the jobs it is given instead of sending them. */
function recordingLoad(): { load: LoadGenerator; jobs: LoadJob[] } {
  const jobs: LoadJob[] = [];
  const load = { run: async (job: LoadJob) => void jobs.push(job) } as unknown as LoadGenerator;
  return { load, jobs };
}

const pages = (count: number): BenchOperation => ({
  name: 'detail (another page each time)',
  expect: 200,
  sequence: Array.from({ length: count }, (_, i) => ({ method: 'GET' as const, path: `/pages/p${i}` })),
});

describe('warmUp', () => {
  it('sends every request of a sequence once, from its first, before the timed second', async () => {
    const { load, jobs } = recordingLoad();
    await warmUp(load, 'http://127.0.0.1:1', 'kbp_token', 10, pages(5000));
    expect(jobs).toHaveLength(2);
    expect(jobs[0]).toMatchObject({ startAt: 0, connections: 10, operation: { amount: 5000 } });
    expect(jobs[0].operation.sequence).toHaveLength(5000);
    expect(jobs[1]).toMatchObject({ startAt: 0, durationSeconds: WARM_UP_SECONDS });
    expect(jobs[1].operation.amount).toBeUndefined();
  });

  it('gives an operation of one request only the timed second', async () => {
    const { load, jobs } = recordingLoad();
    await warmUp(load, 'http://127.0.0.1:1', 'kbp_token', 10, pages(1));
    expect(jobs).toEqual([expect.objectContaining({ durationSeconds: WARM_UP_SECONDS })]);
  });
});

describe('warmsUp', () => {
  // Levels 0-2 repeating: the level row finds a level-1 page with a child.
  const seeded = { baseId: 'b', token: 't', pages: Array.from({ length: 100 }, (_, i) => ({ contentId: `c${i}`, level: i % 3 })) };

  it('warms up every row but the one that uses up the pages it deletes', () => {
    const rows = benchOperations(seeded, 10).map((operation) => [operation.name, warmsUp(operation)]);
    expect(rows.filter(([, warms]) => !warms)).toEqual([['delete (next early page)', false]]);
    expect(rows).toEqual(expect.arrayContaining([['create', true], ['PATCH title', true], ['list limit=100', true]]));
  });
});

describe('connectionsFor', () => {
  // autocannon refuses more connections than requests: PATCH title's warm-up pass is two requests.
  it('gives an amount below the connections as many connections as requests, and leaves the rest', () => {
    expect(connectionsFor(10, 2)).toBe(2);
    expect(connectionsFor(10, 10)).toBe(10);
    expect(connectionsFor(10, 5000)).toBe(10);
    expect(connectionsFor(10, undefined)).toBe(10);
  });
});
