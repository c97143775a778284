// The migration of the index by which forgotten failed-sign-in counts are found, on each backend:
// up makes it, down drops it, up again works.
import type { DataSource } from 'typeorm';
import { SignInFailuresByTime1765200000100 } from '../../src/identity/migrations/1765200000100-sign-in-failures-by-time';
import { describeEachMigrated, type Backend } from '../support/databases';

async function indexedColumns(source: DataSource, backend: Backend): Promise<string[]> {
  const rows: { col: string }[] = backend === 'sqlite'
    ? await source.query(`SELECT ii.name AS col FROM pragma_index_list('sign_in_failures') il, pragma_index_info(il.name) ii
        WHERE il.origin = 'c' AND ii.seqno = 0`)
    : await source.query(`SELECT COLUMN_NAME AS col FROM information_schema.STATISTICS
        WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'sign_in_failures' AND INDEX_NAME <> 'PRIMARY' AND SEQ_IN_INDEX = 1`);
  return rows.map((row) => row.col).sort();
}

describeEachMigrated('sign-in failures index migration', (sourceOf, backend) => {
  it('indexes counts by their last failure; down drops it', async () => {
    const source = sourceOf();
    expect(await indexedColumns(source, backend)).toEqual(['last_failed_at']);
    const runner = source.createQueryRunner();
    try {
      const migration = new SignInFailuresByTime1765200000100();
      await migration.down(runner);
      expect(await indexedColumns(source, backend)).toEqual([]);
      await migration.up(runner);
      expect(await indexedColumns(source, backend)).toEqual(['last_failed_at']);
    } finally {
      await runner.release();
    }
  });
});
