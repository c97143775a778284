// The store contract on the PostgreSQL store, each theme in a fresh schema of the test database.
import { test } from 'node:test';
import { openPostgresTestStore, postgresReachable, testDatabaseUrl } from '../support/test-store.ts';
import { storeContract } from './contract.ts';

if (await postgresReachable()) {
  storeContract('postgres', openPostgresTestStore);
} else {
  test('postgres store contract', { skip: `no PostgreSQL server answers at ${testDatabaseUrl}; start it (.ci/run does) to run these tests` }, () => {});
}
