// The words of a base that contain a search's longer terms (SearchMatcher), kept by this process per
// base for the vocabulary they were found in. Words are only ever added to a base, numbered one
// after another (WordNumbers.open), so while its last word number stays, so does every answer. A
// search reads that number in its first round trip, after its postings: a term kept at it needs
// neither the postings of its pairs of characters nor the round trip that checks candidate words.
import { Injectable } from '@nestjs/common';
import { BoundedCache } from '../cache/bounded-cache';

/** What is kept in all, counted as word numbers plus a unit per term and per 8 characters of it; past it bases picked at random go. */
export const DEFAULT_MAX_KEPT_WORD_UNITS = 200_000;

/** The numbers of the words containing each text. */
export type WordsContaining = Map<string, number[]>;

export interface BaseWords {
  /** The base's last word number when these were found (SearchRepository.lastWordRead). */
  lastWord: number;
  containing: WordsContaining;
}

const unitsOf = (text: string, words: readonly number[]): number => 1 + Math.ceil(text.length / 8) + words.length;

@Injectable()
export class KeptWords {
  readonly kept = new BoundedCache<string, BaseWords & { units: number }>({
    name: 'words', bound: DEFAULT_MAX_KEPT_WORD_UNITS, unit: 'word units', sizeOf: (base) => base.units,
  });

  /** The base's kept words, whichever vocabulary they are of. */
  of(baseId: string): BaseWords | undefined {
    return this.kept.get(baseId);
  }

  /** Keeps the words found in the vocabulary whose last word is `lastWord`; those of another go. */
  keep(baseId: string, lastWord: number, found: WordsContaining): void {
    const kept = this.kept.get(baseId);
    const now = kept?.lastWord === lastWord ? kept : { lastWord, containing: new Map(), units: 0 };
    for (const [text, words] of found) {
      if (now.containing.has(text)) continue;
      now.containing.set(text, words);
      now.units += unitsOf(text, words);
    }
    this.kept.set(baseId, now);
  }
}
