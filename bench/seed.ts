// Fills a fresh SQLite file with one base, its owner, a write token and N generated pages. Pages go
// in through the store's own bulk path (SqliteStore.bulkInsertPages: the same rows and search
// index as createPage, many pages per transaction), with their content prepared exactly as the
// create use case does; one createPage transaction per page would take minutes at 100,000 pages.
import { issueToken, newContentId } from '../src/auth/tokens.ts';
import { prepareContent, prepareTitle } from '../src/content/prepare.ts';
import { SqliteStore, type BulkPage } from '../src/store/sqlite/sqlite-store.ts';
import type { Store } from '../src/store/store.ts';
import { generatePages, type BenchPage } from './corpus.ts';

export const BENCH_BASE_ID = 'bench-base';
const BATCH = 5000;

export interface SeededBase {
  baseId: string;
  token: string;
  /** Content ids in display order, with their levels. */
  pages: { contentId: string; level: number }[];
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

export async function seed(
  dbPath: string, count: number, onProgress: (done: number) => void = () => {},
): Promise<SeededBase> {
  const store = new SqliteStore(dbPath);
  await store.migrate();
  try {
    const token = await createOwnerToken(store, BENCH_BASE_ID);
    const pages: SeededBase['pages'] = [];
    // One page a minute up to now, oldest first, so "newest first" in search has a real order.
    const start = Date.now() - count * 60_000;
    let batch: BulkPage[] = [];
    const flush = async () => {
      const ids = await store.bulkInsertPages(BENCH_BASE_ID, batch, newContentId);
      ids.forEach((contentId, i) => pages.push({ contentId, level: batch[i].level ?? 0 }));
      batch = [];
      onProgress(pages.length);
    };
    for (const page of generatePages(count)) {
      batch.push(prepared(page, new Date(start + (pages.length + batch.length) * 60_000).toISOString()));
      if (batch.length === BATCH) await flush();
    }
    if (batch.length > 0) await flush();
    return { baseId: BENCH_BASE_ID, token, pages };
  } finally {
    await store.close();
  }
}
