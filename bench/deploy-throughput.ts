// Three replicas of the image against one, through nginx, in the same run: the image built from
// this checkout (or --image), three replicas on a MariaDB server of the bench's own, one nginx in
// front of all three and one in front of the first alone, then each operation loaded through each
// nginx in turn (one, three, one, three; after 2 s unmeasured through three to warm every replica),
// 10 connections. Prints req/s and p50 per operation.
// Usage: npm run bench:deploy -- [--image TAG] [--duration SECONDS] [--log-level LEVEL]
// (the replicas' KB_LOG_LEVEL, default the image's: info, a JSON line a request).
import { parseArgs } from 'node:util';
import { Cluster, buildImage } from './deploy/cluster';
import { MariaDbServer } from './deploy/mariadb-server';
import { LoadGenerator, type BenchOperation, type LoadResult } from './load';

const BASE_ID = 'deploy-bench';
const PAGES = 200;
const CONNECTIONS = 10;

async function seedPages(balancerUrl: string, token: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < PAGES; i++) {
    const response = await fetch(`${balancerUrl}/api/v1/bases/${BASE_ID}/pages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Page ${i}`, body: `Body of page ${i}: replicas behind a balancer.`, content_lang: 'en' }),
    });
    if (response.status !== 201) throw new Error(`seeding answered ${response.status}: ${await response.text()}`);
    ids.push(((await response.json()) as { content_id: string }).content_id);
  }
  return ids;
}

function operations(ids: string[]): BenchOperation[] {
  const base = `/api/v1/bases/${BASE_ID}`;
  return [
    { name: 'GET page detail', expect: 200, sequence: ids.map((id) => ({ method: 'GET', path: `${base}/pages/${id}` })) },
    { name: 'search "replicas"', expect: 200, sequence: [{ method: 'GET', path: `${base}/search?q=replicas&limit=20` }] },
    {
      name: 'create a page', expect: 201,
      sequence: [{ method: 'POST', path: `${base}/pages`, body: JSON.stringify({ title: 'Created', body: 'Made by the bench.' }) }],
    },
  ];
}

const row = (result: LoadResult) => `${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${result.p50Ms.toFixed(2).padStart(6)} ms  ${result.failures} failed`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { image: { type: 'string' }, duration: { type: 'string', default: '5' }, 'log-level': { type: 'string' } } });
  const duration = Number(values.duration);
  const image = values.image ?? 'localhost/kb-pages:bench';
  if (!values.image) await buildImage(image);
  const db = await MariaDbServer.create();
  const env: Record<string, string> = values['log-level'] ? { KB_LOG_LEVEL: values['log-level'] } : {};
  const cluster = new Cluster(image, await db.databaseUrl('kb_pages'), `kb-pages-bench-${process.pid}`, env);
  const load = LoadGenerator.start();
  try {
    await cluster.startReplicas(3);
    await Promise.all(cluster.replicas.map((replica) => cluster.waitReady(replica)));
    const three = await cluster.startBalancer();
    const one = await cluster.startBalancer(cluster.replicas.slice(0, 1));
    const token = await cluster.baseWithToken(BASE_ID, 'bench@example.com');
    const ids = await seedPages(three, token);
    console.log(`${image}, 3 replicas on one MariaDB (KB_LOG_LEVEL ${env.KB_LOG_LEVEL ?? 'info'}), nginx in front, ${CONNECTIONS} connections, ${duration} s a row\n`);
    for (const operation of operations(ids)) {
      const results: Record<'one' | 'three', LoadResult[]> = { one: [], three: [] };
      // Unmeasured, through all three: every replica's code paths warm before the first row.
      await load.run({ urls: [three], token, connections: CONNECTIONS, durationSeconds: 2, operation, startAt: 0 });
      for (const [name, url] of [['one', one], ['three', three], ['one', one], ['three', three]] as const) {
        const result = await load.run({ urls: [url], token, connections: CONNECTIONS, durationSeconds: duration, operation, startAt: 0 });
        results[name].push(result);
        console.log(`${operation.name.padEnd(20)} ${name.padEnd(5)} ${row(result)}`);
      }
      const mean = (list: LoadResult[]) => list.reduce((sum, r) => sum + r.requestsPerSecond, 0) / list.length;
      console.log(`${operation.name.padEnd(20)} three ÷ one: ${(mean(results.three) / mean(results.one)).toFixed(2)}\n`);
    }
    const errors = [1, 2].map((n) => cluster.balancerErrors(n)).join('').trim();
    if (errors) console.log(`nginx logged:\n${errors.split('\n').slice(-20).join('\n')}`);
  } finally {
    await load.stop();
    await cluster.destroy();
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
