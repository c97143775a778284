// PostgresStore.bulkInsertPages, the seeding path of the benchmark, against what it stands in
// for: the same pages made with createPage and a level update each must come out the same in
// every read (ids, order, levels, texts, tree, search), and a call larger than one statement's
// chunk keeps its order.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { prepareContent, prepareTitle } from '../../src/content/prepare.ts';
import { splitSearchTerms } from '../../src/content/search-text.ts';
import type { ContentType, Lang } from '../../src/domain/types.ts';
import type { BulkPage, PostgresStore } from '../../src/store/postgres/postgres-store.ts';
import { openPostgresTestStore, postgresReachable, testDatabaseUrl, type TestStore } from '../support/test-store.ts';

const reachable = await postgresReachable();
const skip = reachable ? false : `no PostgreSQL server answers at ${testDatabaseUrl}; start it (.ci/run does) to run these tests`;

const at = (n: number) => new Date(Date.parse('2026-01-01T00:00:00.000Z') + n * 60_000).toISOString();

// Titles and bodies that a PostgreSQL array literal must quote or escape, and text it cannot hold.
const awkward = ['say "hi"', 'back\\slash', '{braces}', 'a, b', 'NULL', '', '  spaced  ', 'nul\u0000here', 'ff\uFFFF0'];
const bodies: [ContentType, string][] = [
  ['M', '# サーバー設定\n\n設定ファイルを**確認**します。 `server` starts.'],
  ['H', '<p>The <b>cache</b> server reads its config.</p><script>alert(1)</script>'],
  ['T', '鰻の蒲焼と蒟蒻。 plain text about zeppelin'],
  ['M', '- list item\n- another "quoted" item with {braces}, commas and back\\slashes'],
  ['T', 'text with nul\u0000inside and \uFFFF too'],
];
const levels = [0, 1, 2, 2, 1, 0, 1, 2, 3, 4, 3, 1, 0, 0, 1, 1, 2, 3, 2, 0, 1, 2, 1, 0, 1];

function samplePages(): BulkPage[] {
  return levels.map((level, n) => {
    const [type, body] = bodies[n % bodies.length];
    const lang: Lang = n % 2 === 0 ? 'ja' : 'en';
    const title = `${awkward[n % awkward.length]} ${n % 3 === 0 ? '設定' : 'server'} ${n}`;
    return { ...prepareContent(type, `${body}\n\n${n}`), title, searchTitle: prepareTitle(title), type, lang, now: at(n + 1), level };
  });
}

/** The same ids for each base: a repeat, and an id the page made beforehand already has. */
function contentIds(): () => string {
  const start = ['p001', 'p002', 'p002', 'p000', 'p003'];
  let n = 0;
  return () => start[n++] ?? `p${String(n).padStart(3, '0')}`;
}

describe('postgres: bulkInsertPages', { skip }, () => {
  let opened: TestStore;
  let store: PostgresStore;

  before(async () => {
    opened = await openPostgresTestStore();
    store = opened.store as PostgresStore;
  });
  after(async () => { await opened?.dispose(); });

  /** A base with one page already in it, whose content id the next draws repeat. */
  async function baseWithOnePage(baseId: string): Promise<void> {
    await store.createBase({ baseId, description: '', view: 'L' }, at(0));
    const [first] = samplePages();
    await store.createPage(baseId, { ...first, title: 'existing' }, () => 'p000');
  }

  test('gives the same pages as createPage and a level update each', async () => {
    await baseWithOnePage('one-by-one');
    await baseWithOnePage('bulk');
    const pages = samplePages();

    const nextOne = contentIds();
    const oneByOne: string[] = [];
    for (const { level, ...page } of pages) {
      const created = await store.createPage('one-by-one', page, nextOne);
      if (level) await store.updatePage('one-by-one', created.contentId, () => ({ level }), page.now);
      oneByOne.push(created.contentId);
    }

    const nextBulk = contentIds();
    // Two calls: the second appends after the first.
    const bulk = [
      ...await store.bulkInsertPages('bulk', pages.slice(0, 15), nextBulk),
      ...await store.bulkInsertPages('bulk', pages.slice(15), nextBulk),
    ];

    assert.deepEqual(bulk, oneByOne);
    assert.equal(new Set(bulk).size, pages.length);
    assert.ok(!bulk.includes('p000'), 'an id the base has is drawn again');

    const list = await store.listPages('bulk', {});
    assert.deepEqual(list, await store.listPages('one-by-one', {}));
    assert.deepEqual(list.pages.map((p) => [p.contentId, p.title, p.level]),
      [['p000', 'existing', 0], ...pages.map((p, n) => [bulk[n], p.title, p.level])]);
    assert.deepEqual(await store.treePages('bulk', 5), await store.treePages('one-by-one', 5));
    assert.equal(await store.countPages('bulk'), pages.length + 1);

    for (const [n, contentId] of bulk.entries()) {
      const { baseId: _bulkBase, ...fromBulk } = (await store.getPage('bulk', contentId))!;
      const { baseId: _oneBase, ...fromOne } = (await store.getPage('one-by-one', contentId))!;
      assert.deepEqual(fromBulk, fromOne);
      assert.equal(fromBulk.title, pages[n].title);
      assert.equal(fromBulk.body, pages[n].body);
    }

    for (const q of ['設定', '鰻', 'server', 'zeppelin', 'cache', '"quoted"', 'nul\u0000', '\uFFFF0', 'xylophone']) {
      const terms = splitSearchTerms(q);
      const found = await store.searchPages('bulk', terms, {});
      assert.deepEqual(found, await store.searchPages('one-by-one', terms, {}), q);
      if (q !== 'xylophone') assert.ok(found.total > 0, `${q} finds pages`);
    }
  });

  test('a call of more pages than one statement takes keeps their order and levels', async () => {
    const baseId = 'many';
    await store.createBase({ baseId, description: '', view: 'L' }, at(0));
    const count = 1234;
    const pages = Array.from({ length: count }, (_, n): BulkPage => {
      const title = `page ${n}`;
      const body = n % 100 === 7 ? `rare marmalade ${n}` : `common ${n}`;
      return { ...prepareContent('T', body), title, searchTitle: prepareTitle(title), type: 'T', lang: 'en', now: at(n), level: n % 3 };
    });
    let id = 0;
    const ids = await store.bulkInsertPages(baseId, pages, () => `c${(id++).toString(36)}`);
    assert.equal(new Set(ids).size, count);
    const list = await store.listPages(baseId, {});
    assert.deepEqual(list.pages.map((p) => [p.contentId, p.title, p.level, p.order]),
      pages.map((p, n) => [ids[n], p.title, p.level, n]));
    const rare = await store.searchPages(baseId, ['marmalade'], {});
    assert.deepEqual(rare.pages.map((p) => p.title).sort(),
      pages.filter((p) => p.body.includes('marmalade')).map((p) => p.title).sort());
  });

  test('an unknown base is refused and nothing is written', async () => {
    await assert.rejects(store.bulkInsertPages('missing', samplePages(), contentIds()), /does not exist/);
    assert.deepEqual(await store.bulkInsertPages('missing', [], contentIds()), []);
  });
});
