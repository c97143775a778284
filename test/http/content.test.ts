// Page bodies by format (spec PATCH rules 5–7; decisions "Content", "Responses").
// The rendered HTML of M pages is not part of the API; its rules are tested in test/content.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createPage, pagesPath, setupFor, type TestContext } from '../support/fixtures.ts';

async function htmlPage(ctx: TestContext, body: string): Promise<string> {
  return (await createPage(ctx, { title: 'H', body, content_type: 'H' })).body;
}

test('an M body is stored and answered as its Markdown source', async (t) => {
  const ctx = await setupFor(t);
  const source = '# Title\n\nline one\nline two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n';
  const page = await createPage(ctx, { title: 'M', body: source, content_type: 'M' });
  assert.equal(page.body, source);
  assert.equal((await call(ctx, 'GET', pagesPath(ctx, page.content_id))).json().body, source);
});

test('an M body keeps raw HTML in its source; only the rendered HTML is sanitized', async (t) => {
  const ctx = await setupFor(t);
  const source = 'text <b>bold</b> <script>alert(1)</script>';
  assert.equal((await createPage(ctx, { title: 'M', body: source })).body, source);
});

test('an H body loses script elements on write', async (t) => {
  const ctx = await setupFor(t);
  const body = await htmlPage(ctx, '<p>safe</p><script>alert("x")</script>');
  assert.equal(body, '<p>safe</p>');
});

test('an H body loses event-handler attributes on write', async (t) => {
  const ctx = await setupFor(t);
  const body = await htmlPage(ctx, '<p onclick="steal()">click</p><img src="https://example.com/a.png" onerror="x()">');
  assert.doesNotMatch(body, /onclick|onerror|steal/);
  assert.match(body, /<p>click<\/p>/);
  assert.match(body, /<img src="https:\/\/example.com\/a.png"/);
});

test('an H body loses javascript: and vbscript: URLs on write', async (t) => {
  const ctx = await setupFor(t);
  const body = await htmlPage(ctx, '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><a href="vbscript:x">c</a>');
  assert.doesNotMatch(body, /javascript|vbscript/i);
  assert.match(body, />a<\/a>/);
});

test('an H body loses style, iframe, object, embed and form elements on write', async (t) => {
  const ctx = await setupFor(t);
  const body = await htmlPage(ctx,
    '<style>p{}</style><iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x"><form action="/x"><input></form><p>kept</p>');
  assert.doesNotMatch(body, /<style|<iframe|<object|<embed|<form|<input/);
  assert.match(body, /<p>kept<\/p>/);
});

test('an H body loses data: URLs in links but keeps data:image in img src', async (t) => {
  const ctx = await setupFor(t);
  const body = await htmlPage(ctx,
    '<a href="data:text/html;base64,PHNjcmlwdD4=">link</a><img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">');
  assert.doesNotMatch(body, /data:text/);
  assert.match(body, /<img src="data:image\/png;base64,iVBORw0KGgo=" alt="dot" \/?>/);
});

test('an H body keeps ordinary markup unchanged', async (t) => {
  const ctx = await setupFor(t);
  const html = '<h2>Heading</h2><p>Some <strong>bold</strong> and <a href="https://example.com">a link</a>.</p><ul><li>one</li></ul>';
  assert.equal(await htmlPage(ctx, html), html);
});

test('the body of an H page answered by GET is the sanitized HTML as stored', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'H', body: '<p>x</p><script>y</script>', content_type: 'H' });
  assert.equal((await call(ctx, 'GET', pagesPath(ctx, page.content_id))).json().body, '<p>x</p>');
});

test('a PATCH body of an H page is sanitized', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'H', body: '<p>x</p>', content_type: 'H' });
  const res = await call(ctx, 'PATCH', pagesPath(ctx, page.content_id), { body: { body: '<p onclick="x()">y</p><script>z</script>' } });
  assert.equal(res.json().body, '<p>y</p>');
});

test('a PATCH that turns a page into H sanitizes the body it already had', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'T', body: '<p>x</p><script>y</script>', content_type: 'T' });
  const res = await call(ctx, 'PATCH', pagesPath(ctx, page.content_id), { body: { content_type: 'H' } });
  assert.equal(res.json().type, 'H');
  assert.equal(res.json().body, '<p>x</p>');
});

test('a PATCH sending both content_type H and a body sanitizes that body', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'M', body: 'md' });
  const res = await call(ctx, 'PATCH', pagesPath(ctx, page.content_id), { body: { content_type: 'H', body: '<b>b</b><script>s</script>' } });
  assert.equal(res.json().body, '<b>b</b>');
});

test('a T body is stored exactly as sent, markup and whitespace included', async (t) => {
  const ctx = await setupFor(t);
  const text = '  <script>alert(1)</script>\n\ttabs & <b>tags</b>  \n';
  const page = await createPage(ctx, { title: 'T', body: text, content_type: 'T' });
  assert.equal(page.body, text);
  assert.equal((await call(ctx, 'GET', pagesPath(ctx, page.content_id))).json().body, text);
});

test('bodies keep any Unicode text, emoji and CJK included', async (t) => {
  const ctx = await setupFor(t);
  const text = '日本語のテキスト 😀 ｶﾀｶﾅ \u{1F600}';
  const page = await createPage(ctx, { title: 'U', body: text, content_type: 'T' });
  assert.equal(page.body, text);
});

test('a body is any string: a NUL character is kept', async (t) => {
  const ctx = await setupFor(t);
  const text = 'before\u0000after';
  const page = await createPage(ctx, { title: 'NUL', body: text, content_type: 'T' });
  assert.equal((await call(ctx, 'GET', pagesPath(ctx, page.content_id))).json().body, text);
});

test('a PATCH of a body-less field keeps an M body source untouched', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'M', body: 'a\nb' });
  const res = await call(ctx, 'PATCH', pagesPath(ctx, page.content_id), { body: { content_lang: 'en' } });
  assert.equal(res.json().body, 'a\nb');
});
