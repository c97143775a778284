// Search on each backend (decisions.md, "Search" and "Lists"), by example: matching, ranking,
// paging, edits and deletes, on pages still pending and on pages merged into the postings.
import { DomainError } from '../../src/errors/domain-error';
import { chunkOf, decodeChunk, offsetIn } from '../../src/search/page-set';
import { ALL_KEY, unigramKey } from '../../src/search/search-keys';
import { backends } from '../support/databases';
import { at, openSearch, TestBase, type SearchSetup } from './support';

describe.each(backends)('search on %s', (backend) => {
  let setup: SearchSetup;
  let next = 1;
  beforeAll(async () => {
    setup = await openSearch(backend);
  });
  afterAll(() => setup.close());

  // Every example runs twice: with pages pending (never merged) and with every write merged.
  describe.each([['pending', 1_000_000], ['merged', 1]])('pages %s', (_label, threshold) => {
    const newBase = async () => {
      setup.index.mergeThreshold = threshold;
      const base = await TestBase.create(setup, next);
      next += 5000; // every base starts in a fresh chunk of page ids
      return base;
    };

    test('a page matches when every term occurs in its title or its body', async () => {
      const base = await newBase();
      await base.add({ title: 'install guide', body: 'on linux', updatedAt: at(0) });
      await base.add({ title: 'linux notes', body: 'kernel', updatedAt: at(1) });
      await base.add({ title: 'guide', body: 'windows install', updatedAt: at(2) });
      expect(await base.titles('install linux')).toBe('install guide');
      expect(await base.titles('install')).toBe('install guide | guide');
      expect(await base.search('install macos')).toEqual({ pages: [], total: 0 });
    });

    test('terms match inside words and inside Japanese text, of 1, 2, 3 and 4+ characters', async () => {
      const base = await newBase();
      await base.add({ title: '検索エンジンの設定', body: 'reinstallation データベース管理', updatedAt: at(0) });
      await base.add({ title: 'other', body: '東京の天気', updatedAt: at(1) });
      for (const q of ['エンジン', 'stall', '索', '設定', 'の設', 'ース管', 'ベース', 'データベース', 'reinstallation', 'e']) {
        expect([q, await base.titles(q)]).toEqual([q, expect.stringContaining('検索エンジンの設定')]);
      }
      expect(await base.titles('の')).toBe('検索エンジンの設定 | other');
      expect(await base.titles('東京 天気')).toBe('other');
      expect(await base.titles('天気予報')).toBe('');
    });

    test('terms are normalised like the texts: width and case fold', async () => {
      const base = await newBase();
      await base.add({ title: 'ＡＰＩ ｶﾞｲﾄﾞ', body: 'Ｖｅｒｓｉｏｎ ２', updatedAt: at(0) });
      expect(await base.titles('api ガイド version 2')).toBe('ＡＰＩ ｶﾞｲﾄﾞ');
      expect(await base.titles('ＡＰＩ　ｶﾞｲﾄﾞ')).toBe('ＡＰＩ ｶﾞｲﾄﾞ');
    });

    test('characters special to patterns or query syntax match literally', async () => {
      const base = await newBase();
      await base.add({ title: 'rate 100% done_now', body: 'say "hi" * (a OR b) - c\\d \'q\' NEAR/2 ^x 𠮷野家', updatedAt: at(0) });
      await base.add({ title: 'rate 1000 donexnow', body: 'say hi a b c d q near x 吉野家', updatedAt: at(1) });
      for (const q of ['0%', '%', 'e_n', '_', '"hi"', '*', '(a', '-', '\\d', "'q'", 'near/2', '^x', '𠮷', '𠮷野']) {
        expect([q, await base.titles(q)]).toEqual([q, 'rate 100% done_now']);
      }
    });

    test('a title match comes first, even an older one; one term in the title is enough', async () => {
      const base = await newBase();
      await base.add({ title: 'alpha', body: 'beta', updatedAt: at(0) });
      await base.add({ title: 'beta', body: 'alpha', updatedAt: at(1) });
      await base.add({ title: 'other', body: 'alpha beta', updatedAt: at(5) });
      expect(await base.titles('alpha beta')).toBe('beta | alpha | other');
      expect(await base.titles('alp')).toBe('alpha | other | beta');
    });

    test('newest first inside a group, then display order for equal times', async () => {
      const base = await newBase();
      const old = await base.add({ title: 'old', body: 'topic', updatedAt: at(0) });
      await base.add({ title: 'mid', body: 'topic', updatedAt: at(1) });
      await base.add({ title: 'new', body: 'topic', updatedAt: at(2) });
      for (const title of ['one', 'two', 'three']) await base.add({ title, body: 'same topic', updatedAt: at(1) });
      expect(await base.titles('topic')).toBe('new | mid | one | two | three | old');
      await base.edit(old, { level: 1 }, at(3));
      expect(await base.titles('topic')).toBe('old | new | mid | one | two | three');
    });

    test('total counts every match; limit and offset page through them', async () => {
      const base = await newBase();
      for (const [i, title] of ['a', 'b', 'c', 'd', 'e'].entries()) await base.add({ title: `${title} x`, body: '', updatedAt: at(i) });
      await base.add({ title: 'unrelated', body: '', updatedAt: at(9) });
      const window = async (paging: { limit?: number; offset?: number }) => {
        const list = await base.search('x', paging);
        return `${list.pages.map((p) => p.title[0]).join('')}/${list.total}`;
      };
      expect(await window({})).toBe('edcba/5');
      expect(await window({ limit: 2 })).toBe('ed/5');
      expect(await window({ limit: 2, offset: 2 })).toBe('cb/5');
      expect(await window({ offset: 4 })).toBe('a/5');
      expect(await window({ offset: 9 })).toBe('/5');
    });

    test('a result is the page summary with its dense order, also after deletes', async () => {
      const base = await newBase();
      const pages = [];
      for (const [i, title] of ['p0', 'p1 hit', 'p2', 'p3 hit', 'p4'].entries()) {
        pages.push(await base.add({ title, body: '', type: 'M', lang: 'ja', updatedAt: at(i) }));
      }
      await base.edit(pages[3], { level: 1 }, at(9));
      await base.remove(pages[0], at(10));
      await base.remove(pages[4], at(11));
      expect(await base.search('hit')).toEqual({
        total: 2,
        pages: [
          { contentId: pages[3].contentId, title: 'p3 hit', type: 'M', level: 1, order: 2, lang: 'ja', updatedAt: at(9) },
          { contentId: pages[1].contentId, title: 'p1 hit', type: 'M', level: 0, order: 0, lang: 'ja', updatedAt: at(1) },
        ],
      });
    });

    test('after an edit the new texts are found and the old ones no longer', async () => {
      const base = await newBase();
      const page = await base.add({ title: 'apple', body: 'red fruit りんご', updatedAt: at(0) });
      await base.edit(page, { title: 'ＢＡＮＡＮＡ' }, at(1));
      await base.edit(page, { body: 'yellow バナナ' }, at(2));
      for (const q of ['apple', 'red', 'りんご', 'りん', 'り']) expect([q, await base.titles(q)]).toEqual([q, '']);
      expect(await base.titles('banana yellow バナナ')).toBe('ＢＡＮＡＮＡ');
    });

    test('deleted pages and pages of other bases are left out', async () => {
      const base = await newBase();
      const other = await newBase();
      const gone = await base.add({ title: 'gone topic', body: '', updatedAt: at(0) });
      await base.add({ title: 'kept topic', body: '', updatedAt: at(1) });
      await other.add({ title: 'topic elsewhere', body: '', updatedAt: at(2) });
      await base.remove(gone, at(3));
      expect([await base.titles('topic'), (await base.search('topic')).total]).toEqual(['kept topic', 1]);
    });
  });

  test('a merged delete takes the page out of ALL_KEY alone, and no kind of term finds it by its other postings', async () => {
    setup.index.mergeThreshold = 1;
    const base = await TestBase.create(setup, 800_000);
    const gone = await base.add({ title: 'zeppelin 飛行船', body: 'airship hangar', updatedAt: at(0) });
    await base.add({ title: 'kept', body: 'hangar', updatedAt: at(1) });
    await base.remove(gone, at(2));
    const holding = async (skey: number) => ((await setup.db.reader.query(
      'SELECT bits FROM search_postings WHERE base_id = ? AND skey = ? AND chunk = ?', [base.baseId, skey, chunkOf(gone.pageId)])) as { bits: Buffer }[])
      .some((row) => decodeChunk(row.bits).includes(offsetIn(gone.pageId)));
    expect([await holding(ALL_KEY), await holding(unigramKey('飛'.charCodeAt(0)))]).toEqual([false, true]);
    for (const q of ['zeppelin', 'eppe', '飛', '飛行', '飛行船', 'airship', 'ze 船', 'hangar']) {
      const found = await base.search(q);
      expect([q, found.pages.map((p) => p.title), found.total]).toEqual([q, q === 'hangar' ? ['kept'] : [], q === 'hangar' ? 1 : 0]);
    }
  });

  test('a query without terms is a 400', async () => {
    const base = await TestBase.create(setup, 900_000);
    for (const q of ['', '   ', '\u3000 \t']) {
      await expect(base.search(q)).rejects.toMatchObject({ code: 'BAD_REQUEST', status: 400 });
      await expect(base.search(q)).rejects.toBeInstanceOf(DomainError);
    }
  });
});
