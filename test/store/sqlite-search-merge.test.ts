// The store contract again on SQLite with the search index folded in at every write and every
// third write: with the default threshold the small contract data never leaves the pending
// pages, so these runs are what puts the postings (and their merges) under the search property.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import { storeContract } from './contract.ts';

function openWithThreshold(searchMergeThreshold: number) {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kbp-test-'));
    const store = new SqliteStore(join(dir, 'kb.db'), { searchMergeThreshold });
    await store.migrate();
    return { store, dispose: async () => { await store.close(); rmSync(dir, { recursive: true, force: true }); } };
  };
}

storeContract('sqlite, search index merged at every write', openWithThreshold(1));
storeContract('sqlite, search index merged every third write', openWithThreshold(3));
