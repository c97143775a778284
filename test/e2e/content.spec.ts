// Page bodies by format (spec PATCH rules 5–7; decisions "Content", "Responses").
// The rendered HTML of M pages is not part of the API; its rules are tested in test/unit/content.
import fc from 'fast-check';
import { describeEachBackend, type TestBase } from '../support/e2e';

const htmlPage = async (base: TestBase, body: string): Promise<string> =>
  (await base.createPage({ title: 'H', body, content_type: 'H' })).body;
const detail = async (base: TestBase, contentId: string) => (await base.call('get', base.pagesPath(contentId))).body;

describeEachBackend('page bodies', (h) => {
  it('an M body is stored and answered as its Markdown source', async () => {
    const base = await h().fresh();
    const source = '# Title\n\nline one\nline two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n';
    const page = await base.createPage({ title: 'M', body: source, content_type: 'M' });
    expect(page.body).toBe(source);
    expect((await detail(base, page.content_id)).body).toBe(source);
  });

  it('an M body keeps raw HTML in its source; only the rendered HTML is sanitized', async () => {
    const base = await h().fresh();
    const source = 'text <b>bold</b> <script>alert(1)</script>';
    const page = await base.createPage({ title: 'M', body: source });
    expect(page.body).toBe(source);
    expect((await detail(base, page.content_id)).body).toBe(source);
  });

  it('an H body loses script elements on write', async () => {
    const base = await h().fresh();
    expect(await htmlPage(base, '<p>safe</p><script>alert("x")</script>')).toBe('<p>safe</p>');
  });

  it('an H body loses event-handler attributes on write', async () => {
    const base = await h().fresh();
    const body = await htmlPage(base, '<p onclick="steal()">click</p><img src="https://example.com/a.png" onerror="x()">');
    expect(body).not.toMatch(/onclick|onerror|steal/);
    expect(body).toMatch(/<p>click<\/p>/);
    expect(body).toMatch(/<img src="https:\/\/example.com\/a.png"/);
  });

  it('an H body loses javascript: and vbscript: URLs on write', async () => {
    const base = await h().fresh();
    const body = await htmlPage(base, '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><a href="vbscript:x">c</a>');
    expect(body).not.toMatch(/javascript|vbscript/i);
    expect(body).toMatch(/>a<\/a>/);
  });

  it('an H body loses style, iframe, object, embed and form elements on write', async () => {
    const base = await h().fresh();
    const body = await htmlPage(base,
      '<style>p{}</style><iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x"><form action="/x"><input></form><p>kept</p>');
    expect(body).not.toMatch(/<style|<iframe|<object|<embed|<form|<input/);
    expect(body).toMatch(/<p>kept<\/p>/);
  });

  it('an H body loses data: URLs in links but keeps data:image in img src', async () => {
    const base = await h().fresh();
    const body = await htmlPage(base,
      '<a href="data:text/html;base64,PHNjcmlwdD4=">link</a><img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">');
    expect(body).not.toMatch(/data:text/);
    expect(body).toMatch(/<img src="data:image\/png;base64,iVBORw0KGgo=" alt="dot" \/?>/);
  });

  it('an H body keeps ordinary markup unchanged', async () => {
    const base = await h().fresh();
    const html = '<h2>Heading</h2><p>Some <strong>bold</strong> and <a href="https://example.com">a link</a>.</p><ul><li>one</li></ul>';
    expect(await htmlPage(base, html)).toBe(html);
  });

  it('the body of an H page answered by GET is the sanitized HTML as stored', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'H', body: '<p>x</p><script>y</script>', content_type: 'H' });
    expect((await detail(base, page.content_id)).body).toBe('<p>x</p>');
  });

  it('a PATCH body of an H page is sanitized', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'H', body: '<p>x</p>', content_type: 'H' });
    const res = await base.call('patch', base.pagesPath(page.content_id), { body: { body: '<p onclick="x()">y</p><script>z</script>' } });
    expect(res.body.body).toBe('<p>y</p>');
    expect((await detail(base, page.content_id)).body).toBe('<p>y</p>');
  });

  it('a PATCH that turns a page into H sanitizes the body it already had', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'T', body: '<p>x</p><script>y</script>', content_type: 'T' });
    const res = await base.call('patch', base.pagesPath(page.content_id), { body: { content_type: 'H' } });
    expect([res.body.type, res.body.body]).toEqual(['H', '<p>x</p>']);
  });

  it('a PATCH sending both content_type H and a body sanitizes that body', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'M', body: 'md' });
    const res = await base.call('patch', base.pagesPath(page.content_id), { body: { content_type: 'H', body: '<b>b</b><script>s</script>' } });
    expect(res.body.body).toBe('<b>b</b>');
  });

  it('a T body is stored exactly as sent, markup and whitespace included', async () => {
    const base = await h().fresh();
    const text = '  <script>alert(1)</script>\n\ttabs & <b>tags</b>  \n';
    const page = await base.createPage({ title: 'T', body: text, content_type: 'T' });
    expect(page.body).toBe(text);
    expect((await detail(base, page.content_id)).body).toBe(text);
  });

  it('bodies keep any Unicode text, emoji and CJK included', async () => {
    const base = await h().fresh();
    const text = '日本語のテキスト 😀 ｶﾀｶﾅ \u{1F600}';
    const page = await base.createPage({ title: 'U', body: text, content_type: 'T' });
    expect(page.body).toBe(text);
    expect((await detail(base, page.content_id)).body).toBe(text);
  });

  it('a detail answers every T body exactly as sent: random text of every plane, empty included', async () => {
    // Detail reads take the body's stored bytes and decode them (textBytesSql); this compares with what was sent.
    const base = await h().fresh();
    const bodies = fc.sample(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.string({ unit: 'binary', maxLength: 40 })), { numRuns: 40, seed: 20261124 });
    for (const body of ['', ...bodies]) {
      const page = await base.createPage({ title: 'R', body, content_type: 'T' });
      expect((await detail(base, page.content_id)).body).toBe(body);
    }
  });

  it('a body is any string: a NUL character is kept', async () => {
    const base = await h().fresh();
    const text = 'before\u0000after';
    const page = await base.createPage({ title: 'NUL', body: text, content_type: 'T' });
    expect((await detail(base, page.content_id)).body).toBe(text);
  });

  it('a PATCH of a body-less field keeps an M body source untouched', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'M', body: 'a\nb' });
    const res = await base.call('patch', base.pagesPath(page.content_id), { body: { content_lang: 'en' } });
    expect(res.body.body).toBe('a\nb');
  });
});
