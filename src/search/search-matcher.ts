// Which live pages of a base hold every term, and which of them hold one in the title.
//
// - A term of 1 or 2 characters: the pages of its gram key (exact).
// - A longer term of one class (search-keys.ts): the pages of the words containing it (exact);
//   those words are found through the postings of their pairs of characters over word numbers,
//   then checked, and kept by this process while the base's last word number stays (KeptWords).
// - Any other term: the pages holding all of its pairs of characters are candidates, checked
//   against their text with INSTR.
// - Pending pages (text changed since the postings were written) are left out of the postings'
//   answer and checked against their current text instead. They are read first: a merge that
//   commits between the two reads then only makes a page pending here and merged there, and a
//   pending page is checked against its text whatever the postings say. Their texts are kept in
//   memory by page and change_no (KeptPendingTexts): only those not kept are read.
// - Only pages holding ALL_KEY count: a deleted page leaves that key alone (SearchIndexService).
// - Reads go together where none needs another's answer (read-together.ts): the pending pages with
//   all postings the terms name, then the candidate words with theirs. On MySQL/MariaDB that is one
//   round trip, or two with a word term not kept, before the check of unsure terms.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { UnitOfWork } from '../database/unit-of-work';
import { KeptPendingTexts } from './kept-pending-texts';
import { KeptPostings } from './kept-postings';
import { KeptWords, type BaseWords, type WordsContaining } from './kept-words';
import { PageSet } from './page-set';
import { ALL_KEY, inTitle, planTerm, wordKey, wordPairKeys, type TermPlan } from './search-keys';
import { dialectOf } from '../database/dialect';
import { readTogether, type SqlRead } from '../database/read-together';
import { IN_BODY, IN_TITLE, SearchRepository, type PostingRow, type SearchState, type StateWanted, type TermMatches, type WordRow } from './search.repository';

export interface Matches {
  hits: PageSet;
  /** The hits with at least one term in the title. */
  titleHits: PageSet;
  /** The base's row as the round trip's last statement read it, when asked for. */
  base?: SearchState['base'];
  /** What the kept access's check in that statement said, when one was asked for. */
  accessHolds?: boolean;
}

/** What the caller asks of the base's row, read with the postings' state (SearchRepository.searchStateRead). */
export type BaseWanted = Pick<StateWanted, 'base' | 'accessCheck'>;

interface PlannedTerm {
  term: string;
  plan: TermPlan;
}

/** The keys of the pages holding a word, anywhere and in the title. */
const wordKeys = (wordNo: number): number[] => [wordKey(wordNo), inTitle(wordKey(wordNo))];

/** No read: the version before the postings when no postings are read. */
const NOTHING: SqlRead<undefined> = { statements: [], answer: () => undefined };

export class KeySets {
  private readonly sets = new Map<number, PageSet>();
  /** Keys whose sets are kept ones (KeptPostings), never to be changed: copied before rows are added. */
  private readonly borrowed = new Set<number>();

  /** Adds posting rows to the sets of their keys. */
  add(rows: readonly PostingRow[]): this {
    for (const row of rows) {
      let set = this.sets.get(row.skey);
      if (set && this.borrowed.delete(row.skey)) this.sets.set(row.skey, (set = set.clone()));
      if (!set) this.sets.set(row.skey, (set = new PageSet()));
      set.orBlob(row.chunk, row.bits);
    }
    return this;
  }

  /** Takes kept sets as those of their keys. */
  borrow(kept: ReadonlyMap<number, PageSet>): this {
    for (const [key, set] of kept) {
      this.sets.set(key, set);
      this.borrowed.add(key);
    }
    return this;
  }

  /** The sets of `keys`, empty for those without postings. */
  of(keys: readonly number[]): Map<number, PageSet> {
    return new Map(keys.map((key) => [key, this.get(key)]));
  }

  /** The set of a key, empty without postings. Only to read: it may be a kept one. */
  get(key: number): PageSet {
    return this.sets.get(key) ?? new PageSet();
  }

  /** The ids holding any of the keys. Only to read: with one key, it is that key's set. */
  any(keys: readonly number[]): PageSet {
    if (keys.length === 1) return this.get(keys[0]);
    const out = new PageSet();
    for (const key of keys) {
      const set = this.sets.get(key);
      if (set) out.or(set);
    }
    return out;
  }

  /** The ids holding every key. Only to read: with one key, it is that key's set. */
  every(keys: readonly number[]): PageSet {
    if (keys.length <= 1) return this.any(keys);
    const out = PageSet.intersection(this.get(keys[0]), this.get(keys[1]));
    for (const key of keys.slice(2)) out.and(this.get(key));
    return out;
  }
}

@Injectable()
export class SearchMatcher {
  constructor(
    private readonly db: UnitOfWork,
    private readonly repo: SearchRepository,
    private readonly pendingTexts: KeptPendingTexts,
    private readonly keptWords: KeptWords,
    private readonly keptPostings: KeptPostings,
  ) {}

  /**
   * `wanted`: what the caller needs of the base's row (its changes, a kept access's check), read
   * after the postings in the same statement as their state.
   */
  async match(em: EntityManager, baseId: string, terms: readonly string[], wanted: BaseWanted = {}): Promise<Matches> {
    const dialect = dialectOf(em);
    const planned: PlannedTerm[] = terms.map((term) => ({ term, plan: planTerm(term) }));
    const words = [...new Set(planned.filter(({ plan }) => plan.kind === 'word').map(({ term }) => term))];
    const directKeys = planned.flatMap(({ plan }) => (plan.kind === 'gram' ? [plan.key, inTitle(plan.key)] : plan.kind === 'check' ? plan.keys : []));
    const kept = this.keptWordsOf(baseId, words);
    const lookedUp = words.filter((text) => !kept.containing.has(text));
    const keys = [...new Set([ALL_KEY, ...directKeys, ...lookedUp.flatMap(wordPairKeys), ...[...kept.containing.values()].flat().flatMap(wordKeys)])];
    // Posting sets are kept for reads outside transactions: at SQLite's change stamp, or at the
    // base's postings version on MySQL/MariaDB, read around the postings in the round trip.
    const reading = em === this.db.reader;
    const versioned = reading && dialect === 'mysql';
    const changeStamp = reading && !versioned ? this.db.changeStamp() : null;
    const { stamp, sets: keptSets } = versioned
      ? this.keptPostings.latest(baseId, keys) : { stamp: changeStamp, sets: this.keptPostings.find(baseId, changeStamp, keys) };
    const unkept = keys.filter((key) => !keptSets.has(key));
    const postingsRead = this.repo.postingsRead(dialect, baseId, unkept);
    // With no postings to read, the version read after them is also the one after the pending pages.
    const versionBefore = versioned && postingsRead.statements.length > 0 ? this.repo.postingsVersionRead(baseId) : NOTHING;
    const state = this.repo.searchStateRead(baseId, { version: versioned, lastWord: words.length > 0, ...wanted });
    // The pending pages, the postings of the terms' own keys, of the kept words' pages and of the
    // other words' pairs of characters (those not kept), then the postings version, the base's last
    // word number and what the caller wants of its row: one round trip.
    const [pending, versionRead, postings, { version: versionAfter, lastWord, base, accessHolds }] = await readTogether<
      [TermMatches[], number | undefined, PostingRow[], SearchState]
    >(em, this.pendingTexts.matchesRead(dialect, baseId, terms), versionBefore, postingsRead, state);
    const sets = new KeySets().add(postings);
    // The stamp the postings read stand for, and the stamp once they were read: on SQLite nothing may
    // commit from before the reads to after them; on MySQL/MariaDB the version read after the
    // pending pages must still be the version after the postings.
    const [readAt, heldTo] = versioned ? [versionRead ?? versionAfter!, versionAfter!] : [stamp, stamp === null ? null : this.db.changeStamp()];
    // Kept sets stand for the postings as read after the pending pages when their stamp is the one
    // read there (MySQL/MariaDB), or still the stamp after every read (SQLite).
    const keptHold = stamp !== null && stamp === (versioned ? readAt : heldTo);
    if (readAt !== null && readAt === heldTo) {
      const read = sets.of(unkept);
      this.keptPostings.keep(baseId, readAt, read);
      sets.borrow(read);
    }
    if (keptHold) {
      sets.borrow(keptSets);
    } else if (keptSets.size > 0) {
      const [again] = await readTogether<[PostingRow[]]>(em, this.repo.postingsRead(dialect, baseId, [...keptSets.keys()]));
      sets.add(again);
    }
    const containing = await this.containingWords(em, baseId, words, kept, lastWord, sets);
    // The sets read are kept ones or another term's: the hits are a set of this search's own, made
    // from the first term's pages that are live, and each set read only once, never copied whole.
    let hits: PageSet | undefined;
    const titleSets: PageSet[] = [];
    for (const { term, plan } of planned) {
      let found: PageSet;
      if (plan.kind === 'check') {
        found = sets.every(plan.keys);
      } else {
        const anyKeys = plan.kind === 'gram' ? [plan.key] : (containing.get(term) ?? []).map(wordKey);
        found = sets.any(anyKeys);
        for (const key of anyKeys) titleSets.push(sets.get(inTitle(key)));
      }
      hits = hits ? hits.and(found) : PageSet.intersection(found, sets.get(ALL_KEY));
    }
    if (pending.length > 0) hits!.andNot(PageSet.of(pending.map((p) => p.pageId)));
    const titleHits = PageSet.unionWithin(titleSets, hits!);
    const unsure = planned.filter(({ plan }) => plan.kind === 'check').map(({ term }) => term);
    if (unsure.length > 0 && !hits!.isEmpty()) {
      const checked = await this.repo.termMatches(em, baseId, hits!.toArray(), unsure);
      hits = new PageSet();
      this.addMatches(checked, hits, titleHits);
      titleHits.and(hits);
    }
    this.addMatches(pending, hits!, titleHits);
    return { hits: hits!, titleHits, base, accessHolds };
  }

  /** Adds the live pages that hold every term of `found` to `hits`, and to `titleHits` when one is in the title. */
  private addMatches(matches: readonly TermMatches[], hits: PageSet, titleHits: PageSet): void {
    for (const { pageId, live, found } of matches) {
      if (!live || found.some((m) => m < IN_BODY)) continue;
      hits.add(pageId);
      if (found.includes(IN_TITLE)) titleHits.add(pageId);
    }
  }

  /** The kept words containing those of `texts` that are kept, and the vocabulary they were found in. */
  private keptWordsOf(baseId: string, texts: readonly string[]): BaseWords {
    const kept = texts.length > 0 ? this.keptWords.of(baseId) : undefined;
    return { lastWord: kept?.lastWord ?? -1, containing: new Map(texts.flatMap((text) => (kept?.containing.has(text) ? [[text, kept.containing.get(text)!]] : []))) };
  }

  /**
   * The words containing each text: kept ones, when the base's last word is still the one they were
   * found with, else looked up (wordsContaining; the pairs of characters of kept texts read first).
   * `sets` holds the pages of the kept words and the pairs of the others; it gets those looked up.
   */
  private async containingWords(
    em: EntityManager, baseId: string, texts: readonly string[], kept: BaseWords, lastWord: number | undefined, sets: KeySets,
  ): Promise<WordsContaining> {
    let containing: WordsContaining;
    if (kept.containing.size > 0 && kept.lastWord !== lastWord) {
      // Words came since the kept ones were found: every text is looked up afresh.
      const [pairs] = await readTogether<[PostingRow[]]>(em, this.repo.postingsRead(dialectOf(em), baseId, [...kept.containing.keys()].flatMap(wordPairKeys)));
      containing = await this.wordsContaining(em, baseId, texts, sets.add(pairs));
    } else {
      containing = new Map([...kept.containing, ...await this.wordsContaining(em, baseId, texts.filter((text) => !kept.containing.has(text)), sets)]);
    }
    if (lastWord !== undefined) this.keptWords.keep(baseId, lastWord, containing);
    return containing;
  }

  /**
   * The words of the base that contain each text (3 or more units): candidates by their pairs of
   * characters (in `sets` already), then checked. The candidates' page postings come in the same
   * round trip as their words and go into `sets`; those of candidates that fail are never asked for.
   */
  private async wordsContaining(em: EntityManager, baseId: string, texts: readonly string[], sets: KeySets): Promise<WordsContaining> {
    const out: WordsContaining = new Map();
    const candidates = texts.map((text) => sets.every(wordPairKeys(text)).toArray());
    const all = [...new Set(candidates.flat())];
    if (all.length === 0) return out;
    const dialect = dialectOf(em);
    const [words, postings] = await readTogether<[WordRow[], PostingRow[]]>(
      em, this.repo.wordsByNoRead(dialect, baseId, all),
      this.repo.postingsRead(dialect, baseId, all.flatMap(wordKeys)),
    );
    sets.add(postings);
    const wordOf = new Map(words.map((w) => [w.wordNo, w.word]));
    texts.forEach((text, i) => out.set(text, candidates[i].filter((no) => wordOf.get(no)?.includes(text))));
    return out;
  }
}
