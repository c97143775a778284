// Bodies of pages, kept with the body revision they were read at. A page's body lives in page_texts,
// rows of several KB; the pages row beside it is small and names the body revision, which every
// change of the body moves in the same transaction. A detail read of a page whose body is kept
// reads the pages row alone and takes the kept body only of exactly that revision; of another, it
// reads the page again with its body: a change made through any process is seen at once. On
// MySQL/MariaDB this spares the buffer pool the text rows of pages read again and again; on SQLite
// the text's overflow pages and its decoding.
//
// On SQLite a page's whole detail answer is kept beside its body, with the database's change stamp
// the request that read it was authorized at (data_version: it moves with every commit of any
// connection, in any process). While the stamp has not moved nothing has changed anywhere, so the
// kept answer is the answer, given without a statement. Kept in the body's entry, it shares the
// body's string and goes with it. MySQL/MariaDB offers no such stamp: no answer is kept there.
import { Injectable } from '@nestjs/common';
import { BoundedCache } from '../cache/bounded-cache';
import { valueAt, type Stamped } from '../cache/stamped';
import { stringBytes } from '../cache/string-bytes';
import { pageKey } from './page-key';
import type { PageDetailRow } from './page.rows';

/**
 * Bytes of bodies kept at once (stringBytes), with PER_ENTRY for each and what kept answers add.
 * The bench's 5,000 pages in turn at 100,000 pages (half English) need 12.9 MB so counted; counted
 * in characters they needed 8.96 M, and a bound of 8 M (the same 16 MiB for Japanese) kept 3,977 of
 * them round after round: a fifth of the details read the page and its body again.
 */
export const KEPT_BODY_BYTES = 16 * 1024 * 1024;
const PER_ENTRY = 128;
/** A kept answer's object and its short fields (ids, times, type, language), in bytes: its title and path come on top. */
const PER_ANSWER = 256;

/** A body as a detail read found it: of the page `pageId` at body revision `bodyRevision`. */
export interface KeptBody {
  pageId: number;
  bodyRevision: number;
  body: string;
}

interface Entry extends KeptBody {
  /** stringBytes of the body, worked out once: an answer kept beside it counts it again. */
  bodyBytes: number;
  /** The detail answered at the change stamp, of this body revision. */
  answer?: Stamped<PageDetailRow>;
}

@Injectable()
export class KeptBodies {
  private readonly bodies = new BoundedCache<string, Entry>({
    name: 'page bodies',
    bound: KEPT_BODY_BYTES,
    unit: 'bytes',
    sizeOf: (kept) => PER_ENTRY + kept.bodyBytes + (kept.answer ? answerBytes(kept.answer.value) : 0),
  });

  /** The body kept for the page, if any: the read that uses it checks its revision. */
  get(baseId: string, contentId: string): KeptBody | undefined {
    return this.bodies.get(pageKey(baseId, contentId));
  }

  /** Keeps what a read found, in place of an older revision's body. */
  keep(baseId: string, contentId: string, found: KeptBody): void {
    const key = pageKey(baseId, contentId);
    const kept = this.bodies.get(key);
    if (kept?.pageId === found.pageId && kept.bodyRevision >= found.bodyRevision) return;
    this.bodies.set(key, { pageId: found.pageId, bodyRevision: found.bodyRevision, body: found.body, bodyBytes: stringBytes(found.body) });
  }

  /** The detail kept for the page at exactly this stamp, if any. */
  answerAt(baseId: string, contentId: string, stamp: number): PageDetailRow | undefined {
    return valueAt(this.bodies.get(pageKey(baseId, contentId))?.answer, stamp);
  }

  /**
   * Keeps a detail read after the stamp was taken beside its body, when that body is the one kept
   * (the read keeps it first): it is the answer at that stamp, or newer when a commit came between,
   * and then no later request sees that stamp again.
   */
  keepAnswer(baseId: string, contentId: string, stamp: number, detail: PageDetailRow): void {
    const key = pageKey(baseId, contentId);
    const kept = this.bodies.get(key);
    // Kept anew, so the bound counts the answer too.
    if (kept?.pageId === detail.pageId && kept.bodyRevision === detail.bodyRevision) this.bodies.set(key, { ...kept, answer: { stamp, value: detail } });
  }

  /** Bytes held now (for tests of the bound). */
  get size(): number {
    return this.bodies.size;
  }
}

/** What a kept answer holds beside the body it shares with its entry. */
const answerBytes = (detail: PageDetailRow): number =>
  PER_ANSWER + stringBytes(detail.title) + detail.path.reduce((sum, title) => sum + stringBytes(title), 0);
