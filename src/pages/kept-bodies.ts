// Bodies of pages, kept with the body revision they were read at. A page's body lives in page_texts,
// rows of several KB; the pages row beside it is small and names the body revision, which every
// change of the body moves in the same transaction. A detail read reads the pages row and takes a
// kept body only of exactly that revision, in the same statement that would otherwise read the
// body: a change made through any process is seen at once. On MySQL/MariaDB this spares the buffer
// pool the text rows of pages read again and again; on SQLite the text's overflow pages and its
// decoding.
import { Injectable } from '@nestjs/common';
import { CharacterBoundedMap, pageKey } from './character-bounded-map';

/** Characters of bodies kept at once, with PER_ENTRY for each: at two bytes a character, 16 MiB at most. */
export const KEPT_BODY_CHARACTERS = 8_000_000;
const PER_ENTRY = 64;

/** A body as a detail read found it: of the page `pageId` at body revision `bodyRevision`. */
export interface KeptBody {
  pageId: number;
  bodyRevision: number;
  body: string;
}

@Injectable()
export class KeptBodies {
  private readonly bodies = new CharacterBoundedMap<KeptBody>(KEPT_BODY_CHARACTERS, (kept) => PER_ENTRY + kept.body.length);

  /** The body kept for the page, if any: the read that uses it checks its revision. */
  get(baseId: string, contentId: string): KeptBody | undefined {
    return this.bodies.get(pageKey(baseId, contentId));
  }

  /** Keeps what a read found, in place of an older revision's body. */
  keep(baseId: string, contentId: string, found: KeptBody): void {
    const key = pageKey(baseId, contentId);
    const kept = this.bodies.get(key);
    if (kept?.pageId === found.pageId && kept.bodyRevision >= found.bodyRevision) return;
    this.bodies.set(key, { pageId: found.pageId, bodyRevision: found.bodyRevision, body: found.body });
  }

  /** Characters held now (for tests of the bound). */
  get size(): number {
    return this.bodies.size;
  }
}
