import { normalizeForSearch, splitSearchTerms, visibleText } from '../../../src/content/search-text';

describe('normalizeForSearch', () => {
  it('full-width and upper-case letters fold to ASCII lower-case', () => {
    expect(normalizeForSearch('ＡＰＩ')).toBe('api');
    expect(normalizeForSearch('API')).toBe('api');
  });

  it('half-width katakana become full-width', () => {
    expect(normalizeForSearch('ｶﾀｶﾅ')).toBe('カタカナ');
    expect(normalizeForSearch('ﾃﾞｰﾀ')).toBe('データ');
  });
});

describe('visibleText', () => {
  it('tags and tag names are not text', () => {
    const text = visibleText('<div class="x"><b>bold</b> <a href="https://e.com">link</a></div>');
    expect(text).toBe('bold link');
    expect(text).not.toMatch(/div|href|class/);
  });

  it('script and style content is dropped', () => {
    expect(visibleText('<p>a</p><script>var s;</script><style>p{}</style>')).toBe('a');
  });

  it('entities are decoded', () => {
    expect(visibleText('<p>&amp; &lt;b&gt; &quot;q&quot; &#12354;&#x3042;</p>')).toBe('& <b> "q" ああ');
  });

  it('adjacent blocks do not glue together', () => {
    expect(visibleText('<p>foo</p><p>bar</p>')).not.toMatch(/foobar/);
    expect(visibleText('<li>foo</li><li>bar</li>')).not.toMatch(/foobar/);
    expect(visibleText('<td>foo</td><td>bar</td>')).not.toMatch(/foobar/);
    expect(visibleText('foo<br>bar')).not.toMatch(/foobar/);
  });

  it('inline markup does not split a word', () => {
    expect(visibleText('<p><b>K</b>ube<em>rnetes</em></p>')).toBe('Kubernetes');
  });
});

describe('splitSearchTerms', () => {
  it('splits on ASCII spaces and the ideographic space', () => {
    expect(splitSearchTerms('foo bar\tbaz\u3000qux')).toEqual(['foo', 'bar', 'baz', 'qux']);
  });

  it('drops empty terms', () => {
    expect(splitSearchTerms('  a \u3000\u3000 b  ')).toEqual(['a', 'b']);
    expect(splitSearchTerms(' \u3000 ')).toEqual([]);
  });

  it('terms are normalized', () => {
    expect(splitSearchTerms('ＡＰＩ\u3000ｶﾀｶﾅ')).toEqual(['api', 'カタカナ']);
  });
});
