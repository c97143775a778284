// What the bench computes its figures from: CPU ticks out of /proc/PID/stat, context switches out of
// /proc/PID/task/*/status, and the two-services
// section's CPU per request and its ratio to one process, a row's ratio to a ceiling measured in turn
// with it, and how a row of the main table prints.
import { readFileSync, statSync } from 'node:fs';
import { contextSwitches, cpuSeconds, cpuTimes, statCpuParts, statusSwitches } from '../../bench/processes';
import { inTurnRatios } from '../../bench/in-turn';
import { splitRows, splitSummaries, splitSummaryTable, splitTable, type SplitRun } from '../../bench/two-services-table';
import { markdownTable } from '../../bench/table';

/** A /proc/PID/stat line: pid, (comm), then fields 3 to 52, with utime and stime (14 and 15) given. */
const statLine = (comm: string, utime: number, stime: number) => {
  const fields = Array.from({ length: 50 }, (_, i) => String(i + 3 === 3 ? 'S' : 1000 + i));
  fields[14 - 3] = String(utime);
  fields[15 - 3] = String(stime);
  return `4242 (${comm}) ${fields.join(' ')}\n`;
};

describe('CPU time out of /proc/PID/stat', () => {
  it('reads utime (user) and stime (system)', () => {
    expect(statCpuParts(statLine('node', 1234, 56))).toEqual({ user: 1234, system: 56 });
  });

  it('counts fields after the last parenthesis, whatever the command name holds', () => {
    expect(statCpuParts(statLine('a) 7 8 (b', 10, 5))).toEqual({ user: 10, system: 5 });
    expect(statCpuParts(statLine('kbp serve (x)', 3, 4))).toEqual({ user: 3, system: 4 });
  });

  it('reads this process: the CPU time Node reports for it, in seconds at the kernel\'s tick rate', () => {
    // At least 0.3 s of CPU, so that another field of the stat line could not pass for it.
    const until = process.cpuUsage().user + 300_000;
    while (process.cpuUsage().user < until);
    const { user, system } = process.cpuUsage();
    const seconds = cpuSeconds(process.pid);
    // Both count the same time, but the kernel splits it into user and system by tick samples and
    // rounds each down to a tick, so with several threads it may differ by a few ticks (0.031 s seen).
    expect(Math.abs(seconds - (user + system) / 1e6)).toBeLessThanOrEqual(0.1);
  });

  it('refuses text that is not a stat line', () => {
    expect(() => statCpuParts('no such thing')).toThrow(/proc\/PID\/stat/);
  });

  it('sums the user and the kernel time of the processes given, each apart', () => {
    // Time in the kernel: system calls that each cross into it.
    const until = process.cpuUsage().system + 200_000;
    while (process.cpuUsage().system < until) statSync('/proc/self/stat');
    const once = cpuTimes([process.pid]);
    const { user, system } = process.cpuUsage();
    expect(Math.abs(once.system - system / 1e6)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(once.user - user / 1e6)).toBeLessThanOrEqual(0.1);
    expect(once.system).toBeGreaterThanOrEqual(0.1);
    const twice = cpuTimes([process.pid, process.pid]);
    expect(twice.system).toBeGreaterThanOrEqual(2 * once.system);
    expect(twice.user).toBeGreaterThanOrEqual(2 * once.user);
  });
});

describe('context switches', () => {
  const status = (voluntary: number, involuntary: number) =>
    `Name:\tnode\nState:\tS (sleeping)\nvoluntary_ctxt_switches:\t${voluntary}\nnonvoluntary_ctxt_switches:\t${involuntary}\n`;

  it('reads voluntary and involuntary switches, not one for the other', () => {
    expect(statusSwitches(status(120, 7))).toEqual({ voluntary: 120, involuntary: 7 });
  });

  it('refuses text that is not a status file', () => {
    expect(() => statusSwitches('Name:\tnode\n')).toThrow(/proc\/PID\/status/);
  });

  it('counts this process\'s waits as they happen, over all its threads, once per process given', () => {
    const before = contextSwitches([process.pid]);
    // Each futex wait sleeps its full timeout and so gives up the core: a voluntary switch.
    // (A timer would not: on a loaded machine it may be due before the loop polls.)
    const cell = new Int32Array(new SharedArrayBuffer(4));
    for (let i = 0; i < 20; i++) Atomics.wait(cell, 0, 0, 2);
    const after = contextSwitches([process.pid]);
    expect(after.voluntary - before.voluntary).toBeGreaterThanOrEqual(20);
    // The same process given twice counts twice: the sum is over the processes given.
    const twice = contextSwitches([process.pid, process.pid]);
    expect(twice.voluntary).toBeGreaterThanOrEqual(2 * after.voluntary);
  });
});

describe('two services: CPU per request and ratio', () => {
  const result = (requests: number) => ({ requestsPerSecond: requests / 3, p50Ms: 1, p99Ms: 2, requests, failures: 0, seconds: 3 });
  const run = (name: string, processes: number, requests: number, serviceCpuSeconds: number, connections = 10): SplitRun => ({
    name, processes, connections, result: result(requests), serviceCpuSeconds, serviceSystemCpuSeconds: serviceCpuSeconds / 5, databaseCpuSeconds: serviceCpuSeconds / 4,
    switches: { voluntary: requests / 2, involuntary: requests / 8 },
  });

  it('divides the CPU of all processes by the requests, and by the mean of the one-process runs', () => {
    const rows = splitRows([
      run('detail', 1, 1000, 1.0), // 1.0 ms/req
      run('detail', 2, 1000, 1.32), // 1.32 ms/req
      run('detail', 1, 2000, 2.4), // 1.2 ms/req
      run('search', 1, 100, 0.5),
      run('search', 2, 100, 0.5),
    ]);
    expect(rows.map((r) => r.cpuMsPerRequest)).toEqual([1.0, 1.32, 1.2, 5, 5]);
    expect(rows[1].ratioToOne).toBeCloseTo(1.2, 10);
    expect(rows[4].ratioToOne).toBeCloseTo(1, 10);
    expect(rows[0].ratioToOne).toBeUndefined();
    expect(rows[1].databaseCpuMsPerRequest).toBeCloseTo(0.33, 10);
  });

  it('divides each two-process run by the one-process runs just before and after it, so a drift moves both alike', () => {
    const rows = splitRows([
      run('detail', 1, 1000, 1.0),
      run('detail', 2, 1000, 1.21), // between 1.0 and 1.2 ms/req: 1.1
      run('detail', 1, 1000, 1.2),
      run('detail', 2, 1000, 1.43), // between 1.2 and 1.4 ms/req: 1.3
      run('detail', 1, 1000, 1.4),
    ]);
    expect(rows[1].ratioToOne).toBeCloseTo(1.1, 10);
    expect(rows[3].ratioToOne).toBeCloseTo(1.1, 10);
  });

  it('sums up each operation and split over the rounds: median, lowest, highest', () => {
    const ones = (cpu: number) => run('detail', 1, 1000, cpu);
    const rows = splitRows([
      ones(1), run('detail', 2, 1000, 1.1), run('detail', 2, 1000, 1.0, 20),
      ones(1), run('detail', 2, 1000, 1.3), run('detail', 2, 1000, 1.2, 20),
      ones(1), run('detail', 2, 1000, 1.0), run('detail', 2, 1000, 1.1, 20),
      ones(1), run('search', 1, 100, 0.5), run('search', 2, 100, 0.6), run('search', 1, 100, 0.5),
    ]);
    const summaries = splitSummaries(rows);
    expect(summaries.map((s) => [s.name, s.connections, s.rounds])).toEqual([['detail', '5 + 5', 3], ['detail', '10 + 10', 3], ['search', '5 + 5', 1]]);
    expect(summaries[0].median).toBeCloseTo(1.1, 10);
    expect(summaries[0].lowest).toBeCloseTo(1.0, 10);
    expect(summaries[0].highest).toBeCloseTo(1.3, 10);
    expect(summaries[1].median).toBeCloseTo(1.1, 10);
    expect(summaries[2].median).toBeCloseTo(1.2, 10);
    const table = splitSummaryTable(summaries).split('\n');
    expect(table[2]).toBe('| detail | 5 + 5 | 3 | 1.100 | 1.000 | 1.300 |  |');
  });

  it('divides a split run by one process with as many connections as each of its processes, beside the whole load', () => {
    const rows = splitRows([
      run('detail', 1, 1000, 1.0), // 10 connections: 1.0 ms/req
      run('detail', 1, 1000, 1.2, 5), // 5 connections: 1.2 ms/req
      run('detail', 2, 1000, 1.32), // 5 + 5
      run('detail', 2, 1000, 1.1, 20), // 10 + 10
      run('detail', 1, 1000, 1.0),
      run('detail', 1, 1000, 1.2, 5),
    ]);
    expect(rows[2].ratioToOne).toBeCloseTo(1.32, 10);
    expect(rows[2].ratioToOneAsEach).toBeCloseTo(1.1, 10);
    // With 10 each, as many as one process alone at the whole load: the same baseline.
    expect(rows[3].ratioToOne).toBeCloseTo(1.1, 10);
    expect(rows[3].ratioToOneAsEach).toBeCloseTo(1.1, 10);
    expect(rows[1].ratioToOne).toBeUndefined();
    const [split] = splitSummaries(rows);
    expect(split.asEachMedian).toBeCloseTo(1.1, 10);
    expect(splitSummaryTable([split]).split('\n')[2]).toBe('| detail | 5 + 5 | 1 | 1.320 | 1.320 | 1.320 | 1.100 |');
  });

  it('takes the mean of the middle two ratios for an even number of rounds', () => {
    const rows = splitRows([
      run('detail', 1, 1000, 1), run('detail', 2, 1000, 1.1), run('detail', 1, 1000, 1), run('detail', 2, 1000, 1.2), run('detail', 1, 1000, 1),
    ]);
    expect(splitSummaries(rows)[0].median).toBeCloseTo(1.15, 10);
  });

  it('prints one line per run with the ratio on the two-process lines', () => {
    const table = splitTable(splitRows([run('detail', 1, 1000, 2), run('detail', 2, 1000, 2.2), run('detail', 2, 1000, 2.1, 20), run('detail', 2, 1000, 2.1, 11)])).split('\n');
    expect(table).toHaveLength(6);
    // connections, req/s, p50, p99, CPU ms/req, of which kernel, ÷ one process, ÷ one with as many each, DB CPU ms/req,
    // DB SELECTs per request and row lock waits (not counted here), waits and preemptions per request, requests, failures.
    expect(table[2]).toBe('| detail | 1 | 10 | 333 | 1.00 | 2.00 | 2.000 | 0.400 |  |  | 0.500 |  |  | 0.500 | 0.125 | 1000 | 0 |');
    expect(table[3]).toBe('| detail | 2 | 5 + 5 | 333 | 1.00 | 2.00 | 2.200 | 0.440 | 1.100 |  | 0.550 |  |  | 0.500 | 0.125 | 1000 | 0 |');
    expect(table[4]).toBe('| detail | 2 | 10 + 10 | 333 | 1.00 | 2.00 | 2.100 | 0.420 | 1.050 | 1.050 | 0.525 |  |  | 0.500 | 0.125 | 1000 | 0 |');
    expect(table[5]).toBe('| detail | 2 | 6 + 5 | 333 | 1.00 | 2.00 | 2.100 | 0.420 | 1.050 |  | 0.525 |  |  | 0.500 | 0.125 | 1000 | 0 |');
  });

  it('gives the SELECT statements the database ran per request and its row lock waits, where they were counted', () => {
    const counted = (runOf: SplitRun, selects: number, rowLockWaits: number): SplitRun => ({ ...runOf, databaseCounts: { selects, rowLockWaits } });
    const rows = splitRows([counted(run('search', 1, 1000, 1), 2000, 0), counted(run('search', 2, 1000, 1.1), 2500, 3)]);
    expect(rows.map((row) => row.databaseSelectsPerRequest)).toEqual([2, 2.5]);
    const table = splitTable(rows).split('\n');
    expect(table[0]).toContain('| DB CPU ms/req | DB SELECTs/req | row lock waits | switches/req: waits |');
    expect(table[3]).toBe('| search | 2 | 5 + 5 | 333 | 1.00 | 2.00 | 1.100 | 0.220 | 1.100 |  | 0.275 | 2.500 | 3 | 0.500 | 0.125 | 1000 | 0 |');
  });
});

describe('a row in turn with a ceiling: each run ÷ the ceiling runs beside it', () => {
  it('divides each run of the row by the mean of the ceiling runs just before and after it, so a drift moves both alike', () => {
    // The machine halves its speed over the runs: the row stays at 0.5 of the ceiling beside it.
    const { ratios, median } = inTurnRatios({ ceiling: [20_000, 16_000, 12_000, 10_000], row: [9_000, 7_000, 5_500] });
    expect(ratios.map((ratio) => Number(ratio.toFixed(6)))).toEqual([0.5, 0.5, 0.5]);
    // Divided by the mean of the first and last ceiling runs instead, the first run would read 0.6.
    expect(median).toBeCloseTo(0.5, 10);
  });

  it('reports the median over the rounds, the mean of the middle two for an even number', () => {
    expect(inTurnRatios({ ceiling: [100, 100, 100, 100], row: [30, 50, 40] }).median).toBeCloseTo(0.4, 10);
    expect(inTurnRatios({ ceiling: [100, 100, 100, 100, 100], row: [30, 50, 40, 60] }).median).toBeCloseTo(0.45, 10);
  });

  it('refuses runs that do not alternate, a ceiling run first and last', () => {
    expect(() => inTurnRatios({ ceiling: [100, 100], row: [50, 50] })).toThrow(/one ceiling run more/);
  });
});

describe('a row of the main table', () => {
  const result = { requestsPerSecond: 146.2, p50Ms: 68.43, p99Ms: 120.5, requests: 1170, failures: 0, seconds: 8 };
  const row = {
    name: 'tree (uncompressed)', result, cpuMsPerRequest: 1.988, databaseCpuMsPerRequest: 0.1234, serverCoreBusy: 0.291, loadCoreBusy: 0.987,
    otherCores: 0.04, ratioBare: 0.0031, ratioNest: 0.0082, peakRssMiB: 251.4, answerKiB: 6234.56,
  };

  it('shows how busy the server and the load generator each kept their core, after the CPU figures', () => {
    const [header, , line] = markdownTable([row], true).split('\n');
    expect(header).toBe('| row | req/s | p50 ms | p99 ms | ÷ node:http | ÷ Nest hello | CPU ms/req | DB CPU ms/req | server core busy | load core busy | other cores | peak RSS MiB | answer KiB | requests | failures | hits |');
    expect(line).toBe('| tree (uncompressed) | 146 | 68.43 | 120.50 | 0.003 | 0.008 | 1.988 | 0.123 | 0.29 | 0.99 | 0.04 | 251 | 6234.6 | 1170 | 0 |  |');
  });

  it('leaves the database column out where the database is not on this machine', () => {
    const [header, , line] = markdownTable([row], false).split('\n');
    expect(header).not.toContain('DB CPU');
    expect(line).toBe('| tree (uncompressed) | 146 | 68.43 | 120.50 | 0.003 | 0.008 | 1.988 | 0.29 | 0.99 | 0.04 | 251 | 6234.6 | 1170 | 0 |  |');
  });
});
