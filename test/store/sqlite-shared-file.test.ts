// Two SQLite stores on one database file, as two service processes would be: what one of them
// keeps between requests (tree rows, texts of pending pages, recent page, count and token answers)
// never hides a write of the other.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { issueToken } from '../../src/auth/tokens.ts';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import { prepareContent } from '../../src/content/prepare.ts';
import { nextId, now, page } from '../support/new-pages.ts';


describe('two SQLite stores on one file', () => {
  let dir: string;
  let one: SqliteStore;
  let two: SqliteStore;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kbp-test-'));
    one = new SqliteStore(join(dir, 'kb.db'));
    await one.migrate();
    two = new SqliteStore(join(dir, 'kb.db'));
    await two.migrate();
  });
  after(async () => {
    await one.close();
    await two.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the tree read by one shows the creates, level changes, title changes and deletes of the other', async () => {
    await one.createBase({ baseId: 'tree', description: 'Tree', view: 'L' }, now());
    const a = await one.createPage('tree', page('A'), nextId);
    const b = await one.createPage('tree', page('B'), nextId);
    const titles = async () => (await one.treePages('tree', 3)).map((row) => `${row.title}${row.level}`).join(' ');
    assert.equal(await titles(), 'A0 B0');

    await two.createPage('tree', page('C'), nextId);
    assert.equal(await titles(), 'A0 B0 C0');
    await two.updatePage('tree', b.contentId, () => ({ level: 1 }), now());
    assert.equal(await titles(), 'A0 B1 C0');
    await two.updatePage('tree', b.contentId, () => ({ title: 'Bee', searchTitle: 'bee' }), now());
    assert.equal(await titles(), 'A0 Bee1 C0');
    await two.deletePage('tree', a.contentId, now());
    assert.equal(await titles(), 'Bee0 C0');
  });

  test('a search by one finds the text another wrote, also for a page whose text changes while pending', async () => {
    await one.createBase({ baseId: 'find', description: 'Find', view: 'L' }, now());
    const p = await one.createPage('find', page('Notes', 'apple'), nextId);
    const found = async (term: string) => (await one.searchPages('find', [term], {})).total;
    assert.equal(await found('apple'), 1);

    // The page is still pending: its new text must replace the one the first store has read.
    await two.updatePage('find', p.contentId, () => prepareContent('T', 'banana'), now());
    assert.equal(await found('apple'), 0);
    assert.equal(await found('banana'), 1);
    await two.updatePage('find', p.contentId, () => ({ title: 'Cherry notes', searchTitle: 'cherry notes' }), now());
    assert.deepEqual((await one.searchPages('find', ['cherry', 'banana'], {})).pages.map((x) => x.contentId), [p.contentId]);
    await two.deletePage('find', p.contentId, now());
    assert.equal(await found('banana'), 0);
  });

  test('a page, the page count and a token access read by one show the writes of the other', async () => {
    await one.createBase({ baseId: 'kept', description: 'Kept', view: 'L' }, now());
    const a = await one.createPage('kept', page('A', 'first'), nextId);
    const read = async () => {
      const detail = await one.getPage('kept', a.contentId);
      return detail && `${detail.title}:${detail.body}:${detail.level}:${detail.path.join('/')}`;
    };
    assert.equal(await read(), 'A:first:0:A');
    assert.equal(await one.countPages('kept'), 1);

    const parent = await two.createPage('kept', page('P'), nextId);
    assert.equal(await one.countPages('kept'), 2);
    await two.updatePage('kept', a.contentId, () => ({ title: 'A2', searchTitle: 'a2', ...prepareContent('T', 'second') }), now());
    assert.equal(await read(), 'A2:second:0:A2');
    // Moving the page under another: its path changes though its own row does not move.
    await two.deletePage('kept', parent.contentId, now());
    const b = await two.createPage('kept', page('B'), nextId);
    await two.updatePage('kept', b.contentId, () => ({ level: 1 }), now());
    assert.equal((await one.getPage('kept', b.contentId))?.path.join('/'), 'A2/B');
    await two.updatePage('kept', a.contentId, () => ({ title: 'A3', searchTitle: 'a3' }), now());
    assert.equal((await one.getPage('kept', b.contentId))?.path.join('/'), 'A3/B');
    await two.deletePage('kept', a.contentId, now());
    assert.equal(await read(), null);
    assert.equal(await one.countPages('kept'), 1);

    const user = await one.createUser('kept@example.com', 'Kept', now());
    const issued = issueToken();
    await one.createToken({
      tokenId: issued.tokenId, baseId: 'kept', userId: user.userId, tokenHash: issued.tokenHash,
      displayPrefix: issued.displayPrefix, lastFour: issued.lastFour, scope: 'write',
      createdAt: now(), expiresAt: '2027-01-01T00:00:00.000Z',
    });
    assert.equal((await one.findTokenAccess(issued.tokenHash))?.role, null);
    await two.setMemberRole('kept', user.userId, 'writer');
    assert.equal((await one.findTokenAccess(issued.tokenHash))?.role, 'writer');
    const revokedAt = now();
    await two.revokeToken(issued.tokenId, revokedAt);
    assert.equal((await one.findTokenAccess(issued.tokenHash))?.token.revokedAt, revokedAt);
  });
});
