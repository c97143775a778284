// The words of a base (search_words): numbers for the words of texts being indexed, and, for the
// words new to the base, their rows and their postings by pair of characters (which is how a
// search finds the words containing a term).
import type { EntityManager } from 'typeorm';
import { PostingChanges } from './posting-changes';
import { wordHash, wordPairKeys } from './search-keys';
import type { SearchRepository, WordRow } from './search.repository';

export class WordNumbers {
  private readonly numbers = new Map<string, number>();
  private readonly added: (WordRow & { hash: number })[] = [];

  private constructor(
    private readonly repo: SearchRepository,
    private readonly baseId: string,
    private next: number,
    /** True when the base had no words: nothing to look up, and the pair postings are written fresh. */
    private readonly fresh: boolean,
  ) {}

  /**
   * The word numbers of a base (call under the base's merge lock, or its lock for a rebuild). Words are
   * only ever added, numbered one after another: a number never names another word of the base
   * (KeptWords relies on it).
   */
  static async open(repo: SearchRepository, tx: EntityManager, baseId: string): Promise<WordNumbers> {
    const next = await repo.nextWordNo(tx, baseId);
    return new WordNumbers(repo, baseId, next, next === 0);
  }

  /** Looks up the stored numbers of those words not known yet, in a few queries. */
  async load(tx: EntityManager, words: Iterable<string>): Promise<void> {
    if (this.fresh) return;
    const missing = [...new Set(words)].filter((word) => !this.numbers.has(word));
    if (missing.length === 0) return;
    const wanted = new Set(missing);
    for (const row of await this.repo.wordsByHash(tx, this.baseId, missing.map(wordHash))) {
      if (wanted.has(row.word)) this.numbers.set(row.word, row.wordNo);
    }
  }

  /** The number of a known word (after load), or undefined. */
  readonly known = (word: string): number | undefined => this.numbers.get(word);

  /** The number of a word, giving it the next one when it is new to the base. */
  readonly numberOf = (word: string): number => {
    let no = this.numbers.get(word);
    if (no === undefined) {
      no = this.next++;
      this.numbers.set(word, no);
      this.added.push({ wordNo: no, word, hash: wordHash(word) });
    }
    return no;
  };

  /** Stores the words numbered since the last flush, and their pair postings. */
  async flush(tx: EntityManager): Promise<void> {
    if (this.added.length === 0) return;
    const pairs = new PostingChanges();
    for (const { wordNo, word } of this.added) pairs.add(wordNo, wordPairKeys(word));
    await this.repo.insertWords(tx, this.baseId, this.added);
    await pairs.write(this.repo, tx, this.baseId, this.fresh);
    this.added.length = 0;
  }
}
