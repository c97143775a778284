// Store contract, property: search equals a plain scan of the pages. Random Japanese and English
// pages are created, edited and deleted; random queries of 1-3 terms, cut from the data or made
// up, must give the same pages, in the same order, with the same total as the scan.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { splitSearchTerms } from '../../src/content/search-text.ts';
import type { ContentType, Lang, Paging } from '../../src/domain/types.ts';
import type { PageChanges, Store } from '../../src/store/store.ts';
import { scanPageChanged, scanSearch, type ScanPage } from '../support/search-scan.ts';
import { contentChanges, newBase, newPage, nextContentId, scenarioClock, useStore, type OpenStore } from './contract-support.ts';

// Pieces of text: ASCII words, hiragana, katakana (full and half width), kanji (one outside the
// BMP), full-width letters and digits, characters special to LIKE, FTS or regex syntax, spaces
// (the ideographic one too) and characters that NFKC or lower-casing change.
const fragments = [
  'api', 'API', 'Install', 'db', 'docs', 'a', 'b', 'x', 'node', 'Search', 'or', 'NEAR',
  'あ', 'い', 'う', 'か', 'きょう', 'の', 'です',
  'カ', 'タ', 'データ', 'ベース', 'ー',
  'ｶ', 'ﾀ', 'ﾃﾞｰﾀ', 'ｰ',
  '検索', '東京', '日本', '語', '本', '𠮷',
  'ＡＰＩ', 'Ａ', 'ｂ', 'Ｄｏｃｓ', '１２',
  '1', '12', '%', '_', '"', '*', "'", '\\', '-', '(', ')', '.',
  ' ', ' ', '\u3000', 'e\u0301', 'é', 'ß', 'İ', 'Ω', 'ﬁ',
];
const missChars = [...new Set(fragments.flatMap((f) => Array.from(f.trim())))];

const textArb = (minLength: number) => fc.array(fc.constantFrom(...fragments), { minLength, maxLength: 8 }).map((a) => a.join(''));

type TermSpec = { from: 'data'; page: number; inTitle: boolean; start: number; length: number } | { from: 'miss'; text: string };

const termArb: fc.Arbitrary<TermSpec> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      from: fc.constant('data' as const), page: fc.nat(), inTitle: fc.boolean(), start: fc.nat(), length: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      from: fc.constant('miss' as const),
      text: fc.array(fc.constantFrom(...missChars), { minLength: 1, maxLength: 4 }).map((a) => a.join('')),
    }),
  },
);

interface Creation { title: string; body: string; type: ContentType; lang: Lang }

const creationArb: fc.Arbitrary<Creation> = fc.record({
  title: textArb(1), body: textArb(0), type: fc.constantFrom<ContentType>('T', 'M', 'H'), lang: fc.constantFrom<Lang>('ja', 'en'),
});

type Command =
  | ({ kind: 'create' } & Creation)
  | { kind: 'edit'; pick: number; title?: string; body?: string }
  | { kind: 'delete'; pick: number }
  | { kind: 'search'; terms: TermSpec[]; paging: Paging };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 2, arbitrary: creationArb.map((c) => ({ kind: 'create' as const, ...c })) },
  {
    weight: 2,
    arbitrary: fc.record(
      { kind: fc.constant('edit' as const), pick: fc.nat(), title: textArb(1), body: textArb(0) },
      { requiredKeys: ['kind', 'pick'] },
    ),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('search' as const),
      terms: fc.array(termArb, { minLength: 1, maxLength: 3 }),
      paging: fc.record({ limit: fc.integer({ min: 1, max: 4 }), offset: fc.integer({ min: 0, max: 5 }) }, { requiredKeys: [] }),
    }),
  },
);

const scenarioArb = fc.record({
  pages: fc.array(creationArb, { minLength: 1, maxLength: 10 }),
  commands: fc.array(commandArb, { maxLength: 30 }),
  // Milliseconds between writes; often none, so that equal updatedAt values meet in results.
  ticks: fc.array(fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, fc.integer({ min: 1, max: 2 })), { minLength: 40, maxLength: 40 }),
});

const NUM_RUNS = 60;

type ModelPage = ScanPage;

/** Cuts a term out of the live pages' search text, by code points, or takes a made-up one. */
function resolveTerms(specs: readonly TermSpec[], live: readonly ModelPage[]): string[] {
  const terms = specs.flatMap((spec) => {
    if (spec.from === 'miss') return splitSearchTerms(spec.text);
    if (live.length === 0) return [];
    const page = live[spec.page % live.length];
    const chars = Array.from(spec.inTitle ? page.searchTitle : page.searchBody);
    if (chars.length === 0) return [];
    const start = spec.start % chars.length;
    return splitSearchTerms(chars.slice(start, start + spec.length).join(''));
  });
  return terms.length > 0 ? terms.slice(0, 3) : ['not-in-any-page'];
}


async function runScenario(store: Store, scenario: { pages: Creation[]; commands: Command[]; ticks: number[] }): Promise<void> {
  const baseId = await newBase(store);
  const at = scenarioClock();
  let time = 0;
  let live: ModelPage[] = [];
  const create = async (c: Creation, now: string) => {
    const prepared = newPage({ ...c, now });
    const page = await store.createPage(baseId, prepared, nextContentId);
    live.push({ contentId: page.contentId, title: c.title, searchTitle: prepared.searchTitle, searchBody: prepared.searchBody, type: c.type, lang: c.lang, updatedAt: now });
  };
  for (const [i, c] of scenario.pages.entries()) {
    time += scenario.ticks[i];
    await create(c, at(time));
  }
  for (const [step, command] of scenario.commands.entries()) {
    time += scenario.ticks[scenario.pages.length + step];
    const now = at(time);
    if (command.kind === 'create') {
      await create(command, now);
    } else if (command.kind === 'search') {
      const terms = resolveTerms(command.terms, live);
      // Also unpaged, and with the terms reversed: no term may count more than another.
      const queries: [string[], Paging][] = [[terms, command.paging], [terms, {}], [[...terms].reverse(), {}]];
      for (const [query, paging] of queries) {
        assert.deepEqual(
          await store.searchPages(baseId, query, paging), scanSearch(live, query, paging),
          `step ${step}: search ${JSON.stringify(query)} ${JSON.stringify(paging)}`,
        );
      }
    } else if (live.length > 0) {
      const index = command.pick % live.length;
      const target = live[index];
      if (command.kind === 'delete') {
        await store.deletePage(baseId, target.contentId, now);
        live = live.filter((_, i) => i !== index);
      } else {
        let changes: PageChanges = {};
        await store.updatePage(baseId, target.contentId, (current) => (changes = contentChanges(current, command)), now);
        live[index] = scanPageChanged(target, changes, now);
      }
    }
  }
}

export function searchModelContract(open: OpenStore): void {
  describe('search model (property)', () => {
    const store = useStore(open);

    test('search gives the pages, order and total of a plain scan, through creates, edits and deletes', async () => {
      await fc.assert(fc.asyncProperty(scenarioArb, (scenario) => runScenario(store(), scenario)), { numRuns: NUM_RUNS });
    });
  });
}
