// SQLite runs the writes that wait together in one transaction, each in a savepoint of its own
// (src/database/grouped-writes.ts); MySQL/MariaDB runs a transaction per write. On both, a write
// is all or nothing and writes run in the order they came, however many wait at once.
import { descriptionOf, describeEachBackend, insertBase, insertBaseRow, uniqueName } from '../support/e2e';

describeEachBackend('writes handed in together', (h, backend) => {
  it('a failing one among them leaves nothing of itself and takes nothing of the others', async () => {
    const { db } = h();
    const bases = Array.from({ length: 6 }, () => uniqueName());
    for (const baseId of bases) await insertBase(db, baseId, 'L', 'as it was');
    const outcomes = await Promise.allSettled(bases.map((baseId, i) => db.write(async (tx) => {
      await tx.query('UPDATE bases SET description = ? WHERE base_id = ?', [`write ${i}`, baseId]);
      if (i % 3 === 1) throw new Error(`write ${i} refused`);
      return i;
    })));
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message)))
      .toEqual([0, 'write 1 refused', 2, 3, 'write 4 refused', 5]);
    expect(await Promise.all(bases.map((baseId) => descriptionOf(db, baseId)))).toEqual(['write 0', 'as it was', 'write 2', 'write 3', 'as it was', 'write 5']);
  });

  it('a statement that fails inside one (a unique key) rolls back that write alone', async () => {
    const { db } = h();
    const [taken, fresh, after] = [uniqueName(), uniqueName(), uniqueName()];
    await insertBase(db, taken);
    const outcomes = await Promise.allSettled([
      insertBase(db, fresh),
      db.write(async (tx) => {
        await tx.query('UPDATE bases SET description = ? WHERE base_id = ?', ['changed before the failure', taken]);
        await insertBaseRow(tx, taken);
      }),
      insertBase(db, after),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await descriptionOf(db, taken)).toBe(`Base ${taken}`);
    expect(await descriptionOf(db, fresh)).toBe(`Base ${fresh}`);
    expect(await descriptionOf(db, after)).toBe(`Base ${after}`);
  });

  (backend === 'sqlite' ? it : it.skip)('share one transaction on SQLite, those waiting together: one commit for all', async () => {
    const { db } = h();
    const managers = await Promise.all(Array.from({ length: 10 }, () => db.write(async (tx) => tx)));
    expect(new Set(managers).size).toBe(1);
  });

  // MySQL/MariaDB runs them side by side on its connections, in no order of theirs.
  (backend === 'sqlite' ? it : it.skip)('run in the order they were handed in: each sees what the ones before it wrote', async () => {
    const { db } = h();
    const baseId = uniqueName();
    await insertBase(db, baseId, 'L', '');
    const seen = await Promise.all(Array.from({ length: 40 }, (_, i) => db.write(async (tx) => {
      const [{ description }] = await tx.query('SELECT description FROM bases WHERE base_id = ?', [baseId]);
      await tx.query('UPDATE bases SET description = ? WHERE base_id = ?', [`${description}${i},`, baseId]);
      return description as string;
    })));
    const upTo = (n: number) => Array.from({ length: n }, (_, j) => `${j},`).join('');
    expect(seen).toEqual(Array.from({ length: 40 }, (_, i) => upTo(i)));
    expect(await descriptionOf(db, baseId)).toBe(upTo(40));
  });
});
