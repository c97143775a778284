// Property: search equals a plain scan of the live pages, on each backend. Random Japanese and
// English pages are created, edited and deleted (page ids placed across chunk boundaries, merges
// after 1 to 6 writes or never); random queries of 1-3 terms of 1-6 characters, cut from titles
// or bodies or made up, must give the same pages, order and total as the scan, paged and not,
// whichever way the ranking picks the newest members of a group, with rank keys kept or not.
// At the end the base is rebuilt by the bulk path and every query asked again.
import fc from 'fast-check';
import { splitSearchTerms } from '../../src/content/search-text';
import { CHUNK_SIZE } from '../../src/search/page-set';
import { DEFAULT_KEPT_MEMBER_COST, DEFAULT_PROBE_COST } from '../../src/search/search-rank';
import { backends } from '../support/databases';
import { at, openSearch, scanSearch, TestBase, type ModelPage, type SearchSetup } from './support';

// ASCII words, hiragana, katakana (full and half width), kanji (one outside the BMP), full-width
// letters and digits, characters special to LIKE or regex syntax, spaces (the ideographic one
// too) and characters that NFKC or lower-casing change.
const fragments = [
  'api', 'API', 'Install', 'db', 'docs', 'a', 'b', 'x', 'node', 'Search', 'or', 'database', 'base',
  'あ', 'い', 'う', 'か', 'きょう', 'の', 'です', 'について',
  'カ', 'タ', 'データ', 'ベース', 'ー', 'システム', 'サーバー',
  'ｶ', 'ﾀ', 'ﾃﾞｰﾀ', 'ｰ',
  '検索', '東京', '日本', '語', '本', '𠮷', '情報検索', '設定',
  'ＡＰＩ', 'Ａ', 'ｂ', 'Ｄｏｃｓ', '１２',
  '1', '12', '%', '_', '"', '*', "'", '\\', '-', '(', ')', '.',
  ' ', ' ', '\u3000', 'e\u0301', 'é', 'ß', 'İ', 'Ω', 'ﬁ',
];
const missChars = [...new Set(fragments.flatMap((f) => Array.from(f.trim())))];
const textArb = (minLength: number) => fc.array(fc.constantFrom(...fragments), { minLength, maxLength: 10 }).map((a) => a.join(''));

type TermSpec = { from: 'data'; page: number; inTitle: boolean; start: number; length: number } | { from: 'miss'; text: string };
const termArb: fc.Arbitrary<TermSpec> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ from: fc.constant('data' as const), page: fc.nat(), inTitle: fc.boolean(), start: fc.nat(), length: fc.integer({ min: 1, max: 6 }) }) },
  { weight: 1, arbitrary: fc.record({ from: fc.constant('miss' as const), text: fc.array(fc.constantFrom(...missChars), { minLength: 1, maxLength: 4 }).map((a) => a.join('')) }) },
);

interface Creation { title: string; body: string; type: 'T' | 'H' | 'M'; lang: 'ja' | 'en'; gap: number }
const creationArb: fc.Arbitrary<Creation> = fc.record({
  title: textArb(1), body: textArb(0), type: fc.constantFrom<'T' | 'H' | 'M'>('T', 'M', 'H'), lang: fc.constantFrom<'ja' | 'en'>('ja', 'en'),
  // Usually the next page id; sometimes a jump into a later chunk.
  gap: fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 * CHUNK_SIZE }) }),
});

type Command =
  | ({ kind: 'create' } & Creation)
  | { kind: 'edit'; pick: number; title?: string; body?: string; level?: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'search'; terms: TermSpec[]; space: string; paging: { limit?: number; offset?: number } };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 2, arbitrary: creationArb.map((c) => ({ kind: 'create' as const, ...c })) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), title: textArb(1), body: textArb(0), level: fc.nat(3) }, { requiredKeys: ['kind', 'pick'] }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('search' as const),
      terms: fc.array(termArb, { minLength: 1, maxLength: 3 }),
      space: fc.constantFrom(' ', '\u3000', '  '),
      paging: fc.record({ limit: fc.integer({ min: 1, max: 4 }), offset: fc.integer({ min: 0, max: 5 }) }, { requiredKeys: [] }),
    }),
  },
);

const scenarioArb = fc.record({
  pages: fc.array(creationArb, { minLength: 1, maxLength: 10 }),
  commands: fc.array(commandArb, { maxLength: 30 }),
  // Milliseconds between writes; often none, so that equal updated_at values meet in results.
  ticks: fc.array(fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, fc.integer({ min: 1, max: 2 })), { minLength: 41, maxLength: 41 }),
  // Where the first page id falls: just before a chunk boundary, so that pages straddle it.
  firstBelowBoundary: fc.integer({ min: 1, max: 6 }),
  // Word numbers too: a base whose vocabulary already ends just before a chunk boundary.
  wordsBelowBoundary: fc.option(fc.integer({ min: 1, max: 6 })),
  mergeThreshold: fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constant(1_000_000)),
  // How a group is ranked: in the database, the newest members probed (probeCost 0), walked by
  // recency (Infinity), or chosen; or with the rank keys this process keeps, in memory: members
  // looked up (keptMemberCost 0), walked by recency (Infinity), or chosen.
  ranking: fc.constantFrom(
    ...[0, DEFAULT_PROBE_COST, Infinity].map((probeCost) => ({ probeCost, keepFrom: Infinity, keptMemberCost: DEFAULT_KEPT_MEMBER_COST })),
    ...[0, DEFAULT_KEPT_MEMBER_COST, Infinity].map((keptMemberCost) => ({ probeCost: DEFAULT_PROBE_COST, keepFrom: 0, keptMemberCost })),
  ),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer S> ? S : never;

/** Cuts a term out of the live pages' search text, by code points, or takes a made-up one. */
function resolveQuery(specs: readonly TermSpec[], live: readonly ModelPage[], space: string): string {
  const terms = specs.flatMap((spec) => {
    if (spec.from === 'miss') return [spec.text];
    if (live.length === 0) return [];
    const page = live[spec.page % live.length];
    const chars = Array.from(spec.inTitle ? page.searchTitle : page.searchBody);
    if (chars.length === 0) return [];
    const start = spec.start % chars.length;
    return [chars.slice(start, start + spec.length).join('')];
  });
  const q = terms.join(space);
  return splitSearchTerms(q).length > 0 ? q : 'not-in-any-page';
}

describe.each(backends)('search equals a plain scan, on %s', (backend) => {
  let setup: SearchSetup;
  /** A chunk no page id has reached yet; the next scenario starts just below it. */
  let freeChunk = 4;
  beforeAll(async () => {
    setup = await openSearch(backend);
  });
  afterAll(() => setup.close());

  async function run(scenario: Scenario) {
    setup.index.mergeThreshold = scenario.mergeThreshold;
    Object.assign(setup.ranking, { probeCost: scenario.ranking.probeCost, keptMemberCost: scenario.ranking.keptMemberCost });
    setup.keptKeys.keepFrom = scenario.ranking.keepFrom;
    const base = await TestBase.create(setup, freeChunk * CHUNK_SIZE - scenario.firstBelowBoundary);
    try {
      await runOn(base, scenario);
    } finally {
      // Page ids are unique across bases, and gaps take a scenario's ids any number of chunks on.
      freeChunk = Math.ceil(base.nextPageId / CHUNK_SIZE) + 1;
    }
  }

  async function runOn(base: TestBase, scenario: Scenario) {
    if (scenario.wordsBelowBoundary !== null) {
      await setup.db.write((tx) => tx.query("INSERT INTO search_words (base_id, word_no, word_hash, word) VALUES (?, ?, 0, ' ')",
        [base.baseId, CHUNK_SIZE - 1 - scenario.wordsBelowBoundary!]));
    }
    let time = 0;
    const asked: string[] = [];
    const create = async (c: Creation) => {
      base.nextPageId += c.gap;
      await base.add({ title: c.title, body: c.body, type: c.type, lang: c.lang, updatedAt: at(time) });
    };
    const check = async (q: string, paging: { limit?: number; offset?: number }, step: string) => {
      const expected = scanSearch(base.live, splitSearchTerms(q), paging);
      expect([step, q, paging, await base.search(q, paging)]).toEqual([step, q, paging, expected]);
    };
    for (const [i, c] of scenario.pages.entries()) {
      time += scenario.ticks[i];
      await create(c);
    }
    for (const [step, command] of scenario.commands.entries()) {
      time += scenario.ticks[scenario.pages.length + step];
      if (command.kind === 'create') {
        await create(command);
      } else if (command.kind === 'search') {
        const q = resolveQuery(command.terms, base.live, command.space);
        const reversed = splitSearchTerms(q).reverse().join(' ');
        asked.push(q);
        for (const [query, paging] of [[q, command.paging], [q, {}], [reversed, {}]] as const) await check(query, paging, `step ${step}`);
      } else if (base.live.length > 0) {
        const target = base.live[command.pick % base.live.length];
        if (command.kind === 'delete') await base.remove(target, at(time));
        else await base.edit(target, command, at(time));
      }
    }
    await setup.index.rebuild(setup.db, base.baseId);
    for (const q of asked) await check(q, {}, 'after rebuild');
  }

  test('through creates, edits and deletes, and after a rebuild', async () => {
    await fc.assert(fc.asyncProperty(scenarioArb, (scenario) => run(scenario)), { numRuns: Number(process.env.SEARCH_RUNS ?? 40) });
  });
});
