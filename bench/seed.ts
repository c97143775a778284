// Fills a fresh database, a SQLite file or a PostgreSQL database, with one base, its owner, a write
// token and N generated pages. Pages go in through the store's own bulk path (bulkInsertPages of
// SqliteStore or PostgresStore: the same rows, and on SQLite the same search index, as createPage,
// many pages per transaction), with their content prepared exactly as the create use case does, on
// a worker thread (prepare-worker.ts). One createPage transaction per page, content prepared in
// line, took 1.5 to 5 ms a page on SQLite here and about 13 ms on PostgreSQL: far too slow at
// 100,000 pages.
import { Worker } from 'node:worker_threads';
import { issueToken, newContentId } from '../src/auth/tokens.ts';
import { openStore } from '../src/store/open-store.ts';
import type { BulkPage, Store } from '../src/store/store.ts';
import type { PrepareJob } from './prepare-worker.ts';

export const BENCH_BASE_ID = 'bench-base';
const BATCH = 1000;

export interface SeededBase {
  baseId: string;
  token: string;
  /** Content ids in display order, with their levels. */
  pages: { contentId: string; level: number }[];
}

/** A store with the bulk path that both SqliteStore and PostgresStore have beside the Store interface. */
interface SeedableStore extends Store {
  bulkInsertPages(baseId: string, pages: Iterable<BulkPage>, newContentId: () => string): Promise<string[]>;
}

async function createOwnerToken(store: Store, baseId: string): Promise<string> {
  const now = new Date();
  await store.createBase({ baseId, description: 'Benchmark base', view: 'L' }, now.toISOString());
  const owner = await store.createUser('bench@example.com', 'Bench Owner', now.toISOString());
  await store.setMemberRole(baseId, owner.userId, 'owner');
  const issued = issueToken();
  await store.createToken({
    tokenId: issued.tokenId,
    baseId,
    userId: owner.userId,
    tokenHash: issued.tokenHash,
    displayPrefix: issued.displayPrefix,
    lastFour: issued.lastFour,
    scope: 'write',
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 24 * 3600_000).toISOString(),
  });
  return issued.token;
}

/** The worker's batches as they come, ending when it exits. */
async function* batchesFrom(worker: Worker): AsyncGenerator<BulkPage[]> {
  const queue: BulkPage[][] = [];
  let done = false;
  let failure: unknown = null;
  let wake = () => {};
  worker.on('message', (batch: BulkPage[]) => { queue.push(batch); wake(); });
  worker.on('error', (error) => { failure = error; wake(); });
  worker.on('exit', () => { done = true; wake(); });
  while (true) {
    if (failure) throw failure;
    const batch = queue.shift();
    if (batch) yield batch;
    else if (done) return;
    else await new Promise<void>((resolve) => (wake = resolve));
  }
}

/** Seeds `database`: a SQLite file path or a postgres:// URL of an empty database. */
export async function seed(
  database: string, count: number, onProgress: (done: number) => void = () => {},
): Promise<SeededBase> {
  // Both stores openStore opens have the bulk path.
  const store = (await openStore(database, { poolMax: 2 })) as SeedableStore;
  try {
    const token = await createOwnerToken(store, BENCH_BASE_ID);
    const pages: SeededBase['pages'] = [];
    // One page a minute up to now, oldest first, so "newest first" in search has a real order.
    const job: PrepareJob = { count, batchSize: BATCH, firstPageTime: Date.now() - count * 60_000 };
    const worker = new Worker(new URL('./prepare-worker.ts', import.meta.url), { workerData: job });
    try {
      for await (const batch of batchesFrom(worker)) {
        const ids = await store.bulkInsertPages(BENCH_BASE_ID, batch, newContentId);
        ids.forEach((contentId, i) => pages.push({ contentId, level: batch[i].level ?? 0 }));
        worker.postMessage('next');
        onProgress(pages.length);
      }
    } finally {
      // After a failed write the worker would wait for acknowledgements for ever.
      await worker.terminate();
    }
    return { baseId: BENCH_BASE_ID, token, pages };
  } finally {
    await store.close();
  }
}
