// Pending pages (search-index.ts) are checked against their text instead of the postings. This
// process keeps the texts it has read: a pending_id names one version of one page's text and is
// never reused, so a kept text stays right for as long as its id is pending, whatever any other
// process writes. A search then reads only the texts that became pending since the last one.
import type { SeqSet } from './bitset.ts';
import type { SqliteConnection } from './connection.ts';

interface PendingText {
  title: string;
  body: string;
}

export class PendingTexts {
  private readonly sql: SqliteConnection;
  private texts = new Map<number, PendingText>();

  constructor(sql: SqliteConnection) {
    this.sql = sql;
  }

  /**
   * Adds to `hits` the pending pages of `pending` ([pending_id, seq]) that are live and hold
   * every term in title or body, and to `titleHits` those holding a term in the title.
   */
  check(pending: readonly [number, number][], live: SeqSet, terms: readonly string[], hits: SeqSet, titleHits: SeqSet): void {
    const current = pending.filter(([, seq]) => live.has(seq));
    this.load(current.map(([id]) => id));
    for (const [id, seq] of current) {
      const { title, body } = this.texts.get(id)!;
      let inTitle = false;
      const all = terms.every((term) => {
        if (title.includes(term)) return (inTitle = true);
        return body.includes(term);
      });
      if (!all) continue;
      hits.add(seq);
      if (inTitle) titleHits.add(seq);
    }
    this.forgetAllBut(pending);
  }

  private load(ids: readonly number[]): void {
    const missing = ids.filter((id) => !this.texts.has(id));
    if (missing.length === 0) return;
    for (const [id, title, body] of this.sql.tuples<[number, string, string]>(
      `SELECT p.pending_id, t.search_title, t.search_body
       FROM search_pending p JOIN page_texts t ON t.base_id = p.base_id AND t.seq = p.seq
       WHERE p.pending_id IN (SELECT value FROM json_each(?))`,
      JSON.stringify(missing),
    )) this.texts.set(id, { title, body });
  }

  /** Drops kept texts that are no longer pending, once they outnumber the pending ones. */
  private forgetAllBut(pending: readonly [number, number][]): void {
    if (this.texts.size <= 2 * pending.length + 256) return;
    const keep = new Map<number, PendingText>();
    for (const [id] of pending) {
      const text = this.texts.get(id);
      if (text) keep.set(id, text);
    }
    this.texts = keep;
  }
}
