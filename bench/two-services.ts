// Two service processes on one MySQL/MariaDB database: the same load (10 connections, split 5 and
// 5) sent to both, then 10 connections each, and, before and after, 10 and then 5 to one of them
// alone; in rounds, one process alone between them (the second and the first in turn), so each
// two-process run has one-process runs of each process on either side (a 5 s run's ratio moves by
// ±0.15 on a busy 2-core machine; the median of rounds less). The split load gives each process
// half the requests in flight, so it answers fewer of them per turn of its event loop, which costs
// CPU of its own: one process alone with 5 shows how much, and 10 each keeps what a process has in
// flight as it is alone. Both processes are pinned to the
// server core, the one a single process has: the load generator keeps the other core and the
// database server floats over both, as in the other rows. So both cases have the same CPU to use,
// and the CPU time per request of the processes together, over that of one, shows what being two
// processes costs (two pools of connections, two sets of kept answers, switching between them),
// not what a second core would give.
import { countedBetween, type DatabaseCounterReader } from './database-counters';
import type { BenchOperation } from './load';
import { probe, splitConnections } from './load';
import type { RunSetup } from './measure';
import { contextSwitches, cpuSeconds, cpuTimes, waitUntilIdle, type StartedServer } from './processes';
import type { SplitRun } from './two-services-table';

export interface TwoServicesSetup extends RunSetup {
  /** The service of the other rows, and a second process of it on the same database. */
  first: StartedServer;
  second: StartedServer;
  /** Rounds of (both split, both with 10 each, one alone), after a first run of one alone. */
  rounds: number;
  /** The database server's counters, read before and after each run, where the processes use one. */
  counters?: Pick<DatabaseCounterReader, 'read'>;
}

export async function measureTwoServices(setup: TwoServicesSetup): Promise<SplitRun[]> {
  const { load, first, second, token, connections, durationSeconds, log } = setup;
  const both = [first, second];

  async function run(operation: BenchOperation, servers: StartedServer[], total = connections): Promise<SplitRun> {
    log(`${operation.name}, ${servers.length} process(es), ${total} connections …`);
    for (const server of servers) {
      const checked = await probe(server.url, token, operation.sequence[0]);
      if (checked.status !== operation.expect) throw new Error(`${operation.name}: answered ${checked.status}, not ${operation.expect}`);
    }
    // Both processes idle at the start and at the end, so each counts only this run's requests.
    for (const server of both) await waitUntilIdle(server.pid);
    if (setup.databasePid !== undefined) await waitUntilIdle(setup.databasePid);
    const cpu = () => cpuTimes(servers.map((server) => server.pid));
    const database = () => (setup.databasePid === undefined ? undefined : cpuSeconds(setup.databasePid));
    const switches = () => contextSwitches(servers.map((server) => server.pid));
    // Read before the CPU figures and after them, so its statement falls outside the run.
    const countersBefore = await setup.counters?.read();
    const [cpuBefore, databaseBefore, switchesBefore] = [cpu(), database(), switches()];
    const result = await load.run({ urls: servers.map((s) => s.url), token, connections: total, durationSeconds, operation, startAt: 1 });
    for (const server of both) await waitUntilIdle(server.pid);
    const [cpuAfter, databaseAfter, switchesAfter] = [cpu(), database(), switches()];
    const countersAfter = await setup.counters?.read();
    const system = cpuAfter.system - cpuBefore.system;
    return {
      name: operation.name, processes: servers.length, connections: total, result,
      serviceCpuSeconds: cpuAfter.user - cpuBefore.user + system, serviceSystemCpuSeconds: system,
      databaseCpuSeconds: databaseBefore === undefined ? undefined : databaseAfter! - databaseBefore,
      databaseCounts: countersBefore && countersAfter && countedBetween(countersBefore, countersAfter),
      switches: { voluntary: switchesAfter.voluntary - switchesBefore.voluntary, involuntary: switchesAfter.involuntary - switchesBefore.involuntary },
    };
  }

  // A fresh process runs cold code, and keeps optimising it for seconds (measured: over a
  // thousand functions in the first 5 s of searches, a hundred in the fourth 5 s): both get a
  // measured run's time of each operation first, so neither is timed while it compiles.
  for (const operation of setup.operations) {
    for (const server of both) await load.run({ urls: [server.url], token, connections, durationSeconds, operation, startAt: 0 });
  }
  // What each process of a split run has: one process alone with that many is its baseline without the split.
  const asEach = Math.max(...splitConnections(connections, 2));
  const runs: SplitRun[] = [];
  for (const operation of setup.operations) {
    runs.push(await run(operation, [first]), await run(operation, [first], asEach));
    for (let round = 0; round < setup.rounds; round++) {
      // The first has served every row of the table, the second only its warm-up: the two alone do
      // not cost the same, either way round (bench/README.md), and a baseline of one of them alone
      // would charge their difference to being two processes.
      const alone = round % 2 === 0 ? second : first;
      runs.push(await run(operation, both), await run(operation, both, connections * 2), await run(operation, [alone]), await run(operation, [alone], asEach));
    }
  }
  return runs;
}
