// Keeps the search index in step with the pages' search text (page_texts stays the truth).
// A write only records that a page's text changed (search_pending, with the text the postings
// still hold); search checks those few pages against their text directly. Once a base has
// `mergeThreshold` pending pages, the write that reaches it folds them into the postings in the
// same transaction: the keys of the old text leave, the keys of the new text come in. So a write
// costs one small row, and the posting chunks of recent pages are rewritten once per batch.
import { CHUNK_BITS, type SeqSet, offsetIn, updateChunk } from './bitset.ts';
import type { SqliteConnection } from './connection.ts';
import { FIELD_ANY, FIELD_TITLE, inField, textKeys, wordKey, type TextKeys } from './search-keys.ts';

export const DEFAULT_MERGE_THRESHOLD = 128;

interface PendingRow {
  seq: number;
  old_title: string | null;
  old_body: string | null;
  search_title: string;
  search_body: string;
}

interface KeyChange {
  add: number[];
  remove: number[];
}

/** Words to ids, adding the new ones to the vocabulary and its trigram index. */
class Vocabulary {
  private readonly sql: SqliteConnection;
  private readonly ids = new Map<string, number>();

  constructor(sql: SqliteConnection) {
    this.sql = sql;
  }

  id(word: string): number {
    let id = this.ids.get(word);
    if (id !== undefined) return id;
    id = this.sql.get<{ word_id: number }>('SELECT word_id FROM search_words WHERE word = ?', word)?.word_id;
    if (id === undefined) {
      id = this.sql.get<{ word_id: number }>('INSERT INTO search_words (word) VALUES (?) RETURNING word_id', word)!.word_id;
      this.sql.run('INSERT INTO search_words_trigrams (rowid, word) VALUES (?, ?)', id, word);
    }
    this.ids.set(word, id);
    return id;
  }
}

/** The stored keys of a page's title and body: every key for "any", the title's also for "title". */
function pageKeys(title: string, body: string, vocabulary: Vocabulary): Set<number> {
  const keys = new Set<number>();
  const add = (text: TextKeys, fields: readonly (0 | 1)[]) => {
    for (const gram of text.grams) for (const field of fields) keys.add(inField(gram, field));
    for (const word of text.words) {
      const key = wordKey(vocabulary.id(word));
      for (const field of fields) keys.add(inField(key, field));
    }
  };
  add(textKeys(title), [FIELD_ANY, FIELD_TITLE]);
  add(textKeys(body), [FIELD_ANY]);
  return keys;
}

export class SearchIndex {
  private readonly sql: SqliteConnection;
  private readonly mergeThreshold: number;

  constructor(sql: SqliteConnection, mergeThreshold = DEFAULT_MERGE_THRESHOLD) {
    this.sql = sql;
    this.mergeThreshold = mergeThreshold;
  }

  /** A new page: nothing of it is indexed yet. */
  pageAdded(baseId: string, seq: number): void {
    this.sql.run('INSERT OR IGNORE INTO search_pending (base_id, seq) VALUES (?, ?)', baseId, seq);
    this.mergeWhenDue(baseId);
  }

  /** A page's search text is about to change; `old` is its text before the change. */
  textChanging(baseId: string, seq: number, old: { title: string; body: string }): void {
    // A page already pending keeps the older text: that is the one the postings hold.
    this.sql.run(
      'INSERT OR IGNORE INTO search_pending (base_id, seq, old_title, old_body) VALUES (?, ?, ?, ?)',
      baseId, seq, old.title, old.body,
    );
  }

  /** Call after the page's new text is stored. */
  textChanged(baseId: string): void {
    this.mergeWhenDue(baseId);
  }

  private mergeWhenDue(baseId: string): void {
    const { n } = this.sql.get<{ n: number }>(
      'SELECT count(*) AS n FROM (SELECT 1 FROM search_pending WHERE base_id = ? LIMIT ?)', baseId, this.mergeThreshold,
    )!;
    if (n >= this.mergeThreshold) this.merge(baseId);
  }

  /** The pending seqs of a base. */
  pendingSet(baseId: string, into: SeqSet): SeqSet {
    for (const { seq } of this.sql.all<{ seq: number }>('SELECT seq FROM search_pending WHERE base_id = ?', baseId)) {
      into.add(seq);
    }
    return into;
  }

  /** Folds every pending page of the base into the postings, one chunk of seqs at a time. */
  merge(baseId: string): void {
    const vocabulary = new Vocabulary(this.sql);
    const chunks = this.sql.all<{ chunk: number }>(
      `SELECT DISTINCT seq >> ${CHUNK_BITS} AS chunk FROM search_pending WHERE base_id = ? ORDER BY 1`, baseId,
    );
    for (const { chunk } of chunks) this.mergeChunk(baseId, chunk, vocabulary);
  }

  private mergeChunk(baseId: string, chunk: number, vocabulary: Vocabulary): void {
    const changes = new Map<number, KeyChange>();
    const change = (key: number) => {
      let entry = changes.get(key);
      if (!entry) changes.set(key, (entry = { add: [], remove: [] }));
      return entry;
    };
    const rows = this.sql.all<PendingRow>(
      `SELECT p.seq, p.old_title, p.old_body, t.search_title, t.search_body
       FROM search_pending p JOIN page_texts t ON t.base_id = p.base_id AND t.seq = p.seq
       WHERE p.base_id = ? AND p.seq >= ? AND p.seq < ?`,
      baseId, chunk << CHUNK_BITS, (chunk + 1) << CHUNK_BITS,
    );
    for (const row of rows) {
      const offset = offsetIn(row.seq);
      const now = pageKeys(row.search_title, row.search_body, vocabulary);
      const before = row.old_title === null ? new Set<number>() : pageKeys(row.old_title, row.old_body ?? '', vocabulary);
      for (const key of now) if (!before.has(key)) change(key).add.push(offset);
      for (const key of before) if (!now.has(key)) change(key).remove.push(offset);
    }
    for (const key of [...changes.keys()].sort((a, b) => a - b)) {
      const { add, remove } = changes.get(key)!;
      const stored = this.sql.get<{ bits: Uint8Array }>(
        'SELECT bits FROM search_postings WHERE base_id = ? AND chunk = ? AND key = ?', baseId, chunk, key,
      )?.bits;
      const bits = updateChunk(stored, add, remove);
      if (bits) {
        this.sql.run('INSERT OR REPLACE INTO search_postings (base_id, chunk, key, bits) VALUES (?, ?, ?, ?)', baseId, chunk, key, bits);
      } else if (stored) {
        this.sql.run('DELETE FROM search_postings WHERE base_id = ? AND chunk = ? AND key = ?', baseId, chunk, key);
      }
    }
    this.sql.run(
      'DELETE FROM search_pending WHERE base_id = ? AND seq >= ? AND seq < ?', baseId, chunk << CHUNK_BITS, (chunk + 1) << CHUNK_BITS,
    );
  }
}

/** Indexes every page of every base from scratch (after a schema change). */
export function rebuildSearchIndex(sql: SqliteConnection): void {
  sql.run('DELETE FROM search_postings');
  sql.run('DELETE FROM search_pending');
  sql.run('INSERT INTO search_pending (base_id, seq) SELECT base_id, seq FROM page_texts');
  const index = new SearchIndex(sql);
  for (const { base_id } of sql.all<{ base_id: string }>('SELECT DISTINCT base_id FROM search_pending')) index.merge(base_id);
}
