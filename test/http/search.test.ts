// GET /bases/{base_id}/search?q= (spec "GET /bases/{base_id}/search"; decisions "Search", "Lists").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertError, call, controlClock, createOtherBase, createOutline, createPage, pagesPath, setupFor, type TestContext,
} from '../support/fixtures.ts';

const summaryFields = ['content_id', 'title', 'type', 'level', 'order', 'lang', 'updated_at'];

function search(ctx: TestContext, q: string, extra = '') {
  return call(ctx, 'GET', `/bases/${ctx.baseId}/search?q=${encodeURIComponent(q)}${extra}`);
}

async function titlesFound(ctx: TestContext, q: string): Promise<string[]> {
  const res = await search(ctx, q);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().pages.map((p: { title: string }) => p.title);
}

test('search answers 200 with exactly { pages, total, keywords } and summary items', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'Install guide', content_lang: 'en' });
  const res = await search(ctx, 'install');
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
  const body = res.json();
  assert.deepEqual(Object.keys(body).sort(), ['keywords', 'pages', 'total']);
  assert.deepEqual(Object.keys(body.pages[0]).sort(), [...summaryFields].sort());
  assert.deepEqual(body.pages[0], {
    content_id: page.content_id, title: 'Install guide', type: 'M', level: 0, order: 0, lang: 'en', updated_at: page.updated_at,
  });
  assert.equal(body.total, 1);
});

test('search without q is 400 BAD_REQUEST', async (t) => {
  const ctx = await setupFor(t);
  assertError(await call(ctx, 'GET', `/bases/${ctx.baseId}/search`), 400, 'BAD_REQUEST');
});

for (const [label, q] of [['empty', ''], ['only spaces', '   '], ['only ideographic spaces', '\u3000\u3000'], ['only a tab', '\t']]) {
  test(`search with q ${label} is 400 BAD_REQUEST`, async (t) => {
    const ctx = await setupFor(t);
    await createPage(ctx, { title: 'Anything' });
    const res = await search(ctx, q);
    assertError(res, 400, 'BAD_REQUEST');
    assert.match(res.json().error.message, /q/);
  });
}

test('search matches a part of the title', async (t) => {
  const ctx = await setupFor(t);
  await createPage(ctx, { title: 'Configuration' });
  await createPage(ctx, { title: 'Other' });
  assert.deepEqual(await titlesFound(ctx, 'figur'), ['Configuration']);
});

test('search matches a part of the body', async (t) => {
  const ctx = await setupFor(t);
  await createPage(ctx, { title: 'First', body: 'the quick brown fox' });
  await createPage(ctx, { title: 'Second', body: 'lazy dog' });
  assert.deepEqual(await titlesFound(ctx, 'brow'), ['First']);
});

test('search with several terms finds the pages containing every term (AND), in title or body', async (t) => {
  const ctx = await setupFor(t);
  await createPage(ctx, { title: 'alpha', body: 'beta' });
  await createPage(ctx, { title: 'alpha only' });
  await createPage(ctx, { title: 'beta only' });
  assert.deepEqual(await titlesFound(ctx, 'alpha beta'), ['alpha']);
});

test('search with q given twice is 400 BAD_REQUEST', async (t) => {
  const ctx = await setupFor(t);
  assertError(await call(ctx, 'GET', `/bases/${ctx.baseId}/search?q=a&q=b`), 400, 'BAD_REQUEST');
});

test('search splits q on the ideographic space U+3000', async (t) => {
  const ctx = await setupFor(t);
  await createPage(ctx, { title: '設定', body: '手順の説明' });
  await createPage(ctx, { title: '設定だけ' });
  assert.deepEqual(await titlesFound(ctx, '設定\u3000手順'), ['設定']);
});

test('search splits q on runs of ASCII spaces', async (t) => {
  const ctx = await setupFor(t);
  await createPage(ctx, { title: 'alpha', body: 'beta' });
  assert.deepEqual(await titlesFound(ctx, '  alpha    beta  '), ['alpha']);
});

test('search is case-insensitive', async (t) => {
  const ctx = await setupFor(t);
  await createPage(ctx, { title: 'Kubernetes', body: 'Deploy With HELM' });
  assert.deepEqual(await titlesFound(ctx, 'KUBERNETES'), ['Kubernetes']);
  assert.deepEqual(await titlesFound(ctx, 'helm'), ['Kubernetes']);
});

test('search is width-insensitive: full-width ＡＰＩ finds api', async (t) => {
  const ctx = await setupFor(t);
  await createPage(ctx, { title: 'REST api reference' });
  assert.deepEqual(await titlesFound(ctx, 'ＡＰＩ'), ['REST api reference']);
});

test('search is width-insensitive: api finds a page written with full-width ＡＰＩ', async (t) => {
  const ctx = await setupFor(t);
  await createPage(ctx, { title: 'Notes', body: 'ＡＰＩの使い方' });
  assert.deepEqual(await titlesFound(ctx, 'api'), ['Notes']);
});

test('search: half-width ｶﾀｶﾅ finds full-width カタカナ', async (t) => {
  const ctx = await setupFor(t);
  await createPage(ctx, { title: 'カタカナの表記' });
  assert.deepEqual(await titlesFound(ctx, 'ｶﾀｶﾅ'), ['カタカナの表記']);
});

test('search terms are literal: % and _ are not wildcards', async (t) => {
  const ctx = await setupFor(t);
  await createPage(ctx, { title: 'Discount 100%' });
  await createPage(ctx, { title: 'Discount 1000' });
  await createPage(ctx, { title: 'snake_case' });
  await createPage(ctx, { title: 'snakeXcase' });
  assert.deepEqual(await titlesFound(ctx, '100%'), ['Discount 100%']);
  assert.deepEqual(await titlesFound(ctx, 'snake_case'), ['snake_case']);
});

test('search does not match HTML tags of H pages: a search for div finds no <div>x</div>', async (t) => {
  const ctx = await setupFor(t);
  await createPage(ctx, { title: 'Markup', body: '<div>x</div>', content_type: 'H' });
  assert.deepEqual(await titlesFound(ctx, 'div'), []);
});

test('search does not match attribute values of H pages, only the text a reader sees', async (t) => {
  const ctx = await setupFor(t);
  await createPage(ctx, { title: 'Link', body: '<a href="https://example.com/zebra">visible words</a>', content_type: 'H' });
  assert.deepEqual(await titlesFound(ctx, 'zebra'), []);
  assert.deepEqual(await titlesFound(ctx, 'visible'), ['Link']);
});

test('search matches the Markdown source of M pages', async (t) => {
  const ctx = await setupFor(t);
  await createPage(ctx, { title: 'Md', body: 'see **bold** text' });
  assert.deepEqual(await titlesFound(ctx, '**bold**'), ['Md']);
});

test('search ranks title matches before body matches, even when the body match is newer', async (t) => {
  const ctx = await setupFor(t);
  const clock = controlClock(t);
  await createPage(ctx, { title: 'Kiwi farming' });
  clock.advance();
  await createPage(ctx, { title: 'Fruit', body: 'all about kiwi' });
  assert.deepEqual(await titlesFound(ctx, 'kiwi'), ['Kiwi farming', 'Fruit']);
});

test('search: a page whose title contains one of several terms is a title match', async (t) => {
  const ctx = await setupFor(t);
  const clock = controlClock(t);
  await createPage(ctx, { title: 'Kiwi', body: 'lemon' });
  clock.advance();
  await createPage(ctx, { title: 'Fruit', body: 'kiwi lemon' });
  assert.deepEqual(await titlesFound(ctx, 'kiwi lemon'), ['Kiwi', 'Fruit']);
});

test('search ranks newest updated_at first inside the title matches', async (t) => {
  const ctx = await setupFor(t);
  const clock = controlClock(t);
  const older = await createPage(ctx, { title: 'Kiwi one' });
  clock.advance();
  await createPage(ctx, { title: 'Kiwi two' });
  clock.advance();
  await call(ctx, 'PATCH', pagesPath(ctx, older.content_id), { body: { body: 'touched' } });
  assert.deepEqual(await titlesFound(ctx, 'kiwi'), ['Kiwi one', 'Kiwi two']);
});

test('search ranks newest updated_at first inside the body matches', async (t) => {
  const ctx = await setupFor(t);
  const clock = controlClock(t);
  await createPage(ctx, { title: 'A', body: 'kiwi' });
  clock.advance();
  await createPage(ctx, { title: 'B', body: 'kiwi' });
  assert.deepEqual(await titlesFound(ctx, 'kiwi'), ['B', 'A']);
});

test('search ranks pages with the same updated_at by display order', async (t) => {
  controlClock(t);
  const ctx = await setupFor(t);
  for (const title of ['K1', 'K2', 'K3', 'K4', 'K5']) await createPage(ctx, { title, body: 'kiwi' });
  const { pages } = (await search(ctx, 'kiwi')).json();
  assert.deepEqual(pages.map((p: any) => p.order), [0, 1, 2, 3, 4]);
  assert.ok(new Set(pages.map((p: any) => p.updated_at)).size === 1, 'the clock stood still');
});

test('search keywords echoes q exactly as sent', async (t) => {
  const ctx = await setupFor(t);
  await createPage(ctx, { title: 'ＡＰＩ 設定' });
  for (const q of ['ＡＰＩ\u3000設定', '  api  ', 'API']) {
    assert.equal((await search(ctx, q)).json().keywords, q);
  }
});

test('search order field is the page dense display position, not a stored key', async (t) => {
  const ctx = await setupFor(t);
  const ids = await createOutline(ctx, [0, 0, 0, 0]);
  await call(ctx, 'PATCH', pagesPath(ctx, ids[3]), { body: { title: 'Target' } });
  await call(ctx, 'DELETE', pagesPath(ctx, ids[0]));
  await call(ctx, 'DELETE', pagesPath(ctx, ids[1]));
  const { pages } = (await search(ctx, 'target')).json();
  assert.equal(pages[0].content_id, ids[3]);
  assert.equal(pages[0].order, 1);
});

test('search with limit and offset returns a slice of the ranked results and the full total', async (t) => {
  const ctx = await setupFor(t);
  const clock = controlClock(t);
  for (const title of ['K1', 'K2', 'K3', 'K4']) {
    await createPage(ctx, { title, body: 'kiwi' });
    clock.advance();
  }
  const res = await search(ctx, 'kiwi', '&limit=2&offset=1');
  const body = res.json();
  assert.equal(body.total, 4);
  assert.deepEqual(body.pages.map((p: any) => p.title), ['K3', 'K2']);
});

test('search finding nothing is 200 with an empty list and total 0', async (t) => {
  const ctx = await setupFor(t);
  await createPage(ctx, { title: 'Something' });
  assert.deepEqual((await search(ctx, 'nothing')).json(), { pages: [], total: 0, keywords: 'nothing' });
});

for (const query of ['limit=0', 'limit=1001', 'limit=abc', 'offset=-1', 'offset=1.5', 'limit=0x10', 'offset=%20']) {
  test(`search with ${query} is 400 BAD_REQUEST`, async (t) => {
    const ctx = await setupFor(t);
    assertError(await search(ctx, 'x', `&${query}`), 400, 'BAD_REQUEST');
  });
}

test('search only finds pages of its own base', async (t) => {
  const ctx = await setupFor(t);
  const other = await createOtherBase(ctx);
  await createPage({ ...ctx, baseId: other.baseId, token: other.token }, { title: 'Kiwi elsewhere' });
  await createPage(ctx, { title: 'Kiwi here' });
  assert.deepEqual(await titlesFound(ctx, 'kiwi'), ['Kiwi here']);
});
