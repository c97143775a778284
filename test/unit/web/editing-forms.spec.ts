// The writing pages' plain functions: the editor's form checked by the REST API's own rules, the
// tab asked for, the body shown as stored, and where a move goes back to.
import { bodyFragment, editorFormOf, intentOf, validPage } from '../../../src/web/editing/editor-form';
import { backAfterMove, sameSitePath } from '../../../src/web/editing/next-path';
import { catalogues } from '../../../src/web/i18n/languages';

const t = catalogues.en;
const form = (fields: Record<string, string>) => editorFormOf({ title: 'T', body: '', type: 'M', lang: 'en', ...fields });

describe('the editor form', () => {
  it('reads each field once, as text', () => {
    expect(editorFormOf({ title: ['a', 'b'], body: 'x', type: 'H', lang: 'ja', version: 'v', other: 'y' })).toEqual({ title: 'a', body: 'x', type: 'H', lang: 'ja', version: 'v' });
    expect(editorFormOf(undefined)).toEqual({ title: '', body: '', type: '', lang: '', version: '' });
    // A browser sends a textarea's line ends as CRLF; they are kept as typed.
    expect(editorFormOf({ body: 'a\r\nb\rc\n\r\n' }).body).toBe('a\nb\nc\n\n');
  });

  it.each([
    [{ tab: 'preview' }, 'preview'],
    [{ tab: 'write' }, 'write'],
    [{ tab: 'save' }, 'save'],
    [{}, 'save'],
    [{ tab: 'other' }, 'save'],
  ])('%j asks to %s', (fields, intent) => {
    expect(intentOf(fields)).toBe(intent);
  });

  it('takes what CreatePageDto takes', () => {
    expect(validPage(form({ title: ' 始めに ', body: '# x' }), t)).toEqual({ page: { title: ' 始めに ', body: '# x', type: 'M', lang: 'en' } });
    expect(validPage(form({ title: '𩸽'.repeat(255) }), t)).toHaveProperty('page');
  });

  it.each([
    [{ title: '' }, t.titleRequired, 'title'],
    [{ title: ' \t\n' }, t.titleRequired, 'title'],
    [{ title: 'x'.repeat(256) }, t.titleTooLong(255), 'title'],
    [{ type: 'X' }, t.formatOrLanguageInvalid, 'options'],
    [{ lang: 'fr' }, t.formatOrLanguageInvalid, 'options'],
    [{ type: '' }, t.formatOrLanguageInvalid, 'options'],
  ])('refuses %j with its sentence', (fields, problem, field) => {
    expect(validPage(form(fields), t)).toEqual({ problem, field });
  });

  it('shows a body as its format stores it', () => {
    expect(bodyFragment('M', { body: '**x**', html: '<p><strong>x</strong></p>' })).toBe('<p><strong>x</strong></p>');
    expect(bodyFragment('H', { body: '<p>clean</p>', html: null })).toBe('<p>clean</p>');
    expect(bodyFragment('T', { body: '<b>"x" & \'y\'</b>\n', html: null })).toBe('<pre class="page-text">&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;\n</pre>');
  });
});

describe('where a move goes back to', () => {
  it.each([
    ['/kb/base', '/kb/base'],
    ['/kb/base?page=2', '/kb/base?page=2'],
    ['/kb/base/pages/abc123#top', '/kb/base/pages/abc123'],
    ['/', '/'],
  ])('keeps the same-site path %s', (next, path) => {
    expect(sameSitePath(next)).toBe(path);
  });

  it.each(['', 'kb/base', '//evil.example/x', '/\\evil.example', 'https://evil.example/', '/kb/base\nLocation: x', '/kb/ba se', 'javascript:alert(1)'])('refuses %j', (next) => {
    expect(sameSitePath(next)).toBeUndefined();
    expect(backAfterMove(next, '/kb/home', 'abc123')).toBe('/kb/home#p-abc123');
  });

  it('lands at the moved page', () => {
    expect(backAfterMove('/kb/b?page=3', '/kb/b', 'xyz789')).toBe('/kb/b?page=3#p-xyz789');
  });
});
