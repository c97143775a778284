// How normalised text is cut into index keys, and which keys answer a search term. Pure code.
//
// A text's keys: every character (UTF-16 unit) and every pair of adjacent characters, whitespace
// left out, and its words. A word is a run: a maximal stretch of characters of one class (letters
// and digits, hiragana, katakana, kanji, or other). So a term of one or two characters occurs in
// a text exactly when the text has its gram key, and a longer term of one class occurs exactly
// when it lies inside one of the text's words (a run of one class cannot cross a word's edge).
// Any other term (mixed classes, or whitespace that NFKC put in it) only narrows the candidates to
// the pages holding all of its pairs of characters, which are then checked against the text.
// (Adjacent runs joined as words would make two-class terms exact too; measured at 100,000 pages
// they tripled the postings and doubled the cost of merges on MariaDB, so they are left out.)

export const SPACE = 0;
const OTHER = 5;

let classTable: Uint8Array | undefined;

/** The class of every UTF-16 unit, built once (a regex per character would be slow). */
export function classes(): Uint8Array {
  if (classTable) return classTable;
  const table = new Uint8Array(65536).fill(OTHER);
  const units = new Uint16Array(65536);
  for (let c = 0; c < 65536; c++) units[c] = c >= 0xd800 && c <= 0xdfff ? 0x21 : c;
  const all = new TextDecoder('utf-16le').decode(units);
  const mark = (pattern: RegExp, value: number) => {
    for (const match of all.matchAll(pattern)) table.fill(value, match.index, match.index + match[0].length);
  };
  mark(/[\p{L}\p{N}\p{M}_]+/gu, 1);
  mark(/\p{sc=Han}+/gu, 4);
  mark(/[\p{sc=Katakana}\u30fc]+/gu, 3);
  mark(/\p{sc=Hiragana}+/gu, 2);
  mark(/\s+/gu, SPACE);
  // Halves of characters outside the BMP are indexed as grams but never form words.
  table.fill(OTHER, 0xd800, 0xe000);
  classTable = table;
  return table;
}

// A key is one integer below 2^36: (kind * 2 + field) * 2^32 + value, field 0 for the whole text
// and 1 for the title (inTitle).
/** Every indexed live page holds this key (a merged delete takes only this one away): the candidates of a term without any other key, and what every search's hits are cut to. */
const KIND_ALL = 0;
const KIND_UNIGRAM = 1;
const KIND_BIGRAM = 2;
/** A page holds the word with this number (search_words). */
const KIND_WORD = 3;
/** Postings over word numbers, not pages: the words holding a pair of characters. */
const KIND_WORD_PAIR = 4;

const VALUE_UNIT = 2 ** 32;
const key = (kind: number, value: number): number => kind * 2 * VALUE_UNIT + value;

export const ALL_KEY = key(KIND_ALL, 0);
export const unigramKey = (unit: number): number => key(KIND_UNIGRAM, unit);
export const bigramKey = (pair: number): number => key(KIND_BIGRAM, pair >>> 0);
export const wordKey = (wordNo: number): number => key(KIND_WORD, wordNo);
export const wordPairKey = (pair: number): number => key(KIND_WORD_PAIR, pair >>> 0);
/** Every key below this one names pages; from it on, words (postings over word numbers). */
export const FIRST_WORD_PAIR_KEY = key(KIND_WORD_PAIR, 0);
/** The same key in the title field. */
export const inTitle = (anyKey: number): number => anyKey + VALUE_UNIT;

export interface TextKeys {
  /** Distinct unigram and bigram keys (field any). */
  grams: number[];
  words: Set<string>;
}

// Scratch space telling whether a gram was already seen in the current text: a stamp per unit and
// an open-addressing table of stamped pairs (far cheaper than a Set of large numbers).
const unitStamps = new Uint32Array(65536);
let pairKeys = new Int32Array(4096);
let pairStamps = new Uint32Array(4096);
let pairShift = 32 - 12;
let pairCount = 0;
let stamp = 0;

function nextStamp(): number {
  if (++stamp === 0xffffffff) {
    unitStamps.fill(0);
    pairStamps.fill(0);
    stamp = 1;
  }
  pairCount = 0;
  return stamp;
}

/** True the first time a pair is seen under the current stamp. */
function firstPair(pair: number): boolean {
  if (pairCount * 2 >= pairKeys.length) growPairs();
  const mask = pairKeys.length - 1;
  for (let slot = Math.imul(pair, 0x9e3779b1) >>> pairShift; ; slot = (slot + 1) & mask) {
    if (pairStamps[slot] !== stamp) {
      pairStamps[slot] = stamp;
      pairKeys[slot] = pair;
      pairCount++;
      return true;
    }
    if (pairKeys[slot] === pair) return false;
  }
}

function growPairs(): void {
  const [keys, stamps] = [pairKeys, pairStamps];
  pairKeys = new Int32Array(keys.length * 2);
  pairStamps = new Uint32Array(keys.length * 2);
  pairShift--;
  const mask = pairKeys.length - 1;
  for (let i = 0; i < keys.length; i++) {
    if (stamps[i] !== stamp) continue;
    let slot = Math.imul(keys[i], 0x9e3779b1) >>> pairShift;
    while (pairStamps[slot] === stamp) slot = (slot + 1) & mask;
    pairStamps[slot] = stamp;
    pairKeys[slot] = keys[i];
  }
}

/** The distinct gram keys and the words (runs of one class) of a text. */
export function textKeys(text: string): TextKeys {
  const table = classes();
  const grams: number[] = [];
  const words = new Set<string>();
  const current = nextStamp();
  let previous = -1;
  let runStart = 0;
  let runClass = SPACE;
  for (let i = 0; i <= text.length; i++) {
    const unit = i < text.length ? text.charCodeAt(i) : 32;
    const unitClass = table[unit];
    if (unitClass !== runClass) {
      if (runClass !== SPACE) words.add(text.slice(runStart, i));
      runStart = i;
      runClass = unitClass;
    }
    if (unitClass === SPACE) {
      previous = -1;
      continue;
    }
    if (unitStamps[unit] !== current) {
      unitStamps[unit] = current;
      grams.push(unigramKey(unit));
    }
    if (previous >= 0) {
      const pair = (previous << 16) | unit;
      if (firstPair(pair)) grams.push(bigramKey(pair));
    }
    previous = unit;
  }
  return { grams, words };
}

/** The distinct pairs of adjacent units of a word: its keys in the word-pair postings. */
export function wordPairKeys(word: string): number[] {
  const keys = new Set<number>();
  for (let i = 1; i < word.length; i++) keys.add(wordPairKey((word.charCodeAt(i - 1) << 16) | word.charCodeAt(i)));
  return [...keys];
}

export type TermPlan =
  /** Exact: the pages holding this gram key. */
  | { kind: 'gram'; key: number }
  /** Exact (3 or more units of one class): the pages holding a word that contains the term. */
  | { kind: 'word' }
  /** Candidates: the pages holding every key; each is checked against its text. */
  | { kind: 'check'; keys: number[] };

export function planTerm(term: string): TermPlan {
  const table = classes();
  const units = Array.from({ length: term.length }, (_, i) => term.charCodeAt(i));
  const unitClasses = units.map((unit) => table[unit]);
  if (!unitClasses.includes(SPACE)) {
    if (units.length === 1) return { kind: 'gram', key: unigramKey(units[0]) };
    if (units.length === 2) return { kind: 'gram', key: bigramKey((units[0] << 16) | units[1]) };
    if (unitClasses.every((c) => c === unitClasses[0])) return { kind: 'word' };
  }
  const pairs = new Set<number>();
  for (let i = 1; i < units.length; i++) {
    if (unitClasses[i - 1] !== SPACE && unitClasses[i] !== SPACE) pairs.add(bigramKey((units[i - 1] << 16) | units[i]));
  }
  if (pairs.size > 0) return { kind: 'check', keys: [...pairs] };
  const singles = new Set(units.filter((_, i) => unitClasses[i] !== SPACE).map((unit) => unigramKey(unit)));
  return { kind: 'check', keys: singles.size > 0 ? [...singles] : [ALL_KEY] };
}

/** A 52-bit hash of a word, to find it in search_words without an index on the text. */
export function wordHash(word: string): number {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < word.length; i++) {
    const unit = word.charCodeAt(i);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (a >>> 0) * 2 ** 20 + ((b >>> 12) & 0xfffff);
}
