// Store contract: search (design/decisions.md, "Search" and "Lists"). Terms reach the store
// already normalised; the store matches them against searchTitle and searchBody.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Paging } from '../../src/domain/types.ts';
import { addPage, contentChanges, later, newBase, scenarioClock, useStore, type OpenStore } from './contract-support.ts';

export function searchContract(open: OpenStore): void {
  describe('search', () => {
    const store = useStore(open);

    async function found(baseId: string, terms: string[], paging: Paging = {}): Promise<string> {
      const { pages } = await store().searchPages(baseId, terms, paging);
      return pages.map((p) => p.title).join(' | ');
    }

    test('a page matches when every term occurs in its title or its body', async () => {
      const baseId = await newBase(store());
      await addPage(store(), baseId, { title: 'install guide', body: 'on linux' });
      await addPage(store(), baseId, { title: 'linux notes', body: 'kernel' });
      await addPage(store(), baseId, { title: 'guide', body: 'windows install' });
      assert.equal((await found(baseId, ['install', 'linux'])), 'install guide');
      assert.deepEqual((await found(baseId, ['install'])).split(' | ').sort(), ['guide', 'install guide']);
    });

    test('a term that occurs nowhere matches no page', async () => {
      const baseId = await newBase(store());
      await addPage(store(), baseId, { title: 'install guide', body: 'on linux' });
      assert.deepEqual(await store().searchPages(baseId, ['install', 'macos'], {}), { pages: [], total: 0 });
    });

    test('terms match inside words and inside Japanese text', async () => {
      const baseId = await newBase(store());
      await addPage(store(), baseId, { title: '検索エンジンの設定', body: 'reinstallation' });
      assert.equal(await found(baseId, ['エンジン', 'stall']), '検索エンジンの設定');
      assert.equal(await found(baseId, ['索']), '検索エンジンの設定');
    });

    test('terms are matched against the normalised search text, not the raw title', async () => {
      const baseId = await newBase(store());
      await addPage(store(), baseId, { title: 'ＡＰＩ ｶﾞｲﾄﾞ', body: 'Ｖｅｒｓｉｏｎ ２' });
      assert.equal(await found(baseId, ['api', 'ガイド', 'version', '2']), 'ＡＰＩ ｶﾞｲﾄﾞ');
    });

    test('characters special to patterns or query syntax match literally', async () => {
      const baseId = await newBase(store());
      await addPage(store(), baseId, { title: 'rate 100% done_now', body: 'say "hi" * (a OR b) - c\\d \'q\' NEAR/2 ^x' });
      await addPage(store(), baseId, { title: 'rate 1000 donexnow', body: 'say hi a b c d q near x' });
      for (const term of ['0%', '%', 'e_n', '_', '"hi"', '*', '(a', 'or', '-', '\\d', "'q'", 'near/2', '^x']) {
        assert.equal(await found(baseId, [term]), 'rate 100% done_now', `term ${JSON.stringify(term)}`);
      }
    });

    test('a title match comes before a body-only match, even an older one', async () => {
      const baseId = await newBase(store());
      const at = scenarioClock();
      await addPage(store(), baseId, { title: 'in title: backup', now: at(0) });
      await addPage(store(), baseId, { title: 'body only', body: 'backup', now: at(5) });
      assert.equal(await found(baseId, ['backup']), 'in title: backup | body only');
    });

    test('a page is a title match when at least one of the terms is in its title', async () => {
      const baseId = await newBase(store());
      const at = scenarioClock();
      await addPage(store(), baseId, { title: 'alpha', body: 'beta', now: at(0) });
      await addPage(store(), baseId, { title: 'beta', body: 'alpha', now: at(1) });
      await addPage(store(), baseId, { title: 'other', body: 'alpha beta', now: at(5) });
      assert.equal(await found(baseId, ['alpha', 'beta']), 'beta | alpha | other');
    });

    test('inside a group the newest updatedAt comes first', async () => {
      const baseId = await newBase(store());
      const at = scenarioClock();
      const first = await addPage(store(), baseId, { title: 'old', body: 'topic', now: at(0) });
      await addPage(store(), baseId, { title: 'mid', body: 'topic', now: at(1) });
      await addPage(store(), baseId, { title: 'new', body: 'topic', now: at(2) });
      assert.equal(await found(baseId, ['topic']), 'new | mid | old');
      await store().updatePage(baseId, first.contentId, () => ({ lang: 'ja' }), at(3));
      assert.equal(await found(baseId, ['topic']), 'old | new | mid');
    });

    test('pages updated at the same time come in display order', async () => {
      const baseId = await newBase(store());
      const at = scenarioClock();
      for (const title of ['one', 'two', 'three']) await addPage(store(), baseId, { title: `${title} topic`, now: at(7) });
      assert.equal(await found(baseId, ['topic']), 'one topic | two topic | three topic');
    });

    test('total counts every match, and limit and offset page through them', async () => {
      const baseId = await newBase(store());
      const at = scenarioClock();
      for (const [i, title] of ['a', 'b', 'c', 'd', 'e'].entries()) await addPage(store(), baseId, { title: `${title} x`, now: at(i) });
      await addPage(store(), baseId, { title: 'unrelated' });
      const window = async (paging: Paging) => {
        const list = await store().searchPages(baseId, ['x'], paging);
        return `${list.pages.map((p) => p.title[0]).join('')}/${list.total}`;
      };
      assert.equal(await window({}), 'edcba/5');
      assert.equal(await window({ limit: 2 }), 'ed/5');
      assert.equal(await window({ limit: 2, offset: 2 }), 'cb/5');
      assert.equal(await window({ offset: 4 }), 'a/5');
      assert.equal(await window({ offset: 9 }), '/5');
    });

    test('a result carries the summary of the page with its dense display order, also after deletes', async () => {
      const baseId = await newBase(store());
      const at = scenarioClock();
      const pages = [];
      for (const [i, title] of ['p0', 'p1 hit', 'p2', 'p3 hit', 'p4'].entries()) {
        pages.push(await addPage(store(), baseId, { title, type: 'M', lang: 'ja', now: at(i) }));
      }
      await store().updatePage(baseId, pages[3].contentId, () => ({ level: 1 }), at(9));
      await store().deletePage(baseId, pages[0].contentId, at(10));
      await store().deletePage(baseId, pages[4].contentId, at(11));
      const result = await store().searchPages(baseId, ['hit'], {});
      assert.deepEqual(result, {
        total: 2,
        pages: [
          { contentId: pages[3].contentId, title: 'p3 hit', type: 'M', level: 1, order: 2, lang: 'ja', updatedAt: at(9) },
          { contentId: pages[1].contentId, title: 'p1 hit', type: 'M', level: 0, order: 0, lang: 'ja', updatedAt: at(1) },
        ],
      });
    });

    test('search finds the new title and body after an update, and no longer the old ones', async () => {
      const baseId = await newBase(store());
      const page = await addPage(store(), baseId, { title: 'apple', body: 'red fruit' });
      await store().updatePage(baseId, page.contentId, (current) => contentChanges(current, { title: 'ＢＡＮＡＮＡ' }), later());
      await store().updatePage(baseId, page.contentId, (current) => contentChanges(current, { body: 'yellow' }), later());
      assert.equal(await found(baseId, ['apple']), '');
      assert.equal(await found(baseId, ['red']), '');
      assert.equal(await found(baseId, ['banana', 'yellow']), 'ＢＡＮＡＮＡ');
    });

    test('search leaves out deleted pages', async () => {
      const baseId = await newBase(store());
      const page = await addPage(store(), baseId, { title: 'gone topic' });
      await addPage(store(), baseId, { title: 'kept topic' });
      await store().deletePage(baseId, page.contentId, later());
      assert.deepEqual([await found(baseId, ['topic']), (await store().searchPages(baseId, ['topic'], {})).total], ['kept topic', 1]);
    });

    test('search leaves out pages of other bases', async () => {
      const [mine, other] = [await newBase(store()), await newBase(store())];
      await addPage(store(), other, { title: 'topic elsewhere' });
      assert.deepEqual(await store().searchPages(mine, ['topic'], {}), { pages: [], total: 0 });
    });
  });
}
