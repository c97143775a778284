// How normalised text is cut into search keys, and which keys answer a search term. Pure code.
//
// Keys are integers: every character (UTF-16 unit) and every pair of adjacent characters of a
// text, whitespace left out, and every word. A word is a maximal run of characters of one class:
// letters and digits, hiragana, katakana or kanji. A term of one or two characters occurs in a
// text exactly when the text has its gram key; a longer term made of one class occurs exactly
// when it lies inside one of the text's words, since a run of one class cannot cross a word's
// edge. Any other term (punctuation, mixed classes) only narrows the candidates, which are then
// checked against the text itself.

const SPACE = 0;
const OTHER = 5;
/** The classes whose runs are words. */
const WORD_CLASSES = new Set([1, 2, 3, 4]);

let classTable: Uint8Array | undefined;

/** Class of every UTF-16 unit, built once on first use (a regex per character would be slow). */
function classes(): Uint8Array {
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

export const FIELD_ANY = 0;
export const FIELD_TITLE = 1;
export type Field = typeof FIELD_ANY | typeof FIELD_TITLE;

const FIELD_UNIT = 2 ** 32;
const KIND_UNIT = 2 ** 33;
const UNIGRAM = 1;
const BIGRAM = 2;
const WORD = 3;

const unigramKey = (a: number): number => UNIGRAM * KIND_UNIT + a;
const bigramKey = (a: number, b: number): number => BIGRAM * KIND_UNIT + a * 65536 + b;
export const wordKey = (wordId: number): number => WORD * KIND_UNIT + wordId;
/** A key (gram or word) as stored for one field: title only, or title and body together. */
export const inField = (key: number, field: Field): number => key + field * FIELD_UNIT;

export interface TextKeys {
  /** Distinct gram keys. */
  grams: number[];
  words: Set<string>;
}

/**
 * Reused scratch space that tells whether a gram was already seen in the current text: a stamp
 * per character, and an open-addressing table of stamped pairs. Far cheaper than a Set of
 * numbers beyond the small-integer range, which is what most pair keys are.
 */
const unitStamps = new Uint32Array(65536);
let pairKeys = new Int32Array(4096);
let pairStamps = new Uint32Array(4096);
let pairShift = 32 - 12;
let stamp = 0;

const pairSlot = (pair: number): number => Math.imul(pair, 0x9e3779b1) >>> pairShift;

function nextStamp(): number {
  if (++stamp === 0xffffffff) {
    unitStamps.fill(0);
    pairStamps.fill(0);
    stamp = 1;
  }
  return stamp;
}

/** True the first time a pair is seen under the current stamp. */
function firstPair(pair: number, seen: { count: number }): boolean {
  if (seen.count * 2 >= pairKeys.length) growPairs();
  const mask = pairKeys.length - 1;
  for (let slot = pairSlot(pair); ; slot = (slot + 1) & mask) {
    if (pairStamps[slot] !== stamp) {
      pairStamps[slot] = stamp;
      pairKeys[slot] = pair;
      seen.count++;
      return true;
    }
    if (pairKeys[slot] === pair) return false;
  }
}

function growPairs(): void {
  const keys = pairKeys;
  const stamps = pairStamps;
  pairKeys = new Int32Array(keys.length * 2);
  pairStamps = new Uint32Array(keys.length * 2);
  pairShift--;
  const mask = pairKeys.length - 1;
  for (let i = 0; i < keys.length; i++) {
    if (stamps[i] !== stamp) continue;
    let slot = pairSlot(keys[i]);
    while (pairStamps[slot] === stamp) slot = (slot + 1) & mask;
    pairStamps[slot] = stamp;
    pairKeys[slot] = keys[i];
  }
}

/** The distinct gram keys and the words of a text. */
export function textKeys(text: string): TextKeys {
  const table = classes();
  const grams: number[] = [];
  const words = new Set<string>();
  const current = nextStamp();
  const seen = { count: 0 };
  let previous = -1;
  let runStart = 0;
  let runClass = SPACE;
  for (let i = 0; i <= text.length; i++) {
    const unit = i < text.length ? text.charCodeAt(i) : 32;
    const unitClass = table[unit];
    if (unitClass !== runClass) {
      if (WORD_CLASSES.has(runClass)) words.add(text.slice(runStart, i));
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
    if (previous >= 0 && firstPair((previous << 16) | unit, seen)) grams.push(bigramKey(previous, unit));
    previous = unit;
  }
  return { grams, words };
}

export type TermPlan =
  /** Exact: the pages holding this gram key. */
  | { kind: 'gram'; key: number }
  /** Exact: the pages holding any word that contains the term (3 or more characters). */
  | { kind: 'word' }
  /** Candidates: the pages holding every key (all pages when there is none); check each. */
  | { kind: 'check'; keys: number[] };

export function planTerm(term: string): TermPlan {
  const table = classes();
  const units = Array.from({ length: term.length }, (_, i) => term.charCodeAt(i));
  const unitClasses = units.map((unit) => table[unit]);
  if (!unitClasses.includes(SPACE)) {
    if (units.length === 1) return { kind: 'gram', key: unigramKey(units[0]) };
    if (units.length === 2) return { kind: 'gram', key: bigramKey(units[0], units[1]) };
    if (WORD_CLASSES.has(unitClasses[0]) && unitClasses.every((c) => c === unitClasses[0])) return { kind: 'word' };
  }
  const pairs = new Set<number>();
  for (let i = 1; i < units.length; i++) {
    if (unitClasses[i - 1] !== SPACE && unitClasses[i] !== SPACE) pairs.add(bigramKey(units[i - 1], units[i]));
  }
  if (pairs.size > 0) return { kind: 'check', keys: [...pairs] };
  return { kind: 'check', keys: [...new Set(units.filter((_, i) => unitClasses[i] !== SPACE).map(unigramKey))] };
}
