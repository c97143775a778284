// Writes of one base in a row take the live positions the write before them left (DisplayOrder.write)
// instead of reading every bitmap: in the same SQLite transaction at once, across transactions once
// that write has committed. What a user sees stays what the stored pages give.
import { setTimeout as delay } from 'node:timers/promises';
import type { EntityManager } from 'typeorm';
import { sql } from '../../src/database/sql';
import { runLater } from '../../src/database/statement-pipeline';
import type { UnitOfWork } from '../../src/database/unit-of-work';
import { DisplayOrder } from '../../src/order/display-order.service';
import { LiveBlocksRepository } from '../../src/order/live-blocks.repository';
import { LivePositions } from '../../src/outline/positions';
import { describeEachBackend } from '../support/e2e';
import { Services } from './support';

describeEachBackend('positions left by a write for the next', (h) => {
  let s: Services;
  let order: DisplayOrder;
  let blocks: LiveBlocksRepository;
  beforeAll(() => {
    s = new Services(h());
    order = h().app.get(DisplayOrder);
    blocks = h().app.get(LiveBlocksRepository);
  });
  afterEach(() => jest.restoreAllMocks());

  async function pagesOf(baseId: string, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push((await s.addPage(baseId, { title: `P${i}` })).contentId);
    return ids;
  }

  /** Each deleted page's stored order, checked against the live pages as the deletes committed, one after another. */
  async function expectDeletedOrders(baseId: string, before: string[]): Promise<void> {
    const deleted: { content_id: string; deleted_ord: number }[] = await s.db.reader.query(
      "SELECT content_id, deleted_ord FROM pages WHERE base_id = ? AND status = 'D' ORDER BY change_no", [baseId]);
    const live = [...before];
    for (const page of deleted) {
      expect({ page: page.content_id, order: Number(page.deleted_ord) }).toEqual({ page: page.content_id, order: live.indexOf(page.content_id) });
      live.splice(live.indexOf(page.content_id), 1);
    }
  }

  it('deletes sent together read no bitmaps, and leave the orders a plain scan gives', async () => {
    const baseId = await s.newBase();
    const ids = await pagesOf(baseId, 12);
    await s.list(baseId);
    const loads = jest.spyOn(blocks, 'load');
    const gone = [ids[1], ids[4], ids[5], ids[9], ids[0], ids[11], ids[7]];
    await Promise.all(gone.map((id) => s.pages.delete(baseId, id)));
    expect(loads).not.toHaveBeenCalled();
    loads.mockRestore();

    const stays = ids.filter((id) => !gone.includes(id));
    const list = await s.list(baseId);
    expect(list.pages.map((p) => [p.contentId, p.order])).toEqual(stays.map((id, i) => [id, i]));
    expect(list.total).toBe(stays.length);
    await expectDeletedOrders(baseId, ids);
    // The positions kept for reads are those the stored bitmaps give.
    const stored = await blocks.load(s.db.reader, baseId);
    expect(await order.positions(s.db.reader, baseId, stored!.outlineVersion)).toEqual(stored);
  });

  it('positions left by a write that failed are never taken, not even in its own transaction', async () => {
    const baseId = await s.newBase();
    const ids = await pagesOf(baseId, 6);
    const version = await s.outlineVersion(baseId);
    const wrong = new LivePositions([]);
    // The write that fails and the one after it run in one SQLite transaction (grouped writes).
    const [failed, next] = await Promise.allSettled([
      order.writeOutline(s.db, baseId, 0, async (tx, leave) => {
        leave(version + 1, wrong);
        throw new Error('fails after leaving');
      }),
      s.db.writeOutline(baseId, 0, (tx) => order.positionsInWrite(tx, baseId, version + 1)),
    ]);
    expect(failed).toMatchObject({ status: 'rejected', reason: new Error('fails after leaving') });
    expect(next.status).toBe('fulfilled');
    expect((next as PromiseFulfilledResult<{ positions: LivePositions }>).value.positions.total).toBe(ids.length);
  });

  it('positions left by a write whose COMMIT fails are not taken by the write waiting for it', async () => {
    const baseId = await s.newBase();
    const ids = await pagesOf(baseId, 6);
    const version = await s.outlineVersion(baseId);
    let next: Promise<{ positions: LivePositions } | null> | undefined;
    const failed = order.writeOutline(s.db, baseId, 0, async (tx, leave) => {
      leave(version + 1, new LivePositions([]));
      next = s.db.write((other) => order.positionsInWrite(other, baseId, version + 1));
      // On MySQL/MariaDB this goes with the COMMIT and fails it; on SQLite it fails here.
      await runLater(tx, sql`INSERT INTO no_such_table VALUES (1)`);
    });
    await expect(failed).rejects.toThrow(/no_such_table/);
    expect((await next)!.positions.total).toBe(ids.length);
  });

  it('a write that hears nothing of the write before it for a while reads the bitmaps instead of waiting on', async () => {
    const baseId = await s.newBase();
    const ids = await pagesOf(baseId, 6);
    const version = await s.outlineVersion(baseId);
    // The database as a process sees it when the answer to a COMMIT is slow to arrive.
    const slowToHear = {
      writeOutline: <T>(id: string, liveDelta: number, work: (tx: EntityManager) => Promise<T>) =>
        s.db.writeOutline(id, liveDelta, work).then((value) => delay(1000, value)),
    } as UnitOfWork;
    let startNext!: (next: Promise<{ positions: LivePositions } | null>) => void;
    const next = new Promise<Promise<{ positions: LivePositions } | null>>((resolve) => (startNext = resolve));
    const loads = jest.spyOn(blocks, 'load');
    const first = order.writeOutline(slowToHear, baseId, 0, async (tx, leave) => {
      leave(version + 1, (await blocks.load(tx, baseId))!.positions);
      startNext(s.db.writeOutline(baseId, 0, (other) => order.positionsInWrite(other, baseId, version + 1)));
    });
    expect((await (await next))!.positions.total).toBe(ids.length);
    expect(loads).toHaveBeenCalledTimes(2);
    await first;
  });

  it('a write after one that failed reads the bitmaps, and the outline stays right', async () => {
    const baseId = await s.newBase();
    const ids = await pagesOf(baseId, 6);
    await s.list(baseId);
    const version = await s.outlineVersion(baseId);
    const loads = jest.spyOn(blocks, 'load');
    // A version moved by a write of another process: the positions kept here are too old.
    await s.db.writeOutline(baseId, 0, async () => {});
    const results = await Promise.allSettled([
      order.writeOutline(s.db, baseId, 0, async (tx, leave) => {
        leave(version + 1, new LivePositions([]));
        throw new Error('fails after leaving');
      }),
      s.pages.delete(baseId, ids[2]),
      s.pages.delete(baseId, ids[3]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(loads).toHaveBeenCalled();
    expect((await s.list(baseId)).pages.map((p) => p.contentId)).toEqual([ids[0], ids[1], ids[4], ids[5]]);
    await expectDeletedOrders(baseId, ids);
  });
});
