// The texts of a base's pending pages (text changed since their postings were written), kept by
// this process, so that a search checks them in memory instead of the database reading every
// pending text again for every search. A page's texts as of one change_no never change (every write
// stamps a new one: bases/page-changes.query.ts), so the pending read names the ones kept, by page and change_no,
// and sends only the texts of the others.
import { Injectable } from '@nestjs/common';
import { BoundedCache } from '../cache/bounded-cache';
import type { Dialect } from '../database/data-source';
import type { SqlRead } from '../database/read-together';
import { IN_BODY, IN_TITLE, SearchRepository, type PendingText, type TermMatches } from './search.repository';

/** Characters of pending texts kept in all; past it bases picked at random go. */
export const MAX_KEPT_PENDING_CHARS = 4_000_000;

interface KeptText {
  changeNo: number;
  title: string;
  body: string;
}

/** The kept texts of one base's pending pages, and their characters. */
interface BaseTexts {
  texts: Map<number, KeptText>;
  chars: number;
}

/** Per term, where it occurs in the text, as the database's matches tell (SearchRepository.termMatches). */
const termMatches = (text: { title: string; body: string }, terms: readonly string[]): number[] =>
  terms.map((term) => (text.title.includes(term) ? IN_TITLE : text.body.includes(term) ? IN_BODY : 0));

@Injectable()
export class KeptPendingTexts {
  readonly kept = new BoundedCache<string, BaseTexts>({
    name: 'pending texts', bound: MAX_KEPT_PENDING_CHARS, unit: 'characters', sizeOf: (base) => base.chars,
  });

  constructor(private readonly repo: SearchRepository) {}

  /** The pending pages of the base with where each term occurs in them, texts read only where not kept. */
  matchesRead(dialect: Dialect, baseId: string, terms: readonly string[]): SqlRead<TermMatches[]> {
    // What the statement names as kept is answered from this map, whatever happens to the cache meanwhile.
    const kept = this.kept.get(baseId)?.texts ?? new Map<number, KeptText>();
    const read = this.repo.pendingTextsRead(dialect, baseId, new Map([...kept].map(([pageId, text]) => [pageId, text.changeNo])));
    return {
      statements: read.statements,
      answer: (rows) => {
        const now: BaseTexts = { texts: new Map(), chars: 0 };
        const out: TermMatches[] = [];
        for (const page of read.answer(rows)) {
          if (!page.live) {
            out.push({ pageId: page.pageId, live: false, found: terms.map(() => 0) });
            continue;
          }
          const text = textOf(page, kept);
          now.texts.set(page.pageId, text);
          now.chars += text.title.length + text.body.length;
          out.push({ pageId: page.pageId, live: true, found: termMatches(text, terms) });
        }
        // A new map each time: reads under way keep theirs.
        this.kept.set(baseId, now);
        return out;
      },
    };
  }
}

function textOf(page: PendingText, kept: ReadonlyMap<number, KeptText>): KeptText {
  if (page.title !== null && page.body !== null) return { changeNo: page.changeNo, title: page.title, body: page.body };
  // The statement sends no text of a live page only when it was named kept at this change_no.
  return kept.get(page.pageId)!;
}
