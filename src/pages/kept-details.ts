// Page details as answered, each with the database's change stamp the request that read it was
// authorized at (SQLite's data_version: it moves with every commit of any connection, in any
// process). While the stamp has not moved nothing has changed anywhere, so the kept answer is the
// answer, given without a statement. MySQL/MariaDB offers no such stamp: nothing is kept there.
import { Injectable } from '@nestjs/common';
import { CharacterBoundedMap, pageKey } from './character-bounded-map';
import type { PageDetailRow } from './page.rows';

/** Characters of answers kept at once (bodies are shared with KeptBodies, not copied), PER_ENTRY for each. */
export const KEPT_DETAIL_CHARACTERS = 8_000_000;
const PER_ENTRY = 256;

interface KeptDetail {
  stamp: number;
  detail: PageDetailRow;
}

const charactersOf = ({ detail }: KeptDetail): number =>
  PER_ENTRY + detail.body.length + detail.path.reduce((sum, title) => sum + title.length, 0);

@Injectable()
export class KeptDetails {
  private readonly details = new CharacterBoundedMap<KeptDetail>(KEPT_DETAIL_CHARACTERS, charactersOf);

  /** The answer kept for the page at exactly this stamp, if any. */
  get(baseId: string, contentId: string, stamp: number): PageDetailRow | undefined {
    const kept = this.details.get(pageKey(baseId, contentId));
    return kept?.stamp === stamp ? kept.detail : undefined;
  }

  /**
   * Keeps an answer read after the stamp was: it is the answer at that stamp, or newer, when a
   * commit came between, and then no later request sees that stamp again.
   */
  keep(baseId: string, contentId: string, stamp: number, detail: PageDetailRow): void {
    this.details.set(pageKey(baseId, contentId), { stamp, detail });
  }

  /** Characters held now (for tests of the bound). */
  get size(): number {
    return this.details.size;
  }
}
