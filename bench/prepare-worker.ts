// Generates the benchmark pages and prepares their content (Markdown rendering, sanitizing, search
// text) on a worker thread, so the seeder's main thread only writes: the two overlap on two cores.
// Sends batches of BulkPage; at most two batches wait unacknowledged, so memory stays bounded.
import { parentPort, workerData } from 'node:worker_threads';
import { prepareContent, prepareTitle } from '../src/content/prepare.ts';
import type { BulkPage } from '../src/store/sqlite/sqlite-store.ts';
import { generatePages, type BenchPage } from './corpus.ts';

export interface PrepareJob {
  count: number;
  batchSize: number;
  /** Time of the first page (ms); each next page is a minute later. */
  firstPageTime: number;
}

const MAX_UNACKNOWLEDGED = 2;

/** What createPage in src/app/pages.ts stores for a page, with its level and time. */
function prepared(page: BenchPage, now: string): BulkPage {
  return {
    ...prepareContent(page.type, page.body),
    title: page.title,
    searchTitle: prepareTitle(page.title),
    type: page.type,
    lang: page.lang,
    level: page.level,
    now,
  };
}

const port = parentPort!;
const job = workerData as PrepareJob;
let unacknowledged = 0;
let wake: (() => void) | null = null;
port.on('message', () => {
  unacknowledged--;
  wake?.();
});

let batch: BulkPage[] = [];
let index = 0;
for (const page of generatePages(job.count)) {
  batch.push(prepared(page, new Date(job.firstPageTime + index++ * 60_000).toISOString()));
  if (batch.length === job.batchSize || index === job.count) {
    while (unacknowledged >= MAX_UNACKNOWLEDGED) await new Promise<void>((resolve) => (wake = resolve));
    port.postMessage(batch);
    unacknowledged++;
    batch = [];
  }
}
port.close();
