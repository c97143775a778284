// The SQL of search: posting chunks, pending pages, the words of a base, and the reads of pages'
// texts that check results, joined to the pending pages where one statement saves a round trip
// (the pages module builds those joins: page-joins.query.ts). Every method takes the EntityManager
// of the caller's read or transaction; what differs between the dialects comes from search.dialect.ts.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { concatSql, dialectOf, inList } from '../database/dialect';
import { readTogether, type SqlRead } from '../database/read-together';
import { joinSql, sql } from '../database/sql';
import { query, runLater } from '../database/statement-pipeline';
import { joinPage, joinPageTexts, PAGE_TEXTS, PAGES, pageByContentId } from '../pages/page-joins.query';
import type { SearchTexts } from '../pages/search-index.port';
import type { AccessCheck } from '../auth/access';
import { accessCheckSql, accessHoldsOf } from '../auth/access-check.query';
import { BASE_CHANGES_COLUMNS, BASE_ROW, baseChangesOf, type BaseChanges } from '../bases/base-row.query';
import { FIRST_WORD_PAIR_KEY } from './search-keys';
import type { Dialect } from '../database/data-source';
import { addPendingAsStoredSql, addPendingCreatedSql, addPendingWithoutTextsSql, containsSql, insertWords, lockMergesSql, lockPendingSql, movePostingsVersionSql, upsertPostings } from './search.dialect';

export interface PostingRow {
  skey: number;
  chunk: number;
  bits: Buffer;
}

export interface PendingTextRow {
  pageId: number;
  /** The text the postings hold; null when they hold nothing of the page. */
  old: SearchTexts | null;
  /** The current text; null when the page is no longer live. */
  now: SearchTexts | null;
  /** A page no longer live whose stored texts are still `old`, exactly (false for a live page). */
  oldIsStored: boolean;
}

/** What the postings may hold of a soft-deleted page (SearchRepository.purgedPageTexts). */
export interface PurgedPageTexts {
  /** Whether the page has a pending row; its `old` texts are then what the postings hold (null: nothing). */
  pending: boolean;
  old: SearchTexts | null;
  /** The page's stored texts (null when it has none). */
  stored: SearchTexts | null;
}

/** Where a term occurs in a page (TermMatches.found): in the title, in the body only; 0 = absent. */
export const IN_TITLE = 2;
export const IN_BODY = 1;

/** Per page, per term: IN_TITLE, IN_BODY or 0. */
export interface TermMatches {
  pageId: number;
  live: boolean;
  found: number[];
}

/** A pending page with its texts, which are null when it is no longer live or the read was told they are kept at its change_no. */
export interface PendingText {
  pageId: number;
  live: boolean;
  changeNo: number;
  title: string | null;
  body: string | null;
}

export interface WordRow {
  wordNo: number;
  word: string;
}

/** What a search reads of its base's state after the postings (SearchRepository.searchStateRead). */
export interface StateWanted {
  version?: boolean;
  lastWord?: boolean;
  base?: boolean;
  accessCheck?: AccessCheck;
}

/** The parts of a base's state a read asked for. */
export interface SearchState {
  version?: number;
  lastWord?: number;
  base?: BaseChanges;
  /** What the access check said: false also when there is no such base. */
  accessHolds?: boolean;
}

/** Rows per multi-row INSERT and ids per IN list: well inside every packet and variable limit. */
const BATCH = 500;

const batches = <T>(items: readonly T[], size = BATCH): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** One column per term telling where it occurs; its parameters come first in the statement. */
function matchColumns(dialect: Dialect, terms: readonly string[]): [string, string[]] {
  const [title, body] = [containsSql(dialect, 't.search_title'), containsSql(dialect, 't.search_body')];
  const columns = terms.map((_, i) => `CASE WHEN ${title} THEN ${IN_TITLE} WHEN ${body} THEN ${IN_BODY} ELSE 0 END AS m${i}`);
  return [columns.join(', '), terms.flatMap((term) => [term, term])];
}

const matchesOf = (row: Record<string, unknown>, terms: readonly string[]): number[] => terms.map((_, i) => Number(row[`m${i}`]));

/** Rows per posting upsert: the largest of the sizes powerOfTwoBatches cuts. */
const POSTING_BATCH = 256;

/**
 * Parts of POSTING_BATCH items or fewer, each a power of two (530: 256, 256, 16, 2), so that
 * upserts of any number of rows take at most nine statement texts, each prepared once and kept.
 */
export function powerOfTwoBatches<T>(items: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let start = 0, size = POSTING_BATCH; start < items.length; size >>= 1) {
    while (items.length - start >= size) parts.push(items.slice(start, (start += size)));
  }
  return parts;
}

@Injectable()
export class SearchRepository {
  // ---- posting chunks ----

  /** The posting chunks of `keys`. */
  postingsRead(dialect: Dialect, baseId: string, keys: readonly number[]): SqlRead<PostingRow[]> {
    return {
      statements: batches([...new Set(keys)]).map((part) => {
        const list = inList(dialect, part);
        return { sql: sql`SELECT skey, chunk, bits FROM search_postings WHERE base_id = ? AND skey ${list.sql}`, params: [baseId, ...list.params] };
      }),
      answer: (parts) => parts.flat().map((row) => ({ skey: Number(row.skey), chunk: Number(row.chunk), bits: row.bits as Buffer })),
    };
  }

  /** The stored chunks of `keys` in one chunk. */
  async chunkPostings(tx: EntityManager, baseId: string, chunk: number, keys: readonly number[]): Promise<Map<number, Buffer>> {
    const stored = new Map<number, Buffer>();
    for (const part of batches(keys)) {
      const list = inList(dialectOf(tx), part);
      const rows: { skey: number; bits: Buffer }[] = await tx.query(
        `SELECT skey, bits FROM search_postings WHERE base_id = ? AND chunk = ? AND skey ${list.sql}`, [baseId, chunk, ...list.params]);
      for (const row of rows) stored.set(Number(row.skey), row.bits);
    }
    return stored;
  }

  async writePostings(tx: EntityManager, baseId: string, rows: readonly PostingRow[]): Promise<void> {
    for (const part of powerOfTwoBatches(rows)) {
      const { sql: statement, params } = upsertPostings(dialectOf(tx), baseId, part);
      await tx.query(statement.text, params);
    }
  }

  async deletePostings(tx: EntityManager, baseId: string, chunk: number, keys: readonly number[]): Promise<void> {
    for (const part of batches(keys)) {
      const list = inList(dialectOf(tx), part);
      await tx.query(`DELETE FROM search_postings WHERE base_id = ? AND chunk = ? AND skey ${list.sql}`, [baseId, chunk, ...list.params]);
    }
  }

  // ---- pending pages ----

  /** Records as pending, with no old texts, the page just appended as `contentId` (if it was). */
  async addPendingCreated(tx: EntityManager, baseId: string, contentId: string): Promise<void> {
    const page = pageByContentId(baseId, contentId);
    await runLater(tx, addPendingCreatedSql(dialectOf(tx), page), page.params);
  }

  /** Records a page as pending with no old texts, as if the postings held nothing of it (unless it is pending already). */
  async addPendingWithoutTexts(tx: EntityManager, baseId: string, pageId: number): Promise<void> {
    await runLater(tx, addPendingWithoutTextsSql(dialectOf(tx)), [baseId, pageId]);
  }

  /** Records a page as pending with its stored texts as the old ones (unless it is pending already). */
  async addPendingAsStored(tx: EntityManager, baseId: string, pageId: number): Promise<void> {
    await runLater(tx, addPendingAsStoredSql(dialectOf(tx)), [baseId, pageId]);
  }

  /** How many pages of the base are pending, counting no further than `upTo`. */
  async countPending(tx: EntityManager, baseId: string, upTo: number): Promise<number> {
    const rows: { n: number }[] = await tx.query(
      'SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM search_pending WHERE base_id = ? LIMIT ?) AS head', [baseId, upTo]);
    return Number(rows[0].n);
  }

  /** The bases with `atLeast` pending pages or more. */
  async basesWithPending(em: EntityManager, atLeast: number): Promise<string[]> {
    const rows: { base_id: string }[] = await em.query('SELECT base_id FROM search_pending GROUP BY base_id HAVING COUNT(*) >= ?', [atLeast]);
    return rows.map((row) => row.base_id);
  }

  /** Takes the base's merge lock: one merge of its index at a time, beside the page writes. */
  async lockMerges(tx: EntityManager, baseId: string): Promise<void> {
    await query(tx, lockMergesSql(dialectOf(tx)), [baseId]);
  }

  /** Moves the base's postings version on: every commit that changes its postings does (KeptPostings). Nothing reads its answer, so it goes with the write's next statement. */
  async movePostingsVersion(tx: EntityManager, baseId: string): Promise<void> {
    await runLater(tx, movePostingsVersionSql(dialectOf(tx)), [baseId]);
  }

  /** The base's postings version: 0 until its postings first change after the index was made. */
  postingsVersionRead(baseId: string): SqlRead<number> {
    const read = this.searchStateRead(baseId, { version: true });
    return { statements: read.statements, answer: (rows) => read.answer(rows).version! };
  }

  /**
   * What the postings just read stand for, and what the search needs of its base's row, in one
   * statement: the base's postings version (0 until its postings first change) and its last word
   * number (-1 without words); its changes and live pages (`base`, undefined when there is no such
   * base); whether a kept access still holds. Each only when asked for. One statement because a
   * statement costs the server more than the key lookups inside it: joined, they cost about what the
   * token's lookup alone does.
   */
  searchStateRead(baseId: string, wanted: StateWanted): SqlRead<SearchState> {
    const { version, lastWord, accessCheck } = wanted;
    const base = wanted.base || accessCheck !== undefined;
    const [checkColumn, checkJoins, checkParameters] = accessCheckSql(accessCheck);
    const columns = [
      ...(version ? [sql`m.postings_version`] : []),
      ...(lastWord ? [sql`(SELECT MAX(word_no) FROM search_words WHERE base_id = b.base_id) AS last_word`] : []),
      ...(base ? [BASE_CHANGES_COLUMNS] : []),
    ];
    if (columns.length === 0) return { statements: [], answer: () => ({}) };
    const merges = version ? sql` LEFT JOIN search_merges m ON m.base_id = b.base_id` : sql``;
    const statement = sql`SELECT ${joinSql(columns)}${checkColumn} FROM ${BASE_ROW}${merges}${checkJoins} WHERE b.base_id = ?`;
    return {
      statements: [{ sql: statement, params: [...checkParameters, baseId] }],
      answer: ([rows]) => {
        const row = rows[0];
        return {
          version: version ? Number(row?.postings_version ?? 0) : undefined,
          lastWord: lastWord ? Number(row?.last_word ?? -1) : undefined,
          base: base && row ? baseChangesOf(row) : undefined,
          accessHolds: accessCheck && (row ? accessHoldsOf(row, accessCheck) : false),
        };
      },
    };
  }

  /**
   * The page ids of pending pages, ascending, each locked until the transaction ends: a write that
   * records one of them again waits, and reads the text the merge folds in as the postings' text.
   */
  async lockPendingIds(tx: EntityManager, baseId: string): Promise<number[]> {
    const rows: { page_id: number }[] = await tx.query(lockPendingSql(dialectOf(tx)), [baseId]);
    return rows.map((row) => Number(row.page_id));
  }

  /**
   * Old and current texts of the pending pages with ids from `from` to `to` (exclusive); a deleted
   * page's current text is not read, only compared with its old one in the database (the lengths
   * too: MySQL/MariaDB's binary collation pads with spaces when it compares).
   */
  async pendingTexts(tx: EntityManager, baseId: string, from: number, to: number): Promise<PendingTextRow[]> {
    const rows: Record<string, string | number | null>[] = await tx.query(
      `SELECT s.page_id, s.old_title, s.old_body, p.status,
         CASE WHEN p.status = 'A' THEN t.search_title END AS search_title, CASE WHEN p.status = 'A' THEN t.search_body END AS search_body,
         CASE WHEN p.status <> 'A' AND s.old_title = t.search_title AND COALESCE(s.old_body, '') = t.search_body
           AND LENGTH(s.old_title) = LENGTH(t.search_title) AND LENGTH(COALESCE(s.old_body, '')) = LENGTH(t.search_body) THEN 1 ELSE 0 END AS old_is_stored
       FROM search_pending s ${joinPage(sql`s.page_id`)} ${joinPageTexts(sql`s.page_id`)}
       WHERE s.base_id = ? AND s.page_id >= ? AND s.page_id < ? ORDER BY s.page_id`, [baseId, from, to]);
    return rows.map((row) => ({
      pageId: Number(row.page_id),
      old: row.old_title === null ? null : { searchTitle: String(row.old_title), searchBody: String(row.old_body ?? '') },
      now: row.status === 'A' ? { searchTitle: String(row.search_title), searchBody: String(row.search_body) } : null,
      oldIsStored: Number(row.old_is_stored) === 1,
    }));
  }

  /** A soft-deleted page's pending row, if any, and its stored texts, in one statement (call under the base's merge lock). */
  async purgedPageTexts(tx: EntityManager, baseId: string, pageId: number): Promise<PurgedPageTexts> {
    const rows: Record<string, string | number | null>[] = await tx.query(
      `SELECT s.page_id AS pending_id, s.old_title, s.old_body, t.search_title, t.search_body
       FROM (SELECT ? AS page_id) x ${joinPageTexts(sql`x.page_id`, 'LEFT JOIN')}
       LEFT JOIN search_pending s ON s.base_id = ? AND s.page_id = x.page_id`, [pageId, baseId]);
    const row = rows[0];
    return {
      pending: row.pending_id !== null,
      old: row.old_title === null ? null : { searchTitle: String(row.old_title), searchBody: String(row.old_body ?? '') },
      stored: row.search_title === null ? null : { searchTitle: String(row.search_title), searchBody: String(row.search_body) },
    };
  }

  async deletePending(tx: EntityManager, baseId: string, pageIds: readonly number[]): Promise<void> {
    for (const part of batches(pageIds)) {
      const list = inList(dialectOf(tx), part);
      await tx.query(`DELETE FROM search_pending WHERE base_id = ? AND page_id ${list.sql}`, [baseId, ...list.params]);
    }
  }

  /**
   * The base's pending pages with their texts, except those of pages no longer live and of pages
   * `kept` names at their current change_no (KeptPendingTexts).
   */
  pendingTextsRead(dialect: Dialect, baseId: string, kept: ReadonlyMap<number, number>): SqlRead<PendingText[]> {
    // Texts are joined only for live pages not kept at their change_no; a page no longer live
    // matches nothing. The kept pages are looked up in a list (inList), not compared one by one in
    // a CASE, whose cost grows with the square of the pending pages.
    const keptKeys = [...kept].map(([pageId, changeNo]) => `${pageId}:${changeNo}`);
    const list = keptKeys.length === 0 ? null : inList(dialect, keptKeys);
    const keyOfRow = concatSql(dialect, [sql`s.page_id`, sql`':'`, sql`p.change_no`]);
    const notKept = list ? { sql: sql` AND ${keyOfRow} NOT ${list.sql}`, params: list.params } : { sql: sql``, params: [] };
    return {
      statements: [{
        sql: sql`SELECT s.page_id, p.status, p.change_no, t.search_title, t.search_body
          FROM search_pending s ${joinPage(sql`s.page_id`)}
          ${joinPageTexts(sql`s.page_id`, 'LEFT JOIN', sql` AND p.status = 'A'${notKept.sql}`)}
          WHERE s.base_id = ?`,
        params: [...notKept.params, baseId],
      }],
      answer: ([rows]) => rows.map((row) => ({
        pageId: Number(row.page_id), live: row.status === 'A', changeNo: Number(row.change_no),
        title: row.search_title === null ? null : String(row.search_title), body: row.search_body === null ? null : String(row.search_body),
      })),
    };
  }

  /** Where each term occurs in each of the given live pages. */
  async termMatches(em: EntityManager, baseId: string, pageIds: readonly number[], terms: readonly string[]): Promise<TermMatches[]> {
    const [columns, params] = matchColumns(dialectOf(em), terms);
    const out: TermMatches[] = [];
    for (const part of batches(pageIds)) {
      const list = inList(dialectOf(em), part);
      // Base and status are tested here, not in SQL, so that both planners probe the ids.
      const rows: Record<string, unknown>[] = await em.query(
        `SELECT t.page_id, p.base_id, p.status, ${columns} FROM ${PAGE_TEXTS} ${joinPage(sql`t.page_id`)}
         WHERE t.page_id ${list.sql}`, [...params, ...list.params]);
      for (const row of rows) {
        if (row.base_id === baseId) out.push({ pageId: Number(row.page_id), live: row.status === 'A', found: matchesOf(row, terms) });
      }
    }
    return out;
  }

  // ---- words ----

  async wordsByHash(tx: EntityManager, baseId: string, hashes: readonly number[]): Promise<(WordRow & { hash: number })[]> {
    const out: (WordRow & { hash: number })[] = [];
    for (const part of batches([...new Set(hashes)])) {
      const list = inList(dialectOf(tx), part);
      const rows: { word_no: number; word_hash: number; word: string }[] = await tx.query(
        `SELECT word_no, word_hash, word FROM search_words WHERE base_id = ? AND word_hash ${list.sql}`, [baseId, ...list.params]);
      for (const row of rows) out.push({ wordNo: Number(row.word_no), hash: Number(row.word_hash), word: row.word });
    }
    return out;
  }

  wordsByNoRead(dialect: Dialect, baseId: string, wordNos: readonly number[]): SqlRead<WordRow[]> {
    return {
      statements: batches(wordNos).map((part) => {
        const list = inList(dialect, part);
        return { sql: sql`SELECT word_no, word FROM search_words WHERE base_id = ? AND word_no ${list.sql}`, params: [baseId, ...list.params] };
      }),
      answer: (parts) => parts.flat().map((row) => ({ wordNo: Number(row.word_no), word: String(row.word) })),
    };
  }

  /** The next free word number of the base (call under the base's merge lock). */
  async nextWordNo(tx: EntityManager, baseId: string): Promise<number> {
    const [last] = await readTogether<[number]>(tx, this.lastWordRead(baseId));
    return last + 1;
  }

  /** The base's last word number, -1 when it has none: words only being added, it tells its vocabulary (KeptWords). */
  lastWordRead(baseId: string): SqlRead<number> {
    const read = this.searchStateRead(baseId, { lastWord: true });
    return { statements: read.statements, answer: (rows) => read.answer(rows).lastWord! };
  }

  async insertWords(tx: EntityManager, baseId: string, words: readonly (WordRow & { hash: number })[]): Promise<void> {
    for (const part of batches(words)) {
      const { sql: statement, params } = insertWords(dialectOf(tx), baseId, part);
      await tx.query(statement.text, params);
    }
  }

  // ---- whole base ----

  /** Removes the base's page postings and pending pages; its words and their pair postings stay. */
  async clearPagePostings(tx: EntityManager, baseId: string): Promise<void> {
    await tx.query('DELETE FROM search_postings WHERE base_id = ? AND skey < ?', [baseId, FIRST_WORD_PAIR_KEY]);
    await tx.query('DELETE FROM search_pending WHERE base_id = ?', [baseId]);
  }

  /** Up to `limit` live pages with ids from `after` (exclusive) on, ascending, with their search texts. */
  async liveTexts(tx: EntityManager, baseId: string, after: number, limit: number): Promise<({ pageId: number } & SearchTexts)[]> {
    const rows: { page_id: number; search_title: string; search_body: string }[] = await tx.query(
      `SELECT p.page_id, t.search_title, t.search_body FROM ${PAGES} ${joinPageTexts(sql`p.page_id`)}
       WHERE p.base_id = ? AND p.status = 'A' AND p.page_id > ? ORDER BY p.page_id LIMIT ?`, [baseId, after, limit]);
    return rows.map((row) => ({ pageId: Number(row.page_id), searchTitle: row.search_title, searchBody: row.search_body }));
  }
}
