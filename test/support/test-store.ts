// The store under test: a real SQLite file in a fresh directory per test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import type { Store } from '../../src/store/store.ts';

/** A fresh store for one test; the backend is chosen by KB_TEST_BACKEND (sqlite by default). */
export async function openTestStore(): Promise<{ store: Store; dispose(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'kbp-test-'));
  const store = new SqliteStore(join(dir, 'kb.db'));
  await store.migrate();
  return { store, dispose: async () => { await store.close(); rmSync(dir, { recursive: true, force: true }); } };
}

