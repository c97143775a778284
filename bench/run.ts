// npm run bench [-- --pages 100000 --duration 5 --connections 10 --json FILE]
// Seeds a base, starts the service and a bare node:http ceiling in processes of their own, loads
// each operation with autocannon and prints one table. See bench/README.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { load, probe, type LoadOptions, type Measurement } from './load.ts';
import { benchOperations } from './operations.ts';
import { seed } from './seed.ts';

const usage = `npm run bench [-- --pages N (10000) --duration SECONDS (5) --connections N (10) --json FILE]
Seeds a knowledge base, loads every operation with autocannon beside a bare node:http ceiling
and prints one table; see bench/README.md.`;

const { values: args } = (() => {
  try {
    return parseArgs({
      options: {
        pages: { type: 'string', default: '10000' },
        duration: { type: 'string', default: '5' },
        connections: { type: 'string', default: '10' },
        json: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${usage}\n`);
    process.exit(2);
  }
})();
if (args.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const pageCount = positive(args.pages, '--pages');
const durationSeconds = positive(args.duration, '--duration');
const connections = positive(args.connections, '--connections');

function positive(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number, 1 or more, not "${value}".`);
  return n;
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

interface Started {
  child: ChildProcess;
  url: string;
}

/** Starts a bench script in its own Node process and waits for the URL it prints first. */
function startProcess(script: string, args: string[]): Promise<Started> {
  const child = spawn(process.execPath, [join(import.meta.dirname, script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
    createInterface({ input: child.stdout! }).once('line', (url) => resolve({ child, url: url.trim() }));
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** CPU time a process has used, in clock ticks: utime + stime of /proc/<pid>/stat. */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after "(command)" start at field 3 (state); utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Waits until the process uses (almost) no CPU for a quarter of a second, at most two minutes. */
async function waitUntilIdle(pid: number): Promise<void> {
  let before = cpuTicks(pid);
  for (let waited = 0; waited < 120_000; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = cpuTicks(pid);
    if (now - before <= 2) return;
    before = now;
  }
}

/** Peak resident memory of a process in MiB (VmHWM of /proc/<pid>/status). */
function peakRssMiB(pid: number): number {
  const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

function fileMiB(path: string): number {
  try {
    return statSync(path).size / (1024 * 1024);
  } catch {
    return 0;
  }
}

function databaseMiB(dbPath: string): { db: number; wal: number } {
  return { db: fileMiB(dbPath), wal: fileMiB(`${dbPath}-wal`) };
}

interface Row extends Measurement {
  ratio: number;
  /** `total` of a search answer: how many pages match. */
  hits?: number;
}

/** Columns a string takes in a terminal: CJK and full-width characters take two. */
function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(char) ? 2 : 1;
  return width;
}

function formatTable(rows: Row[]): string {
  const header = ['operation', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'requests', 'failures', 'hits'];
  const lines = rows.map((r) => [
    r.operation,
    r.requestsPerSecond.toFixed(r.requestsPerSecond < 100 ? 1 : 0),
    r.p50Ms.toFixed(1),
    r.p99Ms.toFixed(1),
    r.ratio.toFixed(3),
    String(r.requests),
    String(r.failures),
    r.hits === undefined ? '' : String(r.hits),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => displayWidth(l[i]))));
  const pad = (cell: string, i: number) => ' '.repeat(widths[i] - displayWidth(cell));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c + pad(c, i) : pad(c, i) + c)).join('  ');
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(format)].join('\n');
}

async function main(): Promise<void> {
  const started = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'kbp-bench-'));
  const dbPath = join(dir, 'kb.db');
  const children: ChildProcess[] = [];
  try {
    log(`seeding ${pageCount} pages into ${dbPath} …`);
    const seedStart = performance.now();
    const seeded = await seed(dbPath, pageCount, (done) => {
      if (done % 10_000 === 0) log(`  ${done} pages (${seconds(seedStart)} s)`);
    });
    const seedSeconds = Number(seconds(seedStart));
    const seededSize = databaseMiB(dbPath);
    log(`seeded in ${seedSeconds} s`);

    const ceiling = await startProcess('ceiling-server.ts', []);
    children.push(ceiling.child);
    const smallCeiling = await startProcess('ceiling-server.ts', ['small']);
    children.push(smallCeiling.child);
    const service = await startProcess('serve-process.ts', [dbPath]);
    children.push(service.child);

    const loadOptions = (url: string, token?: string): LoadOptions => ({ url, token, connections, durationSeconds });
    const ceilingOptions = loadOptions(ceiling.url);
    const serviceOptions = loadOptions(service.url, seeded.token);

    // The ceiling runs first and last: the two figures show how much the machine drifted meanwhile.
    const ceilingOperation = { name: 'ceiling (bare node:http)', expect: 200, request: { method: 'GET', path: '/' } } as const;
    await waitUntilIdle(service.child.pid!);
    log(`${ceilingOperation.name} …`);
    const ceilingFirst = await load(ceilingOptions, ceilingOperation);
    log('ceiling, 600-byte body …');
    const smallCeilingRun = await load(loadOptions(smallCeiling.url), { ...ceilingOperation, name: 'ceiling, 600-byte body' });
    await stopProcess(smallCeiling.child);

    const measured: (Measurement & { hits?: number })[] = [];
    for (const operation of benchOperations(seeded)) {
      log(`${operation.name} …`);
      const checked = await probe(serviceOptions, operation.request);
      if (checked.status !== operation.expect) {
        throw new Error(`${operation.name}: expected ${operation.expect}, got ${checked.status} ${JSON.stringify(checked.json)}`);
      }
      const result = await load(serviceOptions, operation);
      // Requests still queued in the service when the time is up must not slow the next operation.
      await waitUntilIdle(service.child.pid!);
      const total = (checked.json as { total?: unknown } | null)?.total;
      measured.push({ ...result, ...(operation.name.startsWith('search') && typeof total === 'number' ? { hits: total } : {}) });
    }

    log(`${ceilingOperation.name}, again …`);
    const ceilingLast = await load(ceilingOptions, { ...ceilingOperation, name: 'ceiling, again at the end' });
    const ceilingRate = (ceilingFirst.requestsPerSecond + ceilingLast.requestsPerSecond) / 2;
    const rows: Row[] = [ceilingFirst, smallCeilingRun, ...measured, ceilingLast].map((m) => ({ ...m, ratio: m.requestsPerSecond / ceilingRate }));

    const peakRss = peakRssMiB(service.child.pid!);
    const finalSize = databaseMiB(dbPath);
    const totalSeconds = Number(seconds(started));

    const size = (s: { db: number; wal: number }) => `${(s.db + s.wal).toFixed(1)} MiB (db ${s.db.toFixed(1)} + wal ${s.wal.toFixed(1)})`;
    console.log(`\nkb-pages bench: ${pageCount} pages, ${connections} connections, ${durationSeconds} s per operation, 127.0.0.1`);
    console.log(`(autocannon, the service and the ceiling share this machine's ${availableParallelism()} cores)\n`);
    console.log(formatTable(rows));
    console.log(`\nratio = req/s ÷ mean of the two ceiling runs; hits = total pages matching the search`);
    console.log(`service peak RSS (VmHWM): ${peakRss.toFixed(1)} MiB`);
    console.log(`database after seeding: ${size(seededSize)}; at the end: ${size(finalSize)}`);
    console.log(`seeding: ${seedSeconds} s; whole run: ${totalSeconds} s`);

    if (args.json) {
      const report = {
        pages: pageCount, connections, durationSeconds, seedSeconds, totalSeconds,
        servicePeakRssMiB: peakRss, databaseAfterSeedMiB: seededSize, databaseAtEndMiB: finalSize, operations: rows,
      };
      writeFileSync(args.json, JSON.stringify(report, null, 2) + '\n');
      log(`wrote ${args.json}`);
    }
  } finally {
    for (const child of children) await stopProcess(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
