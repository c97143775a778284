// npm run bench [-- --backend sqlite|mysql|both --pages N --duration SECONDS --rounds N]
// Per backend: seeds a fresh database, starts the service and two ceilings (bare node:http, Nest
// hello) pinned to one core and the load generator to another, measures every row and prints one
// markdown table. See bench/README.md.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { DatabaseCounterReader } from './database-counters';
import { mysqlDatabase, sqliteDatabase, type BenchBackend, type BenchDatabase } from './databases';
import { inTurnRatios, measureInTurn } from './in-turn';
import { LoadGenerator } from './load';
import { withMcpTwins } from './mcp-rows';
import { ceilingOperation, measureRows } from './measure';
import { ACCEPT_GZIP, benchOperations, DETAIL_ANOTHER_PAGE, keptFrom, twoServiceOperations } from './operations';
import { benchScript, KBP, localDatabaseServerPid, serviceNodeFlags, startServer, stopProcess, type StartedServer } from './processes';
import { seedCorpus } from './seed-corpus';
import { markdownTable, twinsTable } from './table';
import { measureTwoServices } from './two-services';
import { fillTrash, signInOwner, TRASHED_PAGES, webOperations } from './web-rows';
import { splitRows, splitSummaries, splitSummaryTable, splitTable } from './two-services-table';

const CONNECTIONS = 10;
const MAX_PAGES = 1_000_000;
const MAX_DURATION = 60;
const MAX_ROUNDS = 10;
/** How often the tree is asked for, 100 ms apart, until the service answers it gzipped. */
const TREE_GZIP_ATTEMPTS = 100;

const usage = `npm run bench [-- OPTIONS]
  --backend sqlite|mysql|both  which backend to measure (default sqlite); mysql makes a database of
                               its own on KB_BENCH_MYSQL_URL (default mysql://root@127.0.0.1:3306)
                               and drops it at the end
  --pages N                    pages to seed (default 10000, at most ${MAX_PAGES})
  --duration SECONDS           load time per row (default 5, at most ${MAX_DURATION})
  --rounds N                   rounds of the two-process runs on MySQL/MariaDB, one process alone
                               between them, and of the detail row in turn with the Nest hello; the
                               median ratio is reported (default 3, at most ${MAX_ROUNDS})
  --help                       this text
Loads every row with autocannon (${CONNECTIONS} connections, 127.0.0.1 only) beside two ceilings and
prints one markdown table per backend; see bench/README.md.`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${usage}\n`);
  process.exit(2);
}

function whole(value: string, name: string, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > max) fail(`${name} must be a whole number from 1 to ${max}, not "${value}".`);
  return n;
}

const args = (() => {
  try {
    return parseArgs({
      options: {
        backend: { type: 'string', default: 'sqlite' },
        pages: { type: 'string', default: '10000' },
        duration: { type: 'string', default: '5' },
        rounds: { type: 'string', default: '3' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    fail((error as Error).message);
  }
})();
if (args.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const backendChoice = args.backend!;
if (!['sqlite', 'mysql', 'both'].includes(backendChoice)) fail(`--backend must be sqlite, mysql or both, not "${backendChoice}".`);
const backends: BenchBackend[] = backendChoice === 'both' ? ['sqlite', 'mysql'] : [backendChoice as BenchBackend];
const pageCount = whole(args.pages!, '--pages', MAX_PAGES);
const durationSeconds = whole(args.duration!, '--duration', MAX_DURATION);
const rounds = whole(args.rounds!, '--rounds', MAX_ROUNDS);

const log = (line: string) => process.stderr.write(`${line}\n`);
const since = (start: number) => (performance.now() - start) / 1000;

/** Everything a run started, stopped and removed once: at the end, on failure and on Ctrl-C. */
const cleanups: (() => Promise<void>)[] = [];
async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) await cleanups.pop()!().catch((error: unknown) => log(`clean-up: ${String(error)}`));
}
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    log('interrupted: stopping the processes and removing the database …');
    void cleanUp().finally(() => process.exit(130));
  });
}

async function started(server: Promise<StartedServer>): Promise<StartedServer> {
  const s = await server;
  cleanups.push(() => stopProcess(s.child));
  return s;
}

const isLocal = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);

async function runBackend(backend: BenchBackend): Promise<string> {
  const runStart = performance.now();
  const database: BenchDatabase = backend === 'mysql' ? await mysqlDatabase() : sqliteDatabase();
  cleanups.push(() => database.remove());
  log(`[${backend}] seeding ${pageCount} pages into ${database.url} …`);
  const seedStart = performance.now();
  const seeded = await seedCorpus(database.url, pageCount, (phase, done) => {
    if (done % 10_000 === 0 || done === pageCount) log(`  ${phase}: ${done} (${since(seedStart).toFixed(1)} s)`);
  });
  await database.settle();
  // What was just written sits in the page cache; flushed later it would slow a measured row.
  execFileSync('sync');
  const seedSeconds = since(seedStart);
  const seededSize = await database.sizeMiB();

  const flags = serviceNodeFlags();
  const load = LoadGenerator.start();
  cleanups.push(() => load.stop());
  const bare = await started(startServer(benchScript('ceiling-server.js'), [], flags));
  const startHello = (args: string[]) => started(startServer(benchScript('nest-hello.js'), args, flags));
  const nest = await startHello([]);
  // The service as deployed: kbp serve, without the access log (a line a request on stdout).
  const startService = () => started(startServer(
    KBP, ['serve', '--db', database.url, '--host', '127.0.0.1', '--port', '0', '--no-demo'], flags,
    { ...process.env, KB_LOG_LEVEL: 'warn' },
  ));
  const service = await startService();
  const treeCeiling = await started(startServer(benchScript('ceiling-server.js'), await treeBytesFiles(service.url, seeded.baseId, seeded.token), flags));
  const databasePid = backend === 'mysql' && isLocal(database.url) ? localDatabaseServerPid() : undefined;
  log(`[${backend}] putting ${TRASHED_PAGES} pages in the trash, signing the owner in …`);
  await fillTrash(service.url, seeded);
  const cookie = await signInOwner(database.url, service.url, seeded.baseId);
  const operations = withMcpTwins(benchOperations(seeded, CONNECTIONS, webOperations(seeded, cookie, keptFrom(seeded.pages.length))), seeded.token);
  const runSetup = { load, databasePid, token: seeded.token, connections: CONNECTIONS, durationSeconds, operations, log: (line: string) => log(`[${backend}] ${line}`) };
  // Before the rows: the writes among them delete pages this row reads.
  const detail = operations.find((operation) => operation.name === DETAIL_ANOTHER_PAGE)!;
  const detailInTurn = inTurnRatios(await measureInTurn({ ...runSetup, ceiling: nest, service, rounds }, ceilingOperation('ceiling: Nest hello'), detail));
  const rows = await measureRows({ ...runSetup, bare, nest, service, treeCeiling });
  // Two processes of the service on one database: what the scale-out backend is for. Two Nest
  // hello processes split the same way are the controls: what two processes on one core cost anyway.
  // The database's CPU only where a run passes its pid: the Nest hello control never touches it.
  const twoRuns = { ...runSetup, databasePid: undefined, rounds, log: (line: string) => log(`[${backend}] two services: ${line}`) };
  const counters = backend === 'mysql' ? await DatabaseCounterReader.open(database.url) : undefined;
  if (counters) cleanups.push(() => counters.close());
  const twoServices = backend !== 'mysql' ? undefined : splitRows([
    ...await measureTwoServices({ ...twoRuns, first: service, second: await startService(), databasePid, counters, operations: twoServiceOperations(seeded) }),
    ...await measureTwoServices({ ...twoRuns, first: nest, second: await startHello([]), operations: [ceilingOperation('control: Nest hello')] }),
    // A hello never waits, so its processes switch only when their time slices end; the service's
    // switch whenever all their requests wait on the database. This control waits once a request.
    ...await measureTwoServices({
      ...twoRuns, first: await startHello([database.url]), second: await startHello([database.url]), databasePid, counters,
      operations: [ceilingOperation('control: Nest hello after SELECT 1')],
    }),
  ]);
  await database.settle();
  const finalSize = await database.sizeMiB();
  await cleanUp();

  const sizeNote = backend === 'sqlite' ? 'file + WAL' : 'data + indexes, information_schema';
  return [
    `### ${backend}: ${pageCount} pages, ${durationSeconds} s a row, ${CONNECTIONS} connections, Node ${process.version}, ${availableParallelism()} cores`,
    '',
    markdownTable(rows.rows, databasePid !== undefined),
    '',
    `- ${DETAIL_ANOTHER_PAGE} ÷ Nest hello, measured in turn (${rounds} rounds of ${durationSeconds} s, each ÷ the hello runs just before and after it): `
      + `median ${detailInTurn.median.toFixed(3)} (${detailInTurn.ratios.map((ratio) => ratio.toFixed(3)).join(', ')})`,
    `- service peak RSS (VmHWM): ${rows.peakRssMiB.service.toFixed(1)} MiB; node:http ceiling ${rows.peakRssMiB.bare.toFixed(1)} MiB, Nest hello ${rows.peakRssMiB.nest.toFixed(1)} MiB, node:http with the tree's bytes ${rows.peakRssMiB.treeCeiling.toFixed(1)} MiB`,
    `- database (${sizeNote}): ${seededSize.toFixed(1)} MiB after seeding, ${finalSize.toFixed(1)} MiB at the end`,
    `- seeding: ${seedSeconds.toFixed(1)} s; whole run: ${since(runStart).toFixed(1)} s`,
    '',
    `#### ${backend}: an MCP tool call beside the same REST request (each MCP row measured right after its REST row)`,
    '',
    twinsTable(rows.rows),
    ...(twoServices === undefined ? [] : [
      '',
      `#### ${backend}: two service processes on one database (${CONNECTIONS} connections split between them, then ${CONNECTIONS} each; both pinned to the server core; ${rounds} rounds)`,
      '',
      splitSummaryTable(splitSummaries(twoServices)),
      '',
      'Every run, in order (each two-process run ÷ the one-process runs just before and after it):',
      '',
      splitTable(twoServices),
    ]),
  ].join('\n');
}

/**
 * Writes the service's tree answers, byte for byte, to the files the tree's ceiling answers with:
 * the plain one and the gzipped one (asked for until the service has made it).
 */
async function treeBytesFiles(serviceUrl: string, baseId: string, token: string): Promise<[string, string]> {
  const dir = mkdtempSync(join(tmpdir(), 'kbp-bench-tree-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const url = `${serviceUrl}/api/v1/bases/${baseId}/tree`;
  const plain = join(dir, 'tree.json');
  writeFileSync(plain, (await rawAnswer(url, token, 'identity')).bytes);
  const gzipped = join(dir, 'tree.json.gz');
  for (let attempt = 0; ; attempt++) {
    const answer = await rawAnswer(url, token, ACCEPT_GZIP);
    if (answer.encoding === 'gzip') {
      writeFileSync(gzipped, answer.bytes);
      return [plain, gzipped];
    }
    if (attempt >= TREE_GZIP_ATTEMPTS) throw new Error(`the tree never came gzipped (Content-Encoding: ${answer.encoding ?? 'none'})`);
    await sleep(100);
  }
}

/** A GET's body as sent (fetch would inflate it), with its Content-Encoding. */
function rawAnswer(url: string, token: string, acceptEncoding: string): Promise<{ bytes: Buffer; encoding?: string }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`the tree answered ${response.statusCode}`));
        else resolve({ bytes: Buffer.concat(chunks), encoding: response.headers['content-encoding'] });
      });
    }).on('error', reject);
  });
}

async function main(): Promise<void> {
  try {
    for (const backend of backends) console.log(`${await runBackend(backend)}\n`);
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  // After an interruption the children's ends surface here as errors; the message above says it all.
  if (interrupted) return;
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
