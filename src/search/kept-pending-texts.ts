// The texts of a base's pending pages (text changed since their postings were written), kept by
// this process, so that a search checks them in memory instead of the database reading every
// pending text again for every search. A page's texts as of one change_no never change (every write
// stamps a new one: page-changes.ts), so the pending read names the ones kept, by page and change_no,
// and sends only the texts of the others.
import { Injectable } from '@nestjs/common';
import type { Dialect } from '../database/data-source';
import type { SqlRead } from '../database/read-together';
import { SearchRepository, type PendingText, type TermMatches } from './search.repository';

/** Characters of pending texts kept in all; past it the least recently searched bases go. */
export const MAX_KEPT_PENDING_CHARS = 4_000_000;

interface KeptText {
  changeNo: number;
  title: string;
  body: string;
}

const IN_TITLE = 2;
const IN_BODY = 1;

/** Per term: 2 = in the title, 1 = in the body only, 0 = absent (as SearchRepository's SQL tells). */
export const termMatches = (text: { title: string; body: string }, terms: readonly string[]): number[] =>
  terms.map((term) => (text.title.includes(term) ? IN_TITLE : text.body.includes(term) ? IN_BODY : 0));

@Injectable()
export class KeptPendingTexts {
  maxChars = MAX_KEPT_PENDING_CHARS;
  /** Per base, in order of use (least recent first): the texts of its pending pages. */
  private readonly bases = new Map<string, Map<number, KeptText>>();

  constructor(private readonly repo: SearchRepository) {}

  /** The pending pages of the base with where each term occurs in them, texts read only where not kept. */
  matchesRead(dialect: Dialect, baseId: string, terms: readonly string[]): SqlRead<TermMatches[]> {
    // What the statement names as kept is answered from this map, whatever happens to the cache meanwhile.
    const kept = new Map(this.bases.get(baseId) ?? []);
    const read = this.repo.pendingTextsRead(dialect, baseId, new Map([...kept].map(([pageId, text]) => [pageId, text.changeNo])));
    return {
      statements: read.statements,
      answer: (rows) => {
        const pending = read.answer(rows);
        const now = new Map<number, KeptText>();
        const out: TermMatches[] = [];
        for (const page of pending) {
          if (!page.live) {
            out.push({ pageId: page.pageId, live: false, found: terms.map(() => 0) });
            continue;
          }
          const text = textOf(page, kept);
          now.set(page.pageId, text);
          out.push({ pageId: page.pageId, live: page.live, found: termMatches(text, terms) });
        }
        this.keep(baseId, now);
        return out;
      },
    };
  }

  private keep(baseId: string, texts: Map<number, KeptText>): void {
    this.bases.delete(baseId);
    this.bases.set(baseId, texts);
    let chars = 0;
    for (const kept of this.bases.values()) for (const text of kept.values()) chars += text.title.length + text.body.length;
    for (const [id, kept] of this.bases) {
      if (chars <= this.maxChars) return;
      this.bases.delete(id);
      for (const text of kept.values()) chars -= text.title.length + text.body.length;
    }
  }
}

function textOf(page: PendingText, kept: ReadonlyMap<number, KeptText>): KeptText {
  if (page.title !== null && page.body !== null) return { changeNo: page.changeNo, title: page.title, body: page.body };
  // The statement sends no text of a live page only when it was named kept at this change_no.
  return kept.get(page.pageId)!;
}
