// Store contract: creating, reading, updating, deleting and listing pages.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { StoredPage } from '../../src/store/store.ts';
import {
  addPage, contentChanges, idSequence, later, newBase, newPage, nextContentId, useStore, type OpenStore,
} from './contract-support.ts';

export function pagesContract(open: OpenStore): void {
  describe('pages', () => {
    const store = useStore(open);

    test('createPage appends the page at the end at level 0 with the given fields and path [title]', async () => {
      const baseId = await newBase(store());
      await addPage(store(), baseId, { title: 'First' });
      const now = later();
      const created = await store().createPage(
        baseId, newPage({ title: 'インストール', body: '# Setup', type: 'M', lang: 'ja', now }), idSequence('inst01').next,
      );
      assert.equal(typeof created.seq, 'number');
      const expected = {
        baseId, contentId: 'inst01', seq: created.seq, level: 0, title: 'インストール', body: '# Setup',
        type: 'M', lang: 'ja', view: null, createdAt: now, updatedAt: now, path: ['インストール'],
      };
      assert.deepEqual(created, expected);
      assert.deepEqual(await store().getPage(baseId, 'inst01'), expected);
      const { pages } = await store().listPages(baseId, {});
      assert.deepEqual(pages.map((p) => [p.title, p.order, p.level]), [['First', 0, 0], ['インストール', 1, 0]]);
    });

    test('createPage asks newContentId again while the id is taken in the base', async () => {
      const baseId = await newBase(store());
      const taken = await addPage(store(), baseId, { title: 'Taken' });
      const ids = idSequence(taken.contentId, taken.contentId, 'fresh1');
      const created = await store().createPage(baseId, newPage({ title: 'New' }), ids.next);
      assert.equal(created.contentId, 'fresh1');
      assert.equal(ids.calls(), 3);
      assert.equal((await store().getPage(baseId, taken.contentId))?.title, 'Taken');
    });

    test('a soft-deleted page keeps its content id taken', async () => {
      const baseId = await newBase(store());
      const gone = await addPage(store(), baseId, { title: 'Gone' });
      await store().deletePage(baseId, gone.contentId, later());
      const created = await store().createPage(baseId, newPage({ title: 'New' }), idSequence(gone.contentId).next);
      assert.notEqual(created.contentId, gone.contentId);
    });

    test('the same content id lives independently in two bases', async () => {
      const [one, two] = [await newBase(store()), await newBase(store())];
      await addPage(store(), one, { title: 'In one' }, 'same01');
      await addPage(store(), two, { title: 'In two' }, 'same01');
      await store().updatePage(one, 'same01', () => ({ title: 'Renamed in one' }), later());
      assert.equal(await store().deletePage(two, 'same01', later()), true);
      assert.equal((await store().getPage(one, 'same01'))?.title, 'Renamed in one');
      assert.equal(await store().getPage(two, 'same01'), null);
    });

    test('getPage returns null for an unknown page', async () => {
      const baseId = await newBase(store());
      assert.equal(await store().getPage(baseId, nextContentId()), null);
    });

    test('getPage returns null for a deleted page', async () => {
      const baseId = await newBase(store());
      const page = await addPage(store(), baseId, { title: 'Deleted' });
      await store().deletePage(baseId, page.contentId, later());
      assert.equal(await store().getPage(baseId, page.contentId), null);
    });

    test('getPage returns null for a page of another base', async () => {
      const [mine, other] = [await newBase(store()), await newBase(store())];
      const page = await addPage(store(), other, { title: 'Elsewhere' });
      assert.equal(await store().getPage(mine, page.contentId), null);
    });

    test('updatePage applies only the changes derive returns', async () => {
      const baseId = await newBase(store());
      const page = await addPage(store(), baseId, { title: 'Old', body: 'kept body', type: 'T', lang: 'en' });
      const now = later();
      const updated = await store().updatePage(baseId, page.contentId, () => ({ title: 'New', lang: 'ja' }), now);
      const expected = { ...page, title: 'New', lang: 'ja', updatedAt: now, path: ['New'] };
      assert.deepEqual(updated, expected);
      assert.deepEqual(await store().getPage(baseId, page.contentId), expected);
    });

    test('updatePage sets view and sets it back to null', async () => {
      const baseId = await newBase(store());
      const page = await addPage(store(), baseId, { title: 'Viewed' });
      assert.equal((await store().updatePage(baseId, page.contentId, () => ({ view: 'I' }), later()))?.view, 'I');
      assert.equal((await store().getPage(baseId, page.contentId))?.view, 'I');
      await store().updatePage(baseId, page.contentId, () => ({ view: null }), later());
      assert.equal((await store().getPage(baseId, page.contentId))?.view, null);
    });

    test('updatePage gives derive the current stored page, html included', async () => {
      const baseId = await newBase(store());
      const prepared = newPage({ title: 'Doc', body: '**bold**', type: 'M' });
      const created = await store().createPage(baseId, prepared, nextContentId);
      await store().updatePage(baseId, created.contentId, () => ({ lang: 'ja', view: 'O' }), later());
      const { path: _path, ...current } = (await store().getPage(baseId, created.contentId))!;
      const seen: StoredPage[] = [];
      await store().updatePage(baseId, created.contentId, (page) => { seen.push(page); return {}; }, later());
      assert.deepEqual(seen, [{ ...current, html: prepared.html }]);
    });

    test('updatePage stores new body and html together and derive sees them next time', async () => {
      const baseId = await newBase(store());
      const page = await store().createPage(baseId, newPage({ title: 'Doc', body: 'one', type: 'M' }), nextContentId);
      await store().updatePage(baseId, page.contentId, (current) => contentChanges(current, { body: '*two*' }), later());
      let seen: StoredPage | undefined;
      await store().updatePage(baseId, page.contentId, (current) => { seen = current; return {}; }, later());
      assert.equal(seen?.body, '*two*');
      assert.match(seen?.html ?? '', /<em>two<\/em>/);
    });

    test('updatePage sets updatedAt to now and keeps createdAt', async () => {
      const baseId = await newBase(store());
      const page = await addPage(store(), baseId, { title: 'Timed' });
      const now = later();
      const updated = await store().updatePage(baseId, page.contentId, () => ({ body: 'changed' }), now);
      assert.equal(updated?.updatedAt, now);
      assert.equal(updated?.createdAt, page.createdAt);
      assert.equal((await store().getPage(baseId, page.contentId))?.updatedAt, now);
    });

    test('updatePage returns null for an unknown page without calling derive', async () => {
      const baseId = await newBase(store());
      let called = false;
      const result = await store().updatePage(baseId, nextContentId(), () => { called = true; return {}; }, later());
      assert.equal(result, null);
      assert.equal(called, false);
    });

    test('updatePage returns null for a deleted page', async () => {
      const baseId = await newBase(store());
      const page = await addPage(store(), baseId, { title: 'Deleted' });
      await store().deletePage(baseId, page.contentId, later());
      assert.equal(await store().updatePage(baseId, page.contentId, () => ({ title: 'Back' }), later()), null);
    });

    test('updatePage returns null for a page of another base and leaves it alone', async () => {
      const [mine, other] = [await newBase(store()), await newBase(store())];
      const page = await addPage(store(), other, { title: 'Elsewhere' });
      assert.equal(await store().updatePage(mine, page.contentId, () => ({ title: 'Hijacked' }), later()), null);
      assert.deepEqual(await store().getPage(other, page.contentId), page);
    });

    test('a derive that throws rejects the update with its error and changes nothing', async () => {
      const baseId = await newBase(store());
      const ids = [await addPage(store(), baseId, { title: 'Parent' }), await addPage(store(), baseId, { title: 'Child' })];
      await store().updatePage(baseId, ids[1].contentId, () => ({ level: 1 }), later());
      const before = await store().getPage(baseId, ids[0].contentId);
      const failure = new Error('derive failed');
      await assert.rejects(store().updatePage(baseId, ids[0].contentId, () => { throw failure; }, later()), (e) => e === failure);
      assert.deepEqual(await store().getPage(baseId, ids[0].contentId), before);
      assert.equal((await store().getPage(baseId, ids[1].contentId))?.level, 1);
    });

    test('the store keeps working after many failed updates', { timeout: 60_000 }, async () => {
      // A backend that leaked a connection or an open transaction per failure would stall here.
      const baseId = await newBase(store());
      const page = await addPage(store(), baseId, { title: 'Sturdy' });
      for (let i = 0; i < 25; i++) {
        await assert.rejects(store().updatePage(baseId, page.contentId, () => { throw new Error('no'); }, later()));
        await assert.rejects(store().updatePage(baseId, page.contentId, () => ({ level: 101 }), later()));
      }
      assert.equal((await store().updatePage(baseId, page.contentId, () => ({ title: 'Still here' }), later()))?.title, 'Still here');
      assert.equal((await addPage(store(), baseId, { title: 'Next' })).title, 'Next');
    });

    test('deletePage returns true and the page leaves list, count, tree and search', async () => {
      const baseId = await newBase(store());
      await addPage(store(), baseId, { title: 'Stays alpha' });
      const gone = await addPage(store(), baseId, { title: 'Goes alpha' });
      assert.equal(await store().deletePage(baseId, gone.contentId, later()), true);
      const ids = (rows: readonly { contentId: string }[]) => rows.map((r) => r.contentId);
      assert.ok(!ids((await store().listPages(baseId, {})).pages).includes(gone.contentId));
      assert.equal((await store().listPages(baseId, {})).total, 1);
      assert.equal(await store().countPages(baseId), 1);
      assert.ok(!ids(await store().treePages(baseId, 3)).includes(gone.contentId));
      const found = await store().searchPages(baseId, ['alpha'], {});
      assert.equal(found.total, 1);
      assert.ok(!ids(found.pages).includes(gone.contentId));
    });

    test('deletePage returns false for an unknown page', async () => {
      const baseId = await newBase(store());
      assert.equal(await store().deletePage(baseId, nextContentId(), later()), false);
    });

    test('deletePage returns false for a page already deleted', async () => {
      const baseId = await newBase(store());
      const page = await addPage(store(), baseId, { title: 'Twice' });
      await store().deletePage(baseId, page.contentId, later());
      assert.equal(await store().deletePage(baseId, page.contentId, later()), false);
    });

    test('deletePage returns false for a page of another base and leaves it alone', async () => {
      const [mine, other] = [await newBase(store()), await newBase(store())];
      const page = await addPage(store(), other, { title: 'Elsewhere' });
      assert.equal(await store().deletePage(mine, page.contentId, later()), false);
      assert.deepEqual(await store().getPage(other, page.contentId), page);
    });

    test('countPages counts the live pages of the base only', async () => {
      const [baseId, other] = [await newBase(store()), await newBase(store())];
      assert.equal(await store().countPages(baseId), 0);
      const pages = [];
      for (const title of ['a', 'b', 'c']) pages.push(await addPage(store(), baseId, { title }));
      await addPage(store(), other, { title: 'x' });
      await store().deletePage(baseId, pages[1].contentId, later());
      assert.equal(await store().countPages(baseId), 2);
    });

    test('listPages gives the live pages in display order with dense order and the full total', async () => {
      const baseId = await newBase(store());
      const pages = [];
      for (const title of ['a', 'b', 'c', 'd', 'e']) pages.push(await addPage(store(), baseId, { title, lang: 'ja' }));
      await store().deletePage(baseId, pages[1].contentId, later());
      const list = await store().listPages(baseId, {});
      assert.equal(list.total, 4);
      assert.deepEqual(list.pages, [pages[0], pages[2], pages[3], pages[4]].map((p, order) => ({
        contentId: p.contentId, title: p.title, type: p.type, level: p.level, order, lang: 'ja', updatedAt: p.updatedAt,
      })));
    });

    test('listPages pages through the list with limit and offset, total staying the full count', async () => {
      const baseId = await newBase(store());
      for (const title of ['a', 'b', 'c', 'd', 'e']) await addPage(store(), baseId, { title });
      const window = async (paging: { limit?: number; offset?: number }) => {
        const list = await store().listPages(baseId, paging);
        return { titles: list.pages.map((p) => `${p.title}${p.order}`).join(' '), total: list.total };
      };
      assert.deepEqual(await window({ limit: 2 }), { titles: 'a0 b1', total: 5 });
      assert.deepEqual(await window({ limit: 2, offset: 2 }), { titles: 'c2 d3', total: 5 });
      assert.deepEqual(await window({ offset: 3 }), { titles: 'd3 e4', total: 5 });
      assert.deepEqual(await window({ limit: 10, offset: 4 }), { titles: 'e4', total: 5 });
      assert.deepEqual(await window({ offset: 5 }), { titles: '', total: 5 });
    });

    test('listPages of a base without pages is empty', async () => {
      const baseId = await newBase(store());
      assert.deepEqual(await store().listPages(baseId, {}), { pages: [], total: 0 });
    });
  });
}
