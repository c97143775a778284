// Writes on MySQL/MariaDB run at READ COMMITTED (set once per pooled connection): a statement of a
// write sees what another write committed after the first statement. The search merge and the
// page writes beside it rely on that. SQLite runs one write at a time, so nothing can interleave.
import { describeEachBackend, insertBase, uniqueName } from '../support/e2e';

describeEachBackend('write isolation', (h, backend) => {
  (backend === 'mysql' ? it : it.skip)('a later statement of a write sees what another write committed meanwhile, on every connection, every time', async () => {
    const { db } = h();
    const bases = Array.from({ length: 5 }, () => uniqueName());
    for (const baseId of bases) await insertBase(db, baseId);
    const read = async (tx: { query(sql: string, parameters: unknown[]): Promise<{ description: string }[]> }, baseId: string) =>
      (await tx.query('SELECT description FROM bases WHERE base_id = ?', [baseId]))[0].description;
    // Five writes at once, each with another inside it: the pool's ten connections, new and then reused.
    for (let round = 0; round < 4; round++) {
      const seen = await Promise.all(bases.map((baseId, i) => db.write(async (tx) => {
        await read(tx, baseId);
        const description = `round ${round} write ${i}`;
        await db.write((other) => other.query('UPDATE bases SET description = ? WHERE base_id = ?', [description, baseId]));
        return [await read(tx, baseId), description];
      })));
      for (const [after, written] of seen) expect(after).toBe(written);
    }
  });
});
