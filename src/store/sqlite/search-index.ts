// Keeps the search index in step with the pages' search text (page_texts stays the truth).
// A write only records that a page's text changed (search_pending, with the text the postings
// still hold); search checks those few pages against their text directly. Once a base has
// `mergeThreshold` pending pages, the write that reaches it folds them into the postings in the
// same transaction: the keys of the old text leave, the keys of the new text come in. So a write
// costs one small row, and the posting chunks of recent pages are rewritten once per batch.
import { CHUNK_BITS, offsetIn, updateChunk } from './bitset.ts';
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

/** Pages whose keys are worked out together: bounds the memory of a merge of a whole chunk. */
const KEY_BATCH = 256;

/** Words to ids, adding the new ones to the vocabulary and its trigram index. */
class Vocabulary {
  private readonly sql: SqliteConnection;
  private readonly ids = new Map<string, number>();

  constructor(sql: SqliteConnection) {
    this.sql = sql;
  }

  /** Looks up many words in one query; call before id() for speed. */
  load(words: Iterable<string>): void {
    const missing = [...new Set(words)].filter((word) => !this.ids.has(word));
    if (missing.length === 0) return;
    for (const [word, id] of this.sql.tuples<[string, number]>(
      'SELECT word, word_id FROM search_words WHERE word IN (SELECT value FROM json_each(?))', JSON.stringify(missing),
    )) this.ids.set(word, id);
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

interface PageTexts {
  title: TextKeys;
  body: TextKeys;
}

function pageTexts(title: string, body: string): PageTexts {
  return { title: textKeys(title), body: textKeys(body) };
}

/**
 * Visits the stored keys of a page: every key of title and body for "any", the title's also for
 * "title". A key held by both title and body is visited twice.
 */
function forEachKey(texts: PageTexts, vocabulary: Vocabulary, visit: (key: number) => void): void {
  for (const gram of texts.title.grams) {
    visit(inField(gram, FIELD_ANY));
    visit(inField(gram, FIELD_TITLE));
  }
  for (const word of texts.title.words) {
    const key = wordKey(vocabulary.id(word));
    visit(inField(key, FIELD_ANY));
    visit(inField(key, FIELD_TITLE));
  }
  for (const gram of texts.body.grams) visit(inField(gram, FIELD_ANY));
  for (const word of texts.body.words) visit(inField(wordKey(vocabulary.id(word)), FIELD_ANY));
}

function keySet(texts: PageTexts, vocabulary: Vocabulary): Set<number> {
  const keys = new Set<number>();
  forEachKey(texts, vocabulary, (key) => keys.add(key));
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
  }

  /** A page's search text is about to change; `old` is its text before the change. */
  textChanging(baseId: string, seq: number, old: { title: string; body: string }): void {
    // A page already pending keeps the older text: that is the one the postings hold. Its row is
    // written anew all the same, so that its pending_id names the new text.
    const pending = this.sql.get<{ old_title: string | null; old_body: string | null }>(
      'DELETE FROM search_pending WHERE base_id = ? AND seq = ? RETURNING old_title, old_body', baseId, seq,
    );
    this.sql.run(
      'INSERT INTO search_pending (base_id, seq, old_title, old_body) VALUES (?, ?, ?, ?)',
      baseId, seq, pending ? pending.old_title : old.title, pending ? pending.old_body : old.body,
    );
  }

  /** Merges the base's pending pages once there are enough of them; call after a write. */
  mergeWhenDue(baseId: string): void {
    const { n } = this.sql.get<{ n: number }>(
      'SELECT count(*) AS n FROM (SELECT 1 FROM search_pending WHERE base_id = ? LIMIT ?)', baseId, this.mergeThreshold,
    )!;
    if (n >= this.mergeThreshold) this.merge(baseId);
  }

  /** The pending pages of a base: [pending_id, seq]. */
  pending(baseId: string): [number, number][] {
    return this.sql.tuples<[number, number]>('SELECT pending_id, seq FROM search_pending WHERE base_id = ?', baseId);
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
    const first = chunk << CHUNK_BITS;
    const end = (chunk + 1) << CHUNK_BITS;
    for (let from = first; from < end; from += KEY_BATCH) {
      const rows = this.sql.all<PendingRow>(
        `SELECT p.seq, p.old_title, p.old_body, t.search_title, t.search_body
         FROM search_pending p JOIN page_texts t ON t.base_id = p.base_id AND t.seq = p.seq
         WHERE p.base_id = ? AND p.seq >= ? AND p.seq < ?`,
        baseId, from, Math.min(end, from + KEY_BATCH),
      );
      const texts = rows.map((row) => ({
        offset: offsetIn(row.seq),
        now: pageTexts(row.search_title, row.search_body),
        before: row.old_title === null ? null : pageTexts(row.old_title, row.old_body ?? ''),
      }));
      vocabulary.load(texts.flatMap(({ now, before }) => [now, ...(before ? [before] : [])])
        .flatMap((page) => [...page.title.words, ...page.body.words]));
      for (const { offset, now, before } of texts) {
        if (!before) {
          // A page not indexed before: every key is an addition; a key seen twice (title and
          // body) is the last one added.
          forEachKey(now, vocabulary, (key) => {
            const { add } = change(key);
            if (add[add.length - 1] !== offset) add.push(offset);
          });
          continue;
        }
        const newKeys = keySet(now, vocabulary);
        const oldKeys = keySet(before, vocabulary);
        for (const key of newKeys) if (!oldKeys.has(key)) change(key).add.push(offset);
        for (const key of oldKeys) if (!newKeys.has(key)) change(key).remove.push(offset);
      }
    }
    this.writeChunk(baseId, chunk, changes);
    this.sql.run('DELETE FROM search_pending WHERE base_id = ? AND seq >= ? AND seq < ?', baseId, first, end);
  }

  /** Applies the changes to the chunk's postings: one read and one write for all keys. */
  private writeChunk(baseId: string, chunk: number, changes: Map<number, KeyChange>): void {
    const keys = [...changes.keys()].sort((a, b) => a - b);
    const stored = new Map(this.sql.tuples<[number, Uint8Array]>(
      'SELECT key, bits FROM search_postings WHERE base_id = ? AND chunk = ? AND key IN (SELECT value FROM json_each(?))',
      baseId, chunk, JSON.stringify(keys),
    ));
    // The new chunks travel as one blob with [key, start, length] per key, cut apart by substr().
    const slices: [number, number, number][] = [];
    const parts: Uint8Array[] = [];
    const emptied: number[] = [];
    let size = 0;
    for (const key of keys) {
      const { add, remove } = changes.get(key)!;
      const bits = updateChunk(stored.get(key), add, remove);
      if (bits) {
        slices.push([key, size + 1, bits.length]);
        parts.push(bits);
        size += bits.length;
      } else if (stored.has(key)) {
        emptied.push(key);
      }
    }
    const all = new Uint8Array(size);
    let at = 0;
    for (const part of parts) {
      all.set(part, at);
      at += part.length;
    }
    this.sql.run(
      `INSERT OR REPLACE INTO search_postings (base_id, chunk, key, bits)
       SELECT ?, ?, value ->> 0, substr(?, value ->> 1, value ->> 2) FROM json_each(?)`,
      baseId, chunk, all, JSON.stringify(slices),
    );
    if (emptied.length > 0) {
      this.sql.run(
        'DELETE FROM search_postings WHERE base_id = ? AND chunk = ? AND key IN (SELECT value FROM json_each(?))',
        baseId, chunk, JSON.stringify(emptied),
      );
    }
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
