// Locks of page edits on PostgreSQL: an edit that changes what the tree shows (title, level) takes
// the base lock at once when it is free, and otherwise starts again and waits for it; an edit of
// the body alone never waits for it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { prepareContent } from '../../src/content/prepare.ts';
import { PgDatabase } from '../../src/store/postgres/pool.ts';
import type { PostgresStore } from '../../src/store/postgres/postgres-store.ts';
import { openPostgresTestStore, postgresReachable, testDatabaseUrl, type TestStore } from '../support/test-store.ts';
import { nextId, now, page } from '../support/new-pages.ts';

const reachable = await postgresReachable();
const skip = reachable ? false : `no PostgreSQL server answers at ${testDatabaseUrl}; start it (.ci/run does) to run these tests`;

describe('page edits and the base lock on PostgreSQL', { skip }, () => {
  let opened: TestStore;
  let store: PostgresStore;
  let other: PgDatabase;

  before(async () => {
    opened = await openPostgresTestStore();
    store = opened.store as PostgresStore;
    other = new PgDatabase({ url: testDatabaseUrl, schema: opened.schema, poolMax: 1 });
  });
  after(async () => {
    await other.close();
    await opened.dispose();
  });

  /** Holds the base lock, as an outline write of another process would, until `release` is called. */
  async function holdBaseLock(baseId: string): Promise<{ release(): Promise<void> }> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => { locked = resolve; });
    const holding = other.transaction(async (tx) => {
      await tx.run('SELECT 1 FROM bases WHERE base_id = $1 FOR NO KEY UPDATE', [baseId]);
      locked();
      await released;
    });
    await isLocked;
    return { release: async () => { release(); await holding; } };
  }

  // A title change waiting for the base while holding its page would block the body edit: the timeout ends that.
  test('a title change made while another writer holds the base waits for it, then applies', { timeout: 20_000 }, async () => {
    await store.createBase({ baseId: 'held', description: 'Held', view: 'L' }, now());
    const a = await store.createPage('held', page('A'), nextId);
    const lock = await holdBaseLock('held');
    let finished = false;
    const renaming = store.updatePage('held', a.contentId, () => ({ title: 'Renamed', searchTitle: 'renamed' }), now())
      .finally(() => { finished = true; });
    // A body edit of the same base goes through while the lock is held.
    const edited = await store.updatePage('held', a.contentId, () => prepareContent('T', 'new body'), now());
    assert.equal(edited?.body, 'new body');
    assert.equal(finished, false, 'the title change waits for the base lock');
    await lock.release();
    assert.equal((await renaming)?.title, 'Renamed');
    const detail = await store.getPage('held', a.contentId);
    assert.deepEqual([detail?.title, detail?.body], ['Renamed', 'new body']);
    assert.deepEqual((await store.treePages('held', 3)).map((row) => row.title), ['Renamed']);
  });

  test('a title change with the base free takes the lock at once', async () => {
    await store.createBase({ baseId: 'free', description: 'Free', view: 'L' }, now());
    const a = await store.createPage('free', page('A'), nextId);
    assert.equal((await store.treePages('free', 3))[0].title, 'A');
    assert.equal((await store.updatePage('free', a.contentId, () => ({ title: 'B', searchTitle: 'b' }), now()))?.title, 'B');
    assert.equal((await store.treePages('free', 3))[0].title, 'B');
  });
});
