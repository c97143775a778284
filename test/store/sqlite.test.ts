// The store contract on the SQLite store, on a real database file in a temporary directory.
import { openSqliteTestStore } from '../support/test-store.ts';
import { storeContract } from './contract.ts';

storeContract('sqlite', openSqliteTestStore);
