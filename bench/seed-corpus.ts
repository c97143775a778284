// Seeds the benchmark corpus into a fresh database: the bench base, its owner token, N generated
// pages (prepared on a worker thread, written in batches by bulkInsertPages), then the search index.
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { parseDatabaseUrl } from '../src/database/data-source';
import { UnitOfWork } from '../src/database/unit-of-work';
import type { PrepareJob } from './prepare-worker';
import { bulkInsertPages, createBenchBase, type SeedPage } from './seed';
import { buildSearchIndex } from './seed-search';

export const BENCH_BASE_ID = 'bench-base';
const BATCH = 1000;

export interface SeededBase {
  baseId: string;
  token: string;
  /** Content ids in display order, with their levels. */
  pages: { contentId: string; level: number }[];
}

/** The worker's batches as they come, ending when it exits. */
async function* batchesFrom(worker: Worker): AsyncGenerator<SeedPage[]> {
  const queue: SeedPage[][] = [];
  let done = false;
  let failure: unknown = null;
  let wake = () => {};
  worker.on('message', (batch: SeedPage[]) => { queue.push(batch); wake(); });
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

export interface SeedProgress {
  (phase: 'pages' | 'search', done: number): void;
}

/** Seeds the database at `databaseUrl` (migrated on open) with `count` corpus pages. */
export async function seedCorpus(databaseUrl: string, count: number, onProgress: SeedProgress = () => {}): Promise<SeededBase> {
  const db = await UnitOfWork.open(parseDatabaseUrl(databaseUrl));
  try {
    const token = await createBenchBase(db, BENCH_BASE_ID);
    const pages: SeededBase['pages'] = [];
    const job: PrepareJob = { count, batchSize: BATCH, firstPageTime: Date.now() - count * 60_000 };
    // The compiled worker sits beside this file in dist/bench.
    const worker = new Worker(join(__dirname, 'prepare-worker.js'), { workerData: job });
    try {
      for await (const batch of batchesFrom(worker)) {
        await bulkInsertPages(db, BENCH_BASE_ID, batch);
        for (const page of batch) pages.push({ contentId: page.contentId, level: page.level });
        worker.postMessage('next');
        onProgress('pages', pages.length);
      }
    } finally {
      // After a failed write the worker would wait for acknowledgements for ever.
      await worker.terminate();
    }
    await buildSearchIndex(db, BENCH_BASE_ID);
    onProgress('search', pages.length);
    return { baseId: BENCH_BASE_ID, token, pages };
  } finally {
    await db.close();
  }
}
