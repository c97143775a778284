// The migration of the indexes that deleting OAuth rows uses, on each backend: up makes them, down
// drops what up made (and only that: MySQL/MariaDB's foreign-key indexes stay), up again works.
import type { DataSource } from 'typeorm';
import { OauthPruneIndexes1765200000000 } from '../../src/oauth/migrations/1765200000000-oauth-prune-indexes';
import { describeEachMigrated, type Backend } from '../support/databases';

/** The indexes of the OAuth tables, as `table: first column`, the primary keys left out. */
async function oauthIndexes(source: DataSource, backend: Backend): Promise<string[]> {
  const rows: { name: string; tbl: string; col: string }[] = backend === 'sqlite'
    ? await source.query(`SELECT il.name AS name, m.name AS tbl, ii.name AS col FROM sqlite_master m, pragma_index_list(m.name) il, pragma_index_info(il.name) ii
        WHERE m.type = 'table' AND m.name LIKE 'oauth%' AND il.origin = 'c' AND ii.seqno = 0`)
    : await source.query(`SELECT INDEX_NAME AS name, TABLE_NAME AS tbl, COLUMN_NAME AS col FROM information_schema.STATISTICS
        WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME LIKE 'oauth%' AND INDEX_NAME <> 'PRIMARY' AND SEQ_IN_INDEX = 1`);
  return rows.map((row) => `${row.tbl}: ${row.col}`).sort();
}

describeEachMigrated('OAuth prune indexes migration', (sourceOf, backend) => {
  it('indexes clients by registration time, grants and codes by client; down drops what up made', async () => {
    const source = sourceOf();
    const migrated = await oauthIndexes(source, backend);
    expect(migrated).toEqual(expect.arrayContaining(['oauth_clients: created_at', 'oauth_codes: client_id', 'oauth_grants: client_id']));
    const made = backend === 'sqlite' ? ['oauth_clients: created_at', 'oauth_codes: client_id', 'oauth_grants: client_id'] : ['oauth_clients: created_at'];
    const runner = source.createQueryRunner();
    try {
      const migration = new OauthPruneIndexes1765200000000();
      await migration.down(runner);
      expect(await oauthIndexes(source, backend)).toEqual(migrated.filter((index) => !made.includes(index)));
      await migration.up(runner);
      expect(await oauthIndexes(source, backend)).toEqual(migrated);
    } finally {
      await runner.release();
    }
  });
});
