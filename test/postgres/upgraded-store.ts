// For upgrade tests: a schema of its own at an older version, filled with rows as that version's
// store wrote them, then opened by today's store, which migrates it the rest of the way. The
// schema is dropped afterwards, whatever happens.
import { migrate } from '../../src/store/postgres/migrations.ts';
import { PgDatabase, type Tx } from '../../src/store/postgres/pool.ts';
import { PostgresStore } from '../../src/store/postgres/postgres-store.ts';
import { testDatabaseUrl } from '../support/test-store.ts';

export async function withUpgradedStore(
  schema: string, version: number, fill: (tx: Tx) => Promise<void>, check: (store: PostgresStore) => Promise<void>,
): Promise<void> {
  const db = new PgDatabase({ url: testDatabaseUrl, schema, poolMax: 1 });
  try {
    await db.transaction((tx) => tx.script(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`));
    await migrate(db, version);
    await db.transaction(fill);
    const store = new PostgresStore({ url: testDatabaseUrl, schema, poolMax: 2 });
    try {
      await store.migrate();
      await check(store);
    } finally {
      await store.close();
    }
  } finally {
    await db.transaction((tx) => tx.script(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
    await db.close();
  }
}
