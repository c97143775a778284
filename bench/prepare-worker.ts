// Generates the benchmark pages and prepares their content (Markdown rendering, sanitizing, search
// text) on a worker thread, so the seeder's main thread only writes: the two overlap on two cores.
// Sends batches of SeedPage; at most two batches wait unacknowledged, so memory stays bounded.
import { parentPort, workerData } from 'node:worker_threads';
import { generatePages } from './corpus';
import { preparePage, seedContentId, type SeedPage } from './seed';

export interface PrepareJob {
  count: number;
  batchSize: number;
  /** Time of the first page (ms); each next page is a minute later, so "newest first" has a real order. */
  firstPageTime: number;
}

const MAX_UNACKNOWLEDGED = 2;

async function main(port: NonNullable<typeof parentPort>, job: PrepareJob): Promise<void> {
  let unacknowledged = 0;
  let wake: (() => void) | null = null;
  port.on('message', () => {
    unacknowledged--;
    wake?.();
  });
  let batch: SeedPage[] = [];
  let index = 0;
  for (const page of generatePages(job.count)) {
    batch.push(preparePage(page, seedContentId(index), new Date(job.firstPageTime + index * 60_000).toISOString()));
    index++;
    if (batch.length === job.batchSize || index === job.count) {
      while (unacknowledged >= MAX_UNACKNOWLEDGED) await new Promise<void>((resolve) => (wake = resolve));
      port.postMessage(batch);
      unacknowledged++;
      batch = [];
    }
  }
  port.close();
}

void main(parentPort!, workerData as PrepareJob);
