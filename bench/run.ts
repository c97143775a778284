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

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    json: { type: 'string' },
  },
});
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
    r.requestsPerSecond.toFixed(0),
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
    const seeded = await seed(dbPath, pageCount, (done) => log(`  ${done} pages (${seconds(seedStart)} s)`));
    const seedSeconds = Number(seconds(seedStart));
    const seededSize = databaseMiB(dbPath);
    log(`seeded in ${seedSeconds} s`);

    const ceiling = await startProcess('ceiling-server.ts', []);
    children.push(ceiling.child);
    const service = await startProcess('serve-process.ts', [dbPath]);
    children.push(service.child);

    const loadOptions = (url: string, token?: string): LoadOptions => ({ url, token, connections, durationSeconds });
    const ceilingOptions = loadOptions(ceiling.url);
    const serviceOptions = loadOptions(service.url, seeded.token);

    log(`ceiling (bare node:http) …`);
    const ceilingResult = await load(ceilingOptions, { name: 'ceiling (bare node:http)', expect: 200, request: { method: 'GET', path: '/' } });
    const rows: Row[] = [{ ...ceilingResult, ratio: 1 }];

    for (const operation of benchOperations(seeded)) {
      log(`${operation.name} …`);
      const checked = await probe(serviceOptions, operation.request);
      if (checked.status !== operation.expect) {
        throw new Error(`${operation.name}: expected ${operation.expect}, got ${checked.status} ${JSON.stringify(checked.json)}`);
      }
      const measured = await load(serviceOptions, operation);
      // Let requests still queued in the service finish before the next operation starts.
      await probe(serviceOptions, { method: 'GET', path: `/api/v1/bases/${seeded.baseId}/info` });
      const total = (checked.json as { total?: unknown } | null)?.total;
      rows.push({
        ...measured,
        ratio: measured.requestsPerSecond / ceilingResult.requestsPerSecond,
        ...(operation.name.startsWith('search') && typeof total === 'number' ? { hits: total } : {}),
      });
    }

    const peakRss = peakRssMiB(service.child.pid!);
    const finalSize = databaseMiB(dbPath);
    const totalSeconds = Number(seconds(started));

    const size = (s: { db: number; wal: number }) => `${(s.db + s.wal).toFixed(1)} MiB (db ${s.db.toFixed(1)} + wal ${s.wal.toFixed(1)})`;
    console.log(`\nkb-pages bench: ${pageCount} pages, ${connections} connections, ${durationSeconds} s per operation, 127.0.0.1`);
    console.log(`(autocannon, the service and the ceiling share this machine's ${availableParallelism()} cores)\n`);
    console.log(formatTable(rows));
    console.log(`\nratio = req/s ÷ ceiling req/s; hits = total pages matching the search`);
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
