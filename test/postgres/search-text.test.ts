// Edges of stored text and search that PostgreSQL meets differently from SQLite, checked on both:
// text PostgreSQL cannot hold as such (U+0000) comes back unchanged, and terms of one, two and
// more characters find exactly the pages that contain them, whichever index serves them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { prepareContent, prepareTitle } from '../../src/content/prepare.ts';
import { splitSearchTerms } from '../../src/content/search-text.ts';
import type { Store } from '../../src/store/store.ts';
import {
  openPostgresTestStore, openSqliteTestStore, postgresReachable, testDatabaseUrl, type TestStore,
} from '../support/test-store.ts';

const reachable = await postgresReachable();
const skip = reachable ? false : `no PostgreSQL server answers at ${testDatabaseUrl}; start it (.ci/run does) to run these tests`;
const baseId = 'text-edges';
let ids = 0;

async function add(store: Store, title: string, body: string): Promise<string> {
  const page = await store.createPage(baseId, {
    ...prepareContent('T', body), title, searchTitle: prepareTitle(title), type: 'T', lang: 'en', now: new Date().toISOString(),
  }, () => `p${String(++ids).padStart(5, '0')}`);
  return page.contentId;
}

const backends: [string, () => Promise<TestStore>, false | string][] = [
  ['sqlite', openSqliteTestStore, false],
  ['postgres', openPostgresTestStore, skip],
];

for (const [name, open, skipBackend] of backends) describe(`${name}: text and search edges`, { skip: skipBackend }, () => {
  let opened: TestStore;
  let store: Store;

  before(async () => {
    opened = await open();
    store = opened.store;
    await store.createBase({ baseId, description: '', view: 'L' }, new Date().toISOString());
  });
  after(async () => { await opened?.dispose(); });

  async function search(q: string): Promise<string[]> {
    return (await store.searchPages(baseId, splitSearchTerms(q), {})).pages.map((p) => p.title).sort();
  }

  test('U+0000 and U+FFFF in a title or body come back exactly as sent, and can be searched for', async () => {
    const title = 'nul\u0000title \uFFFF0 end';
    const body = 'a\u0000b\uFFFF\uFFFFc\u0000';
    const id = await add(store, title, body);
    const page = await store.getPage(baseId, id);
    assert.equal(page?.title, title);
    assert.equal(page?.body, body);
    assert.deepEqual((await store.listPages(baseId, {})).pages.map((p) => p.title), [title]);
    assert.deepEqual(await search('a\u0000b'), [title]);
    assert.deepEqual(await search('\u0000'), [title]);
    assert.deepEqual(await search('\uFFFF0'), [title], 'the escape character itself is found as text');
  });

  test('terms of one, two and three or more characters find exactly the pages containing them', async () => {
    await add(store, '鰻の蒲焼', '秘伝のたれを使います。');
    await add(store, 'Setup', 'Run the installer, then go on.');
    await add(store, 'Emoji 😀 notes', 'x😀y and 100% _under_ back\\slash');
    await add(store, 'ab', 'cd');
    assert.deepEqual(await search('鰻'), ['鰻の蒲焼']);
    assert.deepEqual(await search('たれ'), ['鰻の蒲焼']);
    assert.deepEqual(await search('秘伝のたれ'), ['鰻の蒲焼']);
    assert.deepEqual(await search('go'), ['Setup']);
    assert.deepEqual(await search('😀'), ['Emoji 😀 notes']);
    assert.deepEqual(await search('x😀'), ['Emoji 😀 notes']);
    assert.deepEqual(await search('%'), ['Emoji 😀 notes']);
    assert.deepEqual(await search('_u'), ['Emoji 😀 notes']);
    assert.deepEqual(await search('k\\s'), ['Emoji 😀 notes']);
    assert.deepEqual(await search('bc'), [], 'title and body are not one text');
    assert.deepEqual(await search('ab cd'), ['ab'], 'each term may be in the title or in the body');
    assert.deepEqual(await search('ｓｅｔｕｐ ＧＯ'), ['Setup'], 'width and case are normalised');
  });
});
