// npm run bench [-- --backend sqlite|postgres --pages 100000 --duration 5 --connections 10 --json FILE]
// Seeds a base in a fresh database, starts the service and a bare node:http ceiling in processes of
// their own, loads each operation with autocannon and prints one table. See bench/README.md.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { describeSize, postgresDatabase, sqliteDatabase } from './databases.ts';
import { load, probe, type LoadOptions, type Measurement } from './load.ts';
import { benchOperations } from './operations.ts';
import { peakRssMiB, serviceNodeFlags, startProcess, stopProcess, waitUntilIdle } from './processes.ts';
import { seed } from './seed.ts';
import { formatTable, type Row } from './table.ts';

const usage = `npm run bench [-- --backend sqlite|postgres (sqlite) --pages N (10000) --duration SECONDS (5)
                 --connections N (10) --json FILE]
Seeds a knowledge base in a fresh database (postgres: one made for the run on the server of
KB_BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres), loads every operation with
autocannon beside a bare node:http ceiling and prints one table; see bench/README.md.`;

const { values: args } = (() => {
  try {
    return parseArgs({
      options: {
        backend: { type: 'string', default: 'sqlite' },
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
const backend = args.backend;
if (backend !== 'sqlite' && backend !== 'postgres') {
  process.stderr.write(`--backend must be sqlite or postgres, not "${backend}".\n${usage}\n`);
  process.exit(2);
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


async function main(): Promise<void> {
  const started = performance.now();
  const database = backend === 'postgres' ? await postgresDatabase() : sqliteDatabase();
  const children: ChildProcess[] = [];
  // Stops the processes and removes the database once, whether the run ends, fails or is interrupted.
  let cleaning: Promise<void> | undefined;
  const cleanUp = () => (cleaning ??= (async () => {
    for (const child of children) await stopProcess(child);
    await database.remove();
  })());
  const interrupted = () => {
    log('interrupted: stopping and removing the database …');
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    log(`seeding ${pageCount} pages into ${database.location} …`);
    const seedStart = performance.now();
    const seeded = await seed(database.location, pageCount, (done) => {
      if (done % 10_000 === 0) log(`  ${done} pages (${seconds(seedStart)} s)`);
    });
    const writeSeconds = seconds(seedStart);
    await database.settle();
    // Hundreds of megabytes just written sit in the kernel's page cache; flushed in the background
    // they would slow the first ceiling run. Flush them first.
    execFileSync('sync');
    const seedSeconds = Number(seconds(seedStart));
    const seededSize = await database.size();
    log(`seeded in ${seedSeconds} s (pages written in ${writeSeconds} s)`);

    const ceiling = await startProcess('ceiling-server.ts', []);
    children.push(ceiling.child);
    const smallCeiling = await startProcess('ceiling-server.ts', ['small']);
    children.push(smallCeiling.child);
    const service = await startProcess('serve-process.ts', [database.location], serviceNodeFlags());
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
    const finalSize = await database.size();
    const totalSeconds = Number(seconds(started));

    console.log(`\nkb-pages bench: ${backend}, ${pageCount} pages, ${connections} connections, ${durationSeconds} s per operation, 127.0.0.1`);
    console.log(`(autocannon, the service and the ceiling share this machine's ${availableParallelism()} cores)\n`);
    console.log(formatTable(rows));
    console.log(`\nratio = req/s ÷ mean of the two ceiling runs; hits = total pages matching the search`);
    console.log(`service peak RSS (VmHWM): ${peakRss.toFixed(1)} MiB`);
    console.log(`database after seeding: ${describeSize(seededSize)}; at the end: ${describeSize(finalSize)}`);
    console.log(`seeding: ${seedSeconds} s; whole run: ${totalSeconds} s`);

    if (args.json) {
      const report = {
        backend, pages: pageCount, connections, durationSeconds, seedSeconds, totalSeconds,
        servicePeakRssMiB: peakRss, databaseAfterSeedMiB: seededSize, databaseAtEndMiB: finalSize, operations: rows,
      };
      writeFileSync(args.json, JSON.stringify(report, null, 2) + '\n');
      log(`wrote ${args.json}`);
    }
  } finally {
    await cleanUp();
  }
}

await main();