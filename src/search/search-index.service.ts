// Keeps the search index in step with the pages' search texts (page_texts stays the truth).
// A write only records that a page's text changed (search_pending, with the text the postings
// still hold); a search checks those few pages against their text directly. Once a base has
// `mergeThreshold` pending pages, the write that reaches it folds them into the postings after it
// has committed, in a transaction of its own under the base's lock: the keys of the old text leave,
// the keys of the new text come in. So a write costs one small row inside the base's lock, and
// posting chunks are rewritten once per batch of writes. The other methods run inside the caller's
// transaction, after the base's lock (the page writes take it first).
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { lockBase } from '../database/dialect';
import type { UnitOfWork } from '../database/unit-of-work';
import { SearchIndex, type IndexedPage, type SearchTexts } from './search-index';
import { CHUNK_SIZE, chunkOf } from './page-set';
import { keysOfTexts, MIN_WORD_LENGTH, pageKeys, PostingChanges, unchangedWords, type PageTextKeys } from './posting-changes';
import { SearchRepository, type PendingTextRow } from './search.repository';
import { Vocabulary } from './vocabulary';

export const DEFAULT_MERGE_THRESHOLD = 64;

/** Pending pages whose keys are worked out together: bounds the memory of a merge. */
const MERGE_BATCH = 256;
/** Pages read at a time by a rebuild. */
const REBUILD_BATCH = 500;

const NO_KEYS = new Float64Array(0);
const NONE = new Set<string>();

@Injectable()
export class SearchIndexService extends SearchIndex {
  /** How many pending pages of a base make a write merge them. */
  mergeThreshold = DEFAULT_MERGE_THRESHOLD;

  constructor(private readonly repo: SearchRepository) {
    super();
  }

  async pageTextsChanged(tx: EntityManager, page: IndexedPage, _texts: SearchTexts, previous: SearchTexts | null): Promise<void> {
    // A page already pending keeps its row: its old text is the one the postings hold.
    await this.repo.addPending(tx, page.baseId, page.pageId, previous);
  }

  async pageDeleted(tx: EntityManager, page: IndexedPage, texts: SearchTexts): Promise<void> {
    await this.repo.addPending(tx, page.baseId, page.pageId, texts);
  }

  /** Counts without a lock; the merge reads the pending pages again under it (another process may have merged them). */
  async mergeWhenDue(db: UnitOfWork, baseId: string): Promise<void> {
    if (await this.repo.countPending(db.reader, baseId, this.mergeThreshold) < this.mergeThreshold) return;
    await db.write(async (tx) => {
      if (await lockBase(tx, baseId)) await this.merge(tx, baseId);
    });
  }

  /** Folds every pending page of the base into the postings, one chunk of page ids at a time. */
  async merge(tx: EntityManager, baseId: string): Promise<void> {
    const ids = await this.repo.pendingIds(tx, baseId);
    if (ids.length === 0) return;
    const vocabulary = await Vocabulary.open(this.repo, tx, baseId);
    const changes = new PostingChanges();
    for (let i = 0; i < ids.length;) {
      const chunk = chunkOf(ids[i]);
      const chunkEnd = (chunk + 1) * CHUNK_SIZE;
      // Batches of MERGE_BATCH pending pages inside this chunk.
      while (i < ids.length && ids[i] < chunkEnd) {
        const last = ids[Math.min(i + MERGE_BATCH, ids.length) - 1];
        const to = Math.min(last + 1, chunkEnd);
        const rows = await this.repo.pendingTexts(tx, baseId, ids[i], to);
        await this.collect(tx, rows, vocabulary, changes);
        while (i < ids.length && ids[i] < to) i++;
      }
      await changes.write(this.repo, tx, baseId);
      await this.repo.deletePending(tx, baseId, chunk * CHUNK_SIZE, chunkEnd);
    }
    await vocabulary.flush(tx);
  }

  private async collect(tx: EntityManager, rows: readonly PendingTextRow[], vocabulary: Vocabulary, changes: PostingChanges): Promise<void> {
    const pages = rows.map((row) => {
      const old = row.old ? keysOfTexts(row.old) : null;
      const now = row.now ? keysOfTexts(row.now) : null;
      return { pageId: row.pageId, old, now, unchanged: old && now ? unchangedWords(old, now) : NONE };
    });
    const wordsOf = (keys: PageTextKeys | null, unchanged: Set<string>) => (keys ? [...keys.title.words, ...keys.body.words] : [])
      .filter((word) => word.length >= MIN_WORD_LENGTH && !unchanged.has(word));
    await vocabulary.load(tx, pages.flatMap(({ old, now, unchanged }) => [...wordsOf(old, unchanged), ...wordsOf(now, unchanged)]));
    for (const { pageId, old, now, unchanged } of pages) {
      // The old text's words were numbered when it was indexed; the new text may bring new ones.
      const before = old ? pageKeys(old, (word) => (unchanged.has(word) ? undefined : vocabulary.known(word))) : NO_KEYS;
      const after = now ? pageKeys(now, (word) => (unchanged.has(word) ? undefined : vocabulary.numberOf(word))) : NO_KEYS;
      changes.replace(pageId, before, after);
    }
  }

  /**
   * The bulk path: indexes every live page of the base from scratch, reading texts in page order
   * and writing each chunk's postings once. Gives the same index as the pages' writes one by one.
   */
  async rebuild(tx: EntityManager, baseId: string): Promise<void> {
    await lockBase(tx, baseId);
    await this.repo.clearBase(tx, baseId);
    const vocabulary = Vocabulary.empty(this.repo, baseId);
    const changes = new PostingChanges();
    let chunk = -1;
    for (let after = 0; ;) {
      const rows = await this.repo.liveTexts(tx, baseId, after, REBUILD_BATCH);
      if (rows.length === 0) break;
      for (const row of rows) {
        if (chunkOf(row.pageId) !== chunk) {
          await changes.write(this.repo, tx, baseId, true);
          chunk = chunkOf(row.pageId);
        }
        changes.add(row.pageId, pageKeys(keysOfTexts(row), vocabulary.numberOf));
      }
      after = rows[rows.length - 1].pageId;
    }
    await changes.write(this.repo, tx, baseId, true);
    await vocabulary.flush(tx);
  }
}
