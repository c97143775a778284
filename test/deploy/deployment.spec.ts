// The image as an operator runs it: built from this checkout, three replicas behind nginx on one
// MariaDB, under a mixed load through nginx, through a rolling restart, a killed replica and a
// database outage. Run by `npm run test:deploy` (root, podman, nginx, MariaDB's programs).
import { Cluster, buildImage, imageSize } from '../../bench/deploy/cluster';
import { Load, type Outcome } from './load';
import { MariaDbServer } from '../../bench/deploy/mariadb-server';
import { run, sleep, waitFor } from '../../bench/deploy/commands';
import { writeProblems, type ListedPage } from './writes';
import { clientKinds, connect } from '../mcp/mcp-clients';

const IMAGE = 'localhost/kb-pages:deploy-test';
const BASE_ID = 'deploy-test';

jest.setTimeout(30 * 60_000);

describe('three replicas of the image behind nginx on one MariaDB', () => {
  let db: MariaDbServer;
  let cluster: Cluster;
  let token: string;
  const everyOutcome: Outcome[] = [];

  const target = () => ({ baseUrl: cluster.balancerUrl, baseId: BASE_ID, token });
  const api = (path: string, init: RequestInit = {}) => fetch(`${cluster.balancerUrl}/api/v1/bases/${BASE_ID}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
    signal: AbortSignal.timeout(30_000),
  });

  /** Runs `during` under load and returns the load's outcomes, kept for the final check too. */
  async function underLoad(during: () => Promise<void>): Promise<Outcome[]> {
    const load = new Load(target());
    load.start();
    try {
      await sleep(1500);
      await during();
      await sleep(1500);
    } finally {
      everyOutcome.push(...await load.stop());
    }
    return load.outcomes;
  }

  async function listedPages(): Promise<ListedPage[]> {
    const response = await api('/pages');
    expect(response.status).toBe(200);
    return ((await response.json()) as { pages: ListedPage[] }).pages;
  }

  const failed = (outcomes: Outcome[]) => outcomes.filter((o) => o.status < 200 || o.status > 299);
  const counts = (outcomes: Outcome[]) => `${outcomes.length} requests, ${failed(outcomes).length} failed`;

  beforeAll(async () => {
    const building = Date.now();
    await buildImage(IMAGE);
    console.log(`image ${IMAGE}: ${(await imageSize(IMAGE) / 1e6).toFixed(0)} MB, built in ${((Date.now() - building) / 1000).toFixed(0)} s`);
    db = await MariaDbServer.create();
    cluster = new Cluster(IMAGE, await db.databaseUrl('kb_pages'), `kb-pages-deploy-${process.pid}`);
    const starting = Date.now();
    await cluster.startReplicas(3);
    const started = Date.now() - starting;
    const ready = await Promise.all(cluster.replicas.map((replica) => cluster.waitReady(replica)));
    console.log(`three replicas started together on an empty database: ready ${ready.map((ms) => started + ms).join(', ')} ms after \`podman run\``);
    await cluster.startBalancer();
    token = await cluster.baseWithToken(BASE_ID, 'ops@example.com');
  });

  afterAll(async () => {
    await cluster?.destroy();
    await db?.destroy();
  });

  it('ran each migration once when the replicas started together', async () => {
    const migrations = await run('mariadb', ['--protocol=tcp', '-h', '127.0.0.1', '-P', String(db.port), '-u', 'root', '-N', '-e',
      'SELECT COUNT(*), COUNT(DISTINCT name) FROM kb_pages.kb_migrations']);
    const [rows, distinct] = migrations.trim().split(/\s+/).map(Number);
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBe(distinct);
  });

  it('serves the web pages and their scripts from the image, through the balancer', async () => {
    const page = await fetch(`${cluster.balancerUrl}/signin`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form class="card" method="post" action="/signin">');
    const style = await fetch(`${cluster.balancerUrl}/assets/kb.css`);
    expect({ status: style.status, type: style.headers.get('content-type') }).toEqual({ status: 200, type: 'text/css; charset=utf-8' });
    // The scripts compiled from src/web/islands, and the list of bases, which reads the database.
    const island = await fetch(`${cluster.balancerUrl}/assets/islands/tree.js`);
    expect({ status: island.status, type: island.headers.get('content-type') }).toEqual({ status: 200, type: 'text/javascript; charset=utf-8' });
    const home = await fetch(`${cluster.balancerUrl}/`);
    expect(home.status).toBe(200);
  });

  it('serves MCP through the balancer: discovery from the 401, then tool calls that any replica answers', async () => {
    const refused = await fetch(`${cluster.balancerUrl}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(refused.status).toBe(401);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(refused.headers.get('www-authenticate') ?? '')?.[1];
    expect(metadataUrl).toBe(`${cluster.balancerUrl}/.well-known/oauth-protected-resource/mcp`);
    const resource = await (await fetch(metadataUrl!)).json() as { resource: string; authorization_servers: string[] };
    expect(resource).toMatchObject({ resource: `${cluster.balancerUrl}/mcp`, authorization_servers: [cluster.balancerUrl] });
    const server = await (await fetch(`${cluster.balancerUrl}/.well-known/oauth-authorization-server`)).json() as { issuer: string };
    expect(server.issuer).toBe(cluster.balancerUrl);
    // Stateless: each request of a client may reach another replica (nginx balances every request).
    for (const kind of clientKinds) {
      const client = await connect(kind, `${cluster.balancerUrl}/mcp`, token);
      try {
        const created = await client.callTool('create_page', { title: `MCP ${kind}` });
        expect(created.isError).toBeFalsy();
        for (let i = 0; i < 6; i++) {
          const read = await client.callTool('get_page', { content_id: created.structuredContent.content_id });
          expect(read.structuredContent.title).toBe(`MCP ${kind}`);
        }
      } finally {
        await client.close();
      }
    }
  });

  it('(a) rolls the replicas one by one with SIGTERM and fails no request', async () => {
    const outcomes = await underLoad(async () => {
      for (const replica of cluster.replicas) {
        await cluster.stop(replica);
        expect(await cluster.exitCode(replica)).toBe(0);
        await cluster.start(replica);
        await cluster.waitReady(replica);
        await sleep(500);
      }
    });
    console.log(`(a) rolling restart: ${counts(outcomes)}`);
    if (failed(outcomes).length > 0) console.log(`nginx logged:\n${cluster.balancerErrors()}`);
    expect(failed(outcomes)).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(100);
  });

  it('(b) kills one replica with SIGKILL: only its requests in flight fail, and every acknowledged write is kept', async () => {
    const victim = cluster.replicas[1];
    let killStarted = 0;
    let killEnded = 0;
    const outcomes = await underLoad(async () => {
      killStarted = Date.now();
      await cluster.kill(victim);
      killEnded = Date.now();
      await sleep(2000);
    });
    const upstreamOf = new Map(cluster.balancerLog().map((line) => [line.request_id, line.upstream]));
    const notInFlightOnVictim = failed(outcomes).filter((o) =>
      !(o.started <= killEnded && o.ended >= killStarted && upstreamOf.get(o.requestId)?.includes(`:${victim.port}`)));
    console.log(`(b) SIGKILL: ${counts(outcomes)}, ${failed(outcomes).map((o) => `${o.method} ${o.status}`).join(', ') || 'none'}`);
    expect(notInFlightOnVictim).toEqual([]);
    await cluster.start(victim);
    await cluster.waitReady(victim);
    expect(writeProblems(everyOutcome, await listedPages())).toEqual([]);
  });

  it('(c) stops MariaDB briefly: /readyz and the API answer 503 SERVICE_UNAVAILABLE, and the replicas recover by themselves', async () => {
    let recovered = 0;
    const outcomes = await underLoad(async () => {
      await db.stop();
      for (const replica of cluster.replicas) {
        await waitFor(`${replica.name}'s /readyz to answer 503`, async () => (await cluster.readyStatus(replica)) === 503, 20_000);
      }
      for (const response of [await api('/pages?limit=5'), await api('/pages', { method: 'POST', body: JSON.stringify({ title: 'while the database is down' }) })]) {
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) } });
      }
      // An outage of seconds, not a blink: the load keeps meeting it.
      await sleep(3000);
      await db.start();
      const readyAgain = await Promise.all(cluster.replicas.map((replica) => cluster.waitReady(replica, 30_000)));
      recovered = Date.now();
      console.log(`(c) replicas ready again ${readyAgain.join(', ')} ms after MariaDB was back`);
    });
    const outage = failed(outcomes);
    console.log(`(c) database outage: ${counts(outcomes)}`);
    expect(outage.length).toBeGreaterThan(0);
    for (const o of outage) {
      expect({ status: o.status, body: o.body }).toEqual({ status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) } } });
    }
    const afterRecovery = outcomes.filter((o) => o.started > recovered);
    expect(afterRecovery.length).toBeGreaterThan(0);
    expect(failed(afterRecovery)).toEqual([]);
  });

  it('keeps every write acknowledged through all three faults, with order dense and unique', async () => {
    expect(writeProblems(everyOutcome, await listedPages())).toEqual([]);
  });
});
