// Keeps the search index in step with the pages' search texts (page_texts stays the truth).
// A write only records that a page's text changed (search_pending, with the text the postings
// still hold); a search checks those few pages against their text directly. Once a base has
// `mergeThreshold` pending pages, a write that finds as many folds them into the postings after it
// has committed: the keys of the old text leave, the keys of the new text come in. So a write
// costs one small row, and posting chunks are rewritten once per batch of writes.
//
// A merge takes the base's merge lock, not the base's lock, so page writes go on beside it: it
// locks the pending rows it folds in, and a write that records one of those pages again waits
// for it (the write read the text the merge folds in, and records that as the postings' text).
// Pages that become pending meanwhile are left for the next merge.
//
// A deleted page only leaves ALL_KEY, which every indexed page holds and every search intersects
// its hits with: the rest of its postings stay, unread, as page ids are never live again. So a
// delete's merge rewrites one chunk row instead of every key of the page's text. That holds when
// the page's stored texts are the ones its postings hold; when they are not (a page edited, then
// deleted before a merge), every key of the old texts leaves. So a merged delete leaves the
// postings holding nothing of the page, or its stored texts' keys but ALL_KEY: what a delete
// forever (pagePurged) takes out, the stored texts being all it can read of the page.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BoundedCache } from '../cache/bounded-cache';
import type { UnitOfWork } from '../database/unit-of-work';
import { SearchIndex, type IndexedPage } from '../pages/search-index.port';
import { CHUNK_SIZE, chunkOf } from './page-set';
import { keysOfTexts, MIN_WORD_LENGTH, pageKeys, PostingChanges, unchangedWords, type PageTextKeys } from './posting-changes';
import { SearchRepository, type PendingTextRow } from './search.repository';
import { ALL_KEY } from './search-keys';
import { WordNumbers } from './word-numbers';

export const DEFAULT_MERGE_THRESHOLD = 64;
/** How often per threshold's worth of writes a process counts the pending pages (64: every 8th write). */
const CHECKS_PER_THRESHOLD = 8;
/**
 * Bases whose writes since their last count are remembered. A base forgotten counts from nought
 * again, so its next count comes a few writes later: one of thousands of bases written in turn.
 */
const UNCOUNTED_BASES = 4096;

/** Pending pages whose keys are worked out together: bounds the memory of a merge. */
const MERGE_BATCH = 256;
/** Pages read at a time by a rebuild. */
const REBUILD_BATCH = 500;

const NO_KEYS = new Float64Array(0);
const ONLY_ALL = Float64Array.of(ALL_KEY);
const NONE = new Set<string>();

@Injectable()
export class SearchIndexService extends SearchIndex {
  /** How many pending pages of a base make a write merge them. */
  mergeThreshold = DEFAULT_MERGE_THRESHOLD;
  /** Bases this process is merging now. */
  private readonly merging = new Set<string>();
  /** Per base, this process's writes since it last counted the pending pages. */
  private readonly uncounted = new BoundedCache<string, number>({ name: 'uncounted writes', bound: UNCOUNTED_BASES });

  constructor(private readonly repo: SearchRepository) {
    super();
  }

  async pageCreated(tx: EntityManager, baseId: string, contentId: string): Promise<void> {
    await this.repo.addPendingCreated(tx, baseId, contentId);
  }

  async pageTextsChanging(tx: EntityManager, page: IndexedPage): Promise<void> {
    // The texts the postings hold are the stored ones, copied by the database before the write
    // replaces them. A page already pending keeps its row: its old text is the one the postings hold.
    await this.repo.addPendingAsStored(tx, page.baseId, page.pageId);
  }

  async pageDeleted(tx: EntityManager, page: IndexedPage): Promise<void> {
    // The texts the postings hold are the stored ones: copied by the database, not sent back and forth.
    await this.repo.addPendingAsStored(tx, page.baseId, page.pageId);
  }

  async pageRestored(tx: EntityManager, page: IndexedPage): Promise<void> {
    // Pending, a search checks it against its text at once. A row it still has (its delete not
    // merged yet) keeps the texts the postings hold of it. Without one, the merge of its delete took
    // it out of ALL_KEY alone: recorded with no old texts, its next merge adds every key of its text
    // again, ALL_KEY with them (the others it still holds are set again, no harm).
    await this.repo.addPendingWithoutTexts(tx, page.baseId, page.pageId);
  }

  /**
   * Takes a soft-deleted page out of the index for good, under the base's merge lock (a merge
   * reads chunks and writes them back; one running now has finished, its pending rows folded in,
   * before this reads anything). The postings hold the keys of the pending row's old texts (none
   * when null) while the page is pending, else nothing or the keys of its stored texts (a merged
   * delete, above): those keys lose the page id, chunks left empty go, and the pending row goes.
   * The base's words stay, those only this page held included: a word names no page, only the
   * postings over word numbers that find it (a search of it finds no page), and word numbers
   * are never given again (KeptWords relies on that).
   */
  async pagePurged(tx: EntityManager, page: IndexedPage): Promise<void> {
    const { baseId, pageId } = page;
    await this.repo.lockMerges(tx, baseId);
    const found = await this.repo.purgedPageTexts(tx, baseId, pageId);
    const texts = found.pending ? found.old : found.stored;
    if (texts) {
      const keys = keysOfTexts(texts);
      const words = await WordNumbers.open(this.repo, tx, baseId);
      // Every word the postings hold of the page was numbered when its text was indexed; a word never numbered has no key.
      await words.load(tx, numberedWords(keys));
      const changes = new PostingChanges();
      changes.replace(pageId, pageKeys(keys, words.known), NO_KEYS);
      await this.repo.movePostingsVersion(tx, baseId);
      await changes.write(this.repo, tx, baseId);
    }
    if (found.pending) await this.repo.deletePending(tx, baseId, [pageId]);
  }

  /**
   * Counts the base's pending pages once every threshold / CHECKS_PER_THRESHOLD writes of this
   * process (a count is a statement, so a base may hold a few more than the threshold), without a
   * lock: the merge reads them again under its own, as another process may have merged them. A
   * merge of the base already under way in this process stands for this one.
   */
  async mergeWhenDue(db: UnitOfWork, baseId: string): Promise<void> {
    if (this.merging.has(baseId)) return;
    const writes = (this.uncounted.get(baseId) ?? 0) + 1;
    if (writes < Math.floor(this.mergeThreshold / CHECKS_PER_THRESHOLD)) {
      this.uncounted.set(baseId, writes);
      return;
    }
    this.uncounted.delete(baseId);
    if (await this.repo.countPending(db.reader, baseId, this.mergeThreshold) < this.mergeThreshold) return;
    this.merging.add(baseId);
    try {
      await db.write((tx) => this.merge(tx, baseId));
    } finally {
      this.merging.delete(baseId);
    }
  }

  /** Folds every pending page of the base into the postings, one chunk of page ids at a time. */
  async merge(tx: EntityManager, baseId: string): Promise<void> {
    await this.repo.lockMerges(tx, baseId);
    const ids = await this.repo.lockPendingIds(tx, baseId);
    if (ids.length === 0) return;
    await this.repo.movePostingsVersion(tx, baseId);
    const locked = new Set(ids);
    const words = await WordNumbers.open(this.repo, tx, baseId);
    const changes = new PostingChanges();
    for (let i = 0; i < ids.length;) {
      const chunk = chunkOf(ids[i]);
      const chunkEnd = (chunk + 1) * CHUNK_SIZE;
      // Batches of MERGE_BATCH pending pages inside this chunk.
      while (i < ids.length && ids[i] < chunkEnd) {
        const last = ids[Math.min(i + MERGE_BATCH, ids.length) - 1];
        const to = Math.min(last + 1, chunkEnd);
        // Pages that became pending after the lock are not ours to fold in.
        const rows = (await this.repo.pendingTexts(tx, baseId, ids[i], to)).filter((row) => locked.has(row.pageId));
        await this.collect(tx, rows, words, changes);
        while (i < ids.length && ids[i] < to) i++;
      }
      await changes.write(this.repo, tx, baseId);
    }
    await this.repo.deletePending(tx, baseId, ids);
    await words.flush(tx);
  }

  private async collect(tx: EntityManager, rows: readonly PendingTextRow[], words: WordNumbers, changes: PostingChanges): Promise<void> {
    const pages: { pageId: number; old: PageTextKeys | null; now: PageTextKeys; unchanged: Set<string> }[] = [];
    /** Deleted pages whose stored texts are not the ones their postings hold: all their keys leave. */
    const gone: { pageId: number; old: PageTextKeys }[] = [];
    for (const row of rows) {
      if (row.now) {
        const [old, now] = [row.old && keysOfTexts(row.old), keysOfTexts(row.now)];
        pages.push({ pageId: row.pageId, old, now, unchanged: old ? unchangedWords(old, now) : NONE });
      } else if (row.old && row.oldIsStored) {
        changes.replace(row.pageId, ONLY_ALL, NO_KEYS);
      } else if (row.old) {
        gone.push({ pageId: row.pageId, old: keysOfTexts(row.old) });
      }
    }
    const wordsOf = (keys: PageTextKeys | null, unchanged: Set<string>) => (keys ? numberedWords(keys) : []).filter((word) => !unchanged.has(word));
    await words.load(tx, [
      ...pages.flatMap(({ old, now, unchanged }) => [...wordsOf(old, unchanged), ...wordsOf(now, unchanged)]),
      ...gone.flatMap(({ old }) => numberedWords(old)),
    ]);
    for (const { pageId, old } of gone) changes.replace(pageId, pageKeys(old, words.known), NO_KEYS);
    for (const { pageId, old, now, unchanged } of pages) {
      // The old text's words were numbered when it was indexed; the new text may bring new ones.
      const before = old ? pageKeys(old, (word) => (unchanged.has(word) ? undefined : words.known(word))) : NO_KEYS;
      const after = pageKeys(now, (word) => (unchanged.has(word) ? undefined : words.numberOf(word)));
      changes.replace(pageId, before, after);
    }
  }

  /**
   * The bulk path: indexes every live page of the base from scratch, reading texts in page order
   * and writing each chunk's postings once. Gives the same index as the pages' writes one by one.
   * A write to the base of its own (UnitOfWork.writeToBase), so no page write records a pending
   * page that it then clears; nothing when the base is gone.
   */
  async rebuild(db: UnitOfWork, baseId: string): Promise<void> {
    await db.writeToBase(baseId, (tx) => this.reindex(tx, baseId), () => undefined);
  }

  private async reindex(tx: EntityManager, baseId: string): Promise<void> {
    await this.repo.movePostingsVersion(tx, baseId);
    // The base's words stay, with their numbers and pair postings (WordNumbers.open).
    await this.repo.clearPagePostings(tx, baseId);
    const words = await WordNumbers.open(this.repo, tx, baseId);
    const changes = new PostingChanges();
    let chunk = -1;
    for (let after = 0; ;) {
      const rows = await this.repo.liveTexts(tx, baseId, after, REBUILD_BATCH);
      if (rows.length === 0) break;
      const keyed = rows.map((row) => ({ pageId: row.pageId, keys: keysOfTexts(row) }));
      await words.load(tx, keyed.flatMap(({ keys }) => numberedWords(keys)));
      for (const { pageId, keys } of keyed) {
        if (chunkOf(pageId) !== chunk) {
          await changes.write(this.repo, tx, baseId, true);
          chunk = chunkOf(pageId);
        }
        changes.add(pageId, pageKeys(keys, words.numberOf));
      }
      after = rows[rows.length - 1].pageId;
    }
    await changes.write(this.repo, tx, baseId, true);
    await words.flush(tx);
  }
}

/** The words of a text's keys that get numbers (pageKeys): those of MIN_WORD_LENGTH or more. */
const numberedWords = (keys: PageTextKeys): string[] => [...keys.title.words, ...keys.body.words].filter((word) => word.length >= MIN_WORD_LENGTH);
