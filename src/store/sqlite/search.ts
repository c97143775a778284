// Search on SQLite, answered from indexes for every term length; page_texts stays the truth.
//
// What each structure serves:
// - search_postings (base, chunk, key) -> set of seqs in that chunk of 4096 seqs, as a list or a
//   bitmap (bitset.ts). Keys (search-keys.ts) are, for "any" (title or body) and for "title":
//     * every character and pair of characters: a 1- or 2-character term is one exact lookup;
//     * every word (a run of letters/digits, hiragana, katakana or kanji): a longer term of one
//       class is exactly the union of the words that contain it.
//   The sets are combined as bitmaps, so counting 75,000 hits costs the same as counting 10.
// - search_words + search_words_trigrams (FTS5 trigram over the vocabulary, not the pages):
//   the words containing a term of 3 or more characters.
// - search_pending: pages whose text changed since the postings were last merged
//   (search-index.ts); they are left out of the posting sets and checked against their text,
//   which the process keeps by pending_id (search-pending.ts).
// - page_texts: the check of terms the keys cannot decide (punctuation, mixed classes such as
//   "api設定"): the pages holding all of the term's character pairs are checked with instr().
// - live_blocks (order.ts): which seqs are live pages, and the dense order of the results.
// - pages_by_recency (base, status, updated_at DESC, seq): the rank order (search-rank.ts).
import type { Paging } from '../../domain/types.ts';
import { SeqSet, chunkCount } from './bitset.ts';
import type { SqliteConnection } from './connection.ts';
import type { LiveBlocks } from './order.ts';
import type { SearchIndex } from './search-index.ts';
import { FIELD_ANY, FIELD_TITLE, inField, planTerm, wordKey, type Field } from './search-keys.ts';
import { PendingTexts } from './search-pending.ts';
import { SearchRanking } from './search-rank.ts';

export interface SearchResult {
  total: number;
  /** The seqs of the requested page of results, in rank order. */
  seqs: number[];
  /** The dense display order of each of those seqs. */
  orders: Map<number, number>;
}

interface Matches {
  hits: SeqSet;
  titleHits: SeqSet;
}

export class SqliteSearch {
  private readonly sql: SqliteConnection;
  private readonly index: SearchIndex;
  private readonly live: LiveBlocks;
  private readonly ranking: SearchRanking;
  private readonly pendingTexts: PendingTexts;

  constructor(sql: SqliteConnection, index: SearchIndex, live: LiveBlocks) {
    this.sql = sql;
    this.index = index;
    this.live = live;
    this.ranking = new SearchRanking(sql);
    this.pendingTexts = new PendingTexts(sql);
  }

  search(baseId: string, terms: readonly string[], paging: Paging): SearchResult {
    const size = this.sql.get<{ next_seq: number }>('SELECT next_seq FROM bases WHERE base_id = ?', baseId)?.next_seq ?? 0;
    const live = this.live.liveSet(baseId, size);
    const pending = this.index.pending(baseId);
    const indexed = live.clone();
    for (const [, seq] of pending) indexed.delete(seq);
    const unique = [...new Set(terms)];
    const { hits, titleHits } = this.indexedMatches(baseId, unique, indexed, size);
    if (pending.length > 0) this.pendingTexts.check(pending, live, unique, hits, titleHits);
    const rest = hits.clone().andNot(titleHits);
    const seqs = this.ranking.page(baseId, [titleHits, rest], paging, live.count());
    return { total: hits.count(), seqs, orders: live.ranks(seqs) };
  }

  /** Matches among the pages the postings hold (`indexed`). */
  private indexedMatches(baseId: string, terms: readonly string[], indexed: SeqSet, size: number): Matches {
    const hits = indexed;
    const titleHits = new SeqSet(size);
    const unsure: string[] = [];
    const plans = terms.map((term) => ({ term, plan: planTerm(term) }));
    // Exact terms first: they narrow the pages the others must be checked on.
    plans.sort((a, b) => Number(a.plan.kind === 'check') - Number(b.plan.kind === 'check'));
    for (const { term, plan } of plans) {
      if (hits.isEmpty()) break;
      if (plan.kind === 'check') {
        for (const key of plan.keys) hits.and(this.postings(baseId, [key], FIELD_ANY, size));
        unsure.push(term);
        continue;
      }
      const keys = plan.kind === 'gram' ? [plan.key] : this.wordKeys(term);
      hits.and(this.postings(baseId, keys, FIELD_ANY, size));
      titleHits.or(this.postings(baseId, keys, FIELD_TITLE, size));
    }
    titleHits.and(hits);
    if (unsure.length > 0 && !hits.isEmpty()) {
      const candidates = hits.toArray();
      hits.words.fill(0);
      this.check(baseId, candidates, unsure, hits, titleHits);
      titleHits.and(hits);
    }
    return { hits, titleHits };
  }

  /** Keys of the words that contain the term (3 or more characters). */
  private wordKeys(term: string): number[] {
    return this.sql.all<{ id: number }>(
      'SELECT rowid AS id FROM search_words_trigrams WHERE search_words_trigrams MATCH ?',
      `"${term.replaceAll('"', '""')}"`,
    ).map((row) => wordKey(row.id));
  }

  /** The seqs whose postings hold any of the keys in the field. */
  private postings(baseId: string, keys: readonly number[], field: Field, size: number): SeqSet {
    const set = new SeqSet(size);
    if (keys.length === 0) return set;
    const chunks = Array.from({ length: chunkCount(size) }, (_, i) => i);
    for (const row of this.sql.all<{ chunk: number; bits: Uint8Array }>(
      `SELECT chunk, bits FROM search_postings
       WHERE base_id = ? AND chunk IN (SELECT value FROM json_each(?)) AND key IN (SELECT value FROM json_each(?))`,
      baseId, JSON.stringify(chunks), JSON.stringify(keys.map((key) => inField(key, field))),
    )) set.orBlob(row.chunk, row.bits);
    return set;
  }

  /** Checks the terms against the stored text of each seq; adds those holding all to `hits`. */
  private check(baseId: string, seqs: readonly number[], terms: readonly string[], hits: SeqSet, titleHits: SeqSet): void {
    // Per term: 2 in the title, 1 in the body only, 0 absent.
    const columns = terms.map((_, i) => `CASE WHEN instr(search_title, ?) > 0 THEN 2 WHEN instr(search_body, ?) > 0 THEN 1 ELSE 0 END AS m${i}`);
    const rows = this.sql.all<Record<string, number>>(
      `SELECT seq, ${columns.join(', ')} FROM page_texts WHERE base_id = ? AND seq IN (SELECT value FROM json_each(?))`,
      ...terms.flatMap((term) => [term, term]), baseId, JSON.stringify(seqs),
    );
    for (const row of rows) {
      const found = terms.map((_, i) => row[`m${i}`]);
      if (found.some((m) => m === 0)) continue;
      hits.add(row.seq);
      if (found.some((m) => m === 2)) titleHits.add(row.seq);
    }
  }
}
