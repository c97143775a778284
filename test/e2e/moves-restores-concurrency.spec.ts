// Moves and restores (PageMovesService, TrashService: the web UI's writes) race REST creates,
// deletes and level changes on one base, with list reads running meanwhile: every read shows one
// committed outline (orders dense and unique), and the outline left is consistent through the REST
// API (list, info, details' levels and paths, tree), holding exactly the pages the answers say. On
// SQLite in one process; on MySQL/MariaDB with the REST writes spread over two service processes
// (test/support/service-process.ts) while this process moves and restores.
import request from 'supertest';
import { DomainError } from '../../src/errors/domain-error';
import { moveDirections, type MoveDirection } from '../../src/outline/moves';
import { PageMovesService } from '../../src/pages/page-moves.service';
import { TrashService } from '../../src/pages/trash.service';
import { expectDenseList, expectRestOutline, type Target } from '../pages/rest-outline';
import { backends, createHarness, describeEachBackend, type Harness, type TestBase } from '../support/e2e';
import { startService, type ServiceProcess } from '../support/service-process';
import { seededPicks } from '../support/seeded-random';

type Op =
  | { kind: 'create'; title: string }
  | { kind: 'level'; id: string; level: number }
  | { kind: 'delete'; id: string }
  | { kind: 'move'; id: string; direction: MoveDirection }
  | { kind: 'restore'; id: string };

/**
 * `count` operations on the seeded live pages and the trashed ones: each live page deleted at most
 * once, each trashed page and each page deleted here restored at most once (so which pages are live
 * at the end follows from the answers), moves and level changes on any of them.
 */
function planOps(live: string[], trashed: string[], count: number, seed: number): Op[] {
  const pick = seededPicks(seed);
  const deletable = [...live];
  const restorable = [...trashed];
  const ops: Op[] = [];
  for (let i = 0; i < count; i++) {
    const any = [...live, ...trashed][pick(live.length + trashed.length)];
    const roll = pick(20);
    if (roll < 4) ops.push({ kind: 'create', title: `New ${i}` });
    else if (roll < 7) ops.push({ kind: 'level', id: any, level: pick(4) });
    else if (roll < 9 && deletable.length > 0) {
      const [id] = deletable.splice(pick(deletable.length), 1);
      ops.push({ kind: 'delete', id });
      restorable.push(id);
    } else if (roll < 11 && restorable.length > 0) ops.push({ kind: 'restore', id: restorable.splice(pick(restorable.length), 1)[0] });
    else ops.push({ kind: 'move', id: any, direction: moveDirections[pick(4)] });
  }
  return ops;
}

interface Outcome {
  op: Op;
  /** The HTTP status, or the service's answer as one: 204 done, else its error's status. */
  status: number;
  body?: any;
}

const allowed: Record<Op['kind'], number[]> = {
  create: [201], level: [200, 404], delete: [204], move: [204, 400, 404], restore: [204, 404],
};

const statusOf = (error: unknown): number => {
  if (error instanceof DomainError) return error.code === 'BAD_REQUEST' ? 400 : error.code === 'NOT_FOUND' ? 404 : 500;
  throw error;
};

/** Runs one op: REST ops on `target`, moves and restores through this process's services. */
async function run(h: Harness, target: Target, base: TestBase, op: Op): Promise<Outcome> {
  const path = `/api/v1${base.pagesPath()}`;
  const auth = (req: request.Test) => req.set('Authorization', `Bearer ${base.token}`);
  const json = (req: request.Test, body: object) => auth(req).set('Content-Type', 'application/json').send(JSON.stringify(body));
  const answer = (res: request.Response): Outcome => ({ op, status: res.status, body: res.body });
  const service = (work: Promise<void>) => work.then(() => ({ op, status: 204 }), (error: unknown) => ({ op, status: statusOf(error) }));
  switch (op.kind) {
    case 'create': return answer(await json(request(target).post(path), { title: op.title }));
    case 'level': return answer(await json(request(target).patch(`${path}/${op.id}`), { level: op.level }));
    case 'delete': return answer(await auth(request(target).delete(`${path}/${op.id}`)));
    case 'move': return service(h.app.get(PageMovesService).move(base.baseId, op.id, op.direction));
    case 'restore': return service(h.app.get(TrashService).restore(base.baseId, op.id));
  }
}

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

/** A base of 40 pages at levels 0..3, 6 of them then deleted (the trash the restores take from). */
async function seed(base: TestBase): Promise<{ live: string[]; trashed: string[] }> {
  const ids = await base.createOutline(Array.from({ length: 40 }, (_, i) => [0, 1, 2, 1, 3, 0, 1][i % 7]));
  const trashed = [ids[3], ids[9], ids[10], ids[22], ids[30], ids[39]];
  for (const id of trashed) expect((await base.call('delete', base.pagesPath(id))).status).toBe(204);
  return { live: ids.filter((id) => !trashed.includes(id)), trashed };
}

/** Sends `ops` at once (REST ones spread over `targets`), reading lists meanwhile; then checks the outline left. */
async function runMix(h: Harness, base: TestBase, targets: Target[], ops: Op[], seeded: { live: string[]; trashed: string[] }): Promise<void> {
  const outcomes = Promise.all(ops.map((op, i) => run(h, targets[i % targets.length], base, op)));
  const readers = targets.flatMap((target) => [readWhile(target, base, outcomes), readWhile(target, base, outcomes)]);
  const [answers, ...reads] = await Promise.all([outcomes, ...readers]);
  expect(reads.every((n) => n > 0)).toBe(true);
  const unexpected = answers.filter(({ op, status }) => !allowed[op.kind].includes(status));
  expect(unexpected.map(({ op, status, body }) => ({ op, status, body }))).toEqual([]);
  // Some of each kind went through.
  for (const kind of ['create', 'level', 'delete', 'move', 'restore'] as const) {
    expect({ kind, done: answers.some((a) => a.op.kind === kind && a.status < 300) }).toEqual({ kind, done: true });
  }

  const ids = (kind: Op['kind'], status: number) => answers.filter((a) => a.op.kind === kind && a.status === status).map((a) => (a.op as { id: string }).id);
  const deleted = ids('delete', 204);
  const restored = ids('restore', 204);
  const created = answers.filter((a) => a.op.kind === 'create').map((a) => a.body.content_id as string);
  const expectedLive = [...seeded.live.filter((id) => !deleted.includes(id)), ...created, ...restored];
  const pages = await expectRestOutline(base);
  expect(pages.map((p) => p.content_id).sort()).toEqual(expectedLive.sort());
}

describeEachBackend('moves and restores racing REST writes on one base', (h) => {
  it('200 mixed operations leave order dense and unique and the outline consistent', async () => {
    const base = await h().fresh();
    const seeded = await seed(base);
    await runMix(h(), base, [h().app.getHttpServer()], planOps(seeded.live, seeded.trashed, 200, 61), seeded);
  });

  it('a second mix on the outline the first left', async () => {
    const base = await h().fresh();
    const seeded = await seed(base);
    await runMix(h(), base, [h().app.getHttpServer()], planOps(seeded.live, seeded.trashed, 150, 62), seeded);
    const live = (await base.call('get', base.pagesPath())).body.pages.map((p: any) => p.content_id);
    const trashed = (await h().app.get(TrashService).list(base.baseId, { offset: 0, limit: 1000 })).pages.map((p) => p.contentId);
    await runMix(h(), base, [h().app.getHttpServer()], planOps(live, trashed, 150, 63), { live, trashed });
  });
});

(backends.includes('mysql') ? describe : describe.skip)('moves and restores racing REST writes from two service processes on one MySQL/MariaDB database', () => {
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

  it('200 mixed operations, the REST ones spread over both, leave order dense and unique and the outline consistent', async () => {
    const base = await harness.fresh();
    const seeded = await seed(base);
    await runMix(harness, base, services.map((s) => s.url), planOps(seeded.live, seeded.trashed, 200, 64), seeded);
  });

  it('and again, this process reading too', async () => {
    const base = await harness.fresh();
    const seeded = await seed(base);
    await runMix(harness, base, [...services.map((s) => s.url), harness.app.getHttpServer()], planOps(seeded.live, seeded.trashed, 200, 65), seeded);
  });
});
