// Outline writes of one base are serialised (decisions "Concurrency and durability"): 200 mixed
// writes sent at once over real HTTP, with reads among them, leave `order` dense and unique and
// the levels, paths and tree consistent, on every backend; on MySQL/MariaDB also when the writes
// are spread over two service processes on one database (two child processes, see
// test/support/service-process.ts), as behind a load balancer.
import request from 'supertest';
import { ancestorIndexes, buildTree } from '../../src/outline/outline';
import { TREE_LEVELS } from '../../src/outline/limits';
import { backends, createHarness, describeEachBackend, type Harness, type TestBase } from '../support/e2e';
import { startService, type ServiceProcess } from '../support/service-process';
import { seededPicks } from '../support/seeded-random';

type Op =
  | { kind: 'create'; title: string }
  | { kind: 'level'; id: string; level: number }
  | { kind: 'title'; id: string; title: string }
  | { kind: 'delete'; id: string };

function planOps(seeded: string[], count: number, seed: number): Op[] {
  const pick = seededPicks(seed);
  return Array.from({ length: count }, (_, i): Op => {
    const id = seeded[pick(seeded.length)];
    const roll = pick(10);
    if (roll < 3) return { kind: 'create', title: `New ${i}` };
    if (roll < 6) return { kind: 'level', id, level: pick(4) };
    if (roll < 8) return { kind: 'title', id, title: `Title ${i}` };
    return { kind: 'delete', id };
  });
}

/** Where requests go: a server of this process or the URL of another process. */
type Target = Parameters<typeof request>[0];

function send(target: Target, base: TestBase, op: Op): request.Test {
  const auth = (req: request.Test) => req.set('Authorization', `Bearer ${base.token}`);
  const json = (req: request.Test, body: object) => auth(req).set('Content-Type', 'application/json').send(JSON.stringify(body));
  const path = `/api/v1${base.pagesPath()}`;
  switch (op.kind) {
    case 'create': return json(request(target).post(path), { title: op.title });
    case 'level': return json(request(target).patch(`${path}/${op.id}`), { level: op.level });
    case 'title': return json(request(target).patch(`${path}/${op.id}`), { title: op.title });
    case 'delete': return auth(request(target).delete(`${path}/${op.id}`));
  }
}

const allowed: Record<Op['kind'], number[]> = { create: [201], level: [200, 404], title: [200, 404], delete: [204, 404] };

/** A list read while writes run: it must show one committed outline, dense and counted. */
function expectDenseList(body: { pages: { order: number; content_id: string }[]; total: number }): void {
  expect(body.pages.map((p) => p.order)).toEqual([...body.pages.keys()]);
  expect(body.total).toBe(body.pages.length);
  expect(new Set(body.pages.map((p) => p.content_id)).size).toBe(body.pages.length);
}

/** Reads the list again and again until `until` settles: every read must show one committed outline. */
async function readWhile(target: Target, base: TestBase, until: Promise<unknown>): Promise<number> {
  let settled = false;
  void until.finally(() => (settled = true));
  let reads = 0;
  while (!settled) {
    const list = await request(target).get(`/api/v1${base.pagesPath()}`).set('Authorization', `Bearer ${base.token}`);
    expect(list.status).toBe(200);
    expectDenseList(list.body);
    reads++;
  }
  return reads;
}

/** Sends `ops` at once, spread over `targets`, with list reads running meanwhile; then checks the outcome. */
async function runMix(base: TestBase, targets: Target[], ops: Op[], seeded: string[]): Promise<void> {
  const writes = Promise.all(ops.map((op, i) => send(targets[i % targets.length], base, op).then((res) => ({ op, res }))));
  const readers = targets.flatMap((target) => [readWhile(target, base, writes), readWhile(target, base, writes)]);
  const [answers] = await Promise.all([writes, ...readers]);
  const unexpected = answers.filter(({ op, res }) => !allowed[op.kind].includes(res.status));
  expect(unexpected.map(({ op, res }) => ({ op, status: res.status, body: res.body }))).toEqual([]);

  const deleted = answers.filter((a) => a.op.kind === 'delete' && a.res.status === 204).map((a) => (a.op as { id: string }).id);
  expect(new Set(deleted).size).toBe(deleted.length);
  const created = answers.filter((a) => a.op.kind === 'create').map((a) => a.res.body.content_id as string);
  const { body } = await base.call('get', base.pagesPath());
  expectDenseList(body);
  expect(body.pages.map((p: any) => p.content_id).sort()).toEqual([...seeded.filter((id) => !deleted.includes(id)), ...created].sort());
  expect((await base.call('get', `/bases/${base.baseId}/info`)).body.total_pages).toBe(body.total);

  // Levels: every path and the tree follow from the list by the outline rules.
  const pages: { content_id: string; title: string; level: number }[] = body.pages;
  expect(pages.every((p) => p.level >= 0 && p.level <= 100)).toBe(true);
  for (const [index, page] of pages.entries()) {
    const path = [...ancestorIndexes(pages, index).map((i) => pages[i].title), page.title];
    expect({ id: page.content_id, path: (await base.call('get', base.pagesPath(page.content_id))).body.path }).toEqual({ id: page.content_id, path });
  }
  const shape = (nodes: any[]): unknown[] => nodes.map((n) => [n.content_id, n.level, shape(n.children)]);
  const expectedTree = buildTree(pages, TREE_LEVELS);
  expect(shape((await base.call('get', `/bases/${base.baseId}/tree`)).body.tree)).toEqual(shape(expectedTree));

  // Titles: last write wins, so a renamed live page carries one of the titles answered 200 for it.
  for (const page of pages) {
    const sent = answers.filter((a) => a.op.kind === 'title' && a.op.id === page.content_id && a.res.status === 200);
    if (sent.length > 0) expect(sent.map((a) => (a.op as { title: string }).title)).toContain(page.title);
  }
}

async function seedOutline(base: TestBase): Promise<string[]> {
  return base.createOutline(Array.from({ length: 40 }, (_, i) => [0, 1, 2, 1, 3][i % 5]));
}

describeEachBackend('concurrent writes on one base', (h) => {
  it('200 mixed creates, level changes, renames and deletes leave order dense and unique and levels consistent', async () => {
    const base = await h().fresh();
    const seeded = await seedOutline(base);
    await runMix(base, [h().app.getHttpServer()], planOps(seeded, 200, 1), seeded);
  });

  it('a page read while its parent moves shows a level and path of one committed outline', async () => {
    const base = await h().fresh();
    const [, parent, child] = await base.createOutline([0, 1, 2]);
    // B moves between level 1 and 0, its child C with it: C is P0 > P1 > P2 (level 2) or P1 > P2 (level 1).
    const moves = Promise.all(Array.from({ length: 60 }, (_, i) => base.call('patch', base.pagesPath(parent), { body: { level: i % 2 } })));
    let settled = false;
    void moves.finally(() => (settled = true));
    const seen = new Set<string>();
    const readers = Array.from({ length: 4 }, async () => {
      while (!settled) {
        const { body } = await base.call('get', base.pagesPath(child));
        seen.add(JSON.stringify([body.level, body.path]));
      }
    });
    await Promise.all([moves, ...readers]);
    const committed = [JSON.stringify([2, ['P0', 'P1', 'P2']]), JSON.stringify([1, ['P1', 'P2']])];
    expect([...seen].filter((answer) => !committed.includes(answer))).toEqual([]);
  });

  it('a second mix on the outline the first one left stays consistent too', async () => {
    const base = await h().fresh();
    const seeded = await seedOutline(base);
    await runMix(base, [h().app.getHttpServer()], planOps(seeded, 200, 2), seeded);
    const survivors = (await base.call('get', base.pagesPath())).body.pages.map((p: any) => p.content_id);
    await runMix(base, [h().app.getHttpServer()], planOps(survivors, 200, 3), survivors);
  });
});

// SQLite serves one process (decisions "Storage"); any number of processes share MySQL/MariaDB.
(backends.includes('mysql') ? describe : describe.skip)('concurrent writes from two service processes on one MySQL/MariaDB database', () => {
  let harness: Harness;
  const services: ServiceProcess[] = [];
  beforeAll(async () => {
    harness = await createHarness('mysql');
    services.push(await startService(harness.database.url), await startService(harness.database.url));
  });
  afterAll(async () => {
    await Promise.all(services.map((s) => s.stop()));
    await harness?.close();
  });

  it('200 mixed writes spread over both leave order dense and unique and levels consistent', async () => {
    const base = await harness.fresh();
    const seeded = await seedOutline(base);
    await runMix(base, services.map((s) => s.url), planOps(seeded, 200, 4), seeded);
  });
});
