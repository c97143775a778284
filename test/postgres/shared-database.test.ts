// Two PostgreSQL stores on one database, as two service processes would be: what one of them
// keeps (tree rows) or reads from the base row (the live page count, migration 5) never hides a
// write of the other; and a database migrated from before the count gets its count right.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { withUpgradedStore } from './upgraded-store.ts';
import { PostgresStore } from '../../src/store/postgres/postgres-store.ts';
import { openPostgresTestStore, postgresReachable, testDatabaseUrl, type TestStore } from '../support/test-store.ts';
import { prepareContent } from '../../src/content/prepare.ts';
import { nextId, now, page } from '../support/new-pages.ts';

const reachable = await postgresReachable();
const skip = reachable ? false : `no PostgreSQL server answers at ${testDatabaseUrl}; start it (.ci/run does) to run these tests`;

describe('two PostgreSQL stores on one database', { skip }, () => {
  let opened: TestStore;
  let one: PostgresStore;
  let two: PostgresStore;

  before(async () => {
    opened = await openPostgresTestStore();
    one = opened.store as PostgresStore;
    two = new PostgresStore({ url: testDatabaseUrl, schema: opened.schema, poolMax: 2 });
  });
  after(async () => {
    await two.close();
    await opened.dispose();
  });

  test('the tree read by one shows the creates, level changes, title changes and deletes of the other', async () => {
    await one.createBase({ baseId: 'tree', description: 'Tree', view: 'L' }, now());
    const a = await one.createPage('tree', page('A'), nextId);
    const b = await one.createPage('tree', page('B'), nextId);
    const titles = async (levels = 3) => (await one.treePages('tree', levels)).map((row) => `${row.title}${row.level}`).join(' ');
    assert.equal(await titles(), 'A0 B0');
    assert.equal(await titles(), 'A0 B0', 'kept rows, read again');

    await two.createPage('tree', page('C'), nextId);
    assert.equal(await titles(), 'A0 B0 C0');
    await two.updatePage('tree', b.contentId, () => ({ level: 1 }), now());
    assert.equal(await titles(), 'A0 B1 C0');
    assert.equal(await titles(1), 'A0 C0', 'rows kept for other levels are not reused');
    await two.updatePage('tree', b.contentId, () => ({ title: 'Bee', searchTitle: 'bee' }), now());
    assert.equal(await titles(), 'A0 Bee1 C0');
    // An edit that leaves title and level alone leaves the tree as it is.
    await two.updatePage('tree', b.contentId, () => ({ title: 'Bee', searchTitle: 'bee', ...prepareContent('T', 'new body') }), now());
    assert.equal(await titles(), 'A0 Bee1 C0');
    await two.deletePage('tree', a.contentId, now());
    assert.equal(await titles(), 'Bee0 C0');
    await two.bulkInsertPages('tree', [{ ...page('D'), level: 1 }, { ...page('E'), level: 0 }], nextId);
    assert.equal(await titles(), 'Bee0 C0 D1 E0');
  });

  test('tree requests arriving together while the rows are not kept all get the same rows', async () => {
    await one.createBase({ baseId: 'burst', description: 'Burst', view: 'L' }, now());
    await one.bulkInsertPages('burst', Array.from({ length: 50 }, (_, n) => ({ ...page(`P${n}`), level: n % 3 })), nextId);
    const answers = await Promise.all(Array.from({ length: 8 }, () => one.treePages('burst', 2)));
    for (const rows of answers) assert.deepEqual(rows, answers[0]);
    assert.equal(answers[0].length, 34);
    await two.createPage('burst', page('Last'), nextId);
    const after = await Promise.all(Array.from({ length: 4 }, () => one.treePages('burst', 2)));
    for (const rows of after) assert.equal(rows.at(-1)?.title, 'Last');
  });

  test('the page count and list total read by one follow the creates, deletes and bulk inserts of the other', async () => {
    await one.createBase({ baseId: 'count', description: 'Count', view: 'L' }, now());
    await one.createBase({ baseId: 'other', description: 'Other', view: 'L' }, now());
    const counts = async () => [await one.countPages('count'), (await one.listPages('count', { limit: 1 })).total, await one.countPages('other')];
    assert.deepEqual(await counts(), [0, 0, 0]);
    const a = await two.createPage('count', page('A'), nextId);
    await two.createPage('count', page('B'), nextId);
    await two.createPage('other', page('X'), nextId);
    assert.deepEqual(await counts(), [2, 2, 1]);
    await two.bulkInsertPages('count', [page('C'), page('D'), page('E')], nextId);
    assert.deepEqual(await counts(), [5, 5, 1]);
    assert.equal(await two.deletePage('count', a.contentId, now()), true);
    assert.equal(await two.deletePage('count', a.contentId, now()), false, 'a second delete of one page counts nothing');
    await two.updatePage('count', (await one.listPages('count', {})).pages[0].contentId, () => ({ level: 0, title: 'B2' }), now());
    assert.deepEqual(await counts(), [4, 4, 1]);
    // The kept count is the pages' own.
    assert.equal((await one.listPages('count', {})).pages.length, 4);
  });

  test('a base of a database from before the count gets the count of its live pages in the upgrade', async () => {
    // Rows as the store of version 4 wrote them: no count on the base row.
    await withUpgradedStore(`${opened.schema}_old`, 4, async (tx) => {
      await tx.run(`INSERT INTO bases (base_id, description, view, next_seq, created_at)
                    VALUES ('old', 'Old', 'L', 4, now()), ('empty', 'Empty', 'L', 0, now())`);
      await tx.run(`INSERT INTO pages (base_id, seq, content_id, level, status, title, type, lang, created_at, updated_at)
                    SELECT 'old', n - 1, 'p' || n, 0, CASE WHEN n = 2 THEN 'D' ELSE 'A' END, title, 'T', 'en', now(), now()
                    FROM unnest(ARRAY['A', 'B', 'C', 'D']) WITH ORDINALITY AS t (title, n)`);
      await tx.run(`INSERT INTO page_texts (base_id, seq, search_title, search_body, body)
                    SELECT base_id, seq, lower(title), '', '' FROM pages`);
    }, async (store) => {
      assert.deepEqual([await store.countPages('old'), await store.countPages('empty')], [3, 0]);
      assert.deepEqual((await store.treePages('old', 3)).map((row) => row.title), ['A', 'C', 'D']);
      await store.createPage('old', page('E'), nextId);
      assert.equal((await store.listPages('old', {})).total, 4);
    });
  });
});
