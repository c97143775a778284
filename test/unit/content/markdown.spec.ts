import { renderMarkdown } from '../../../src/content/markdown';

describe('renderMarkdown', () => {
  // markdown-it wrote "<br />\n"; marked writes "<br>" with no newline, the sanitizer "<br />".
  it('a plain newline renders as a line break', () => {
    expect(renderMarkdown('one\ntwo')).toMatch(/^<p>one<br \/>two<\/p>/);
  });

  // markdown-it aligned with style="text-align:right"; marked writes align="right".
  it('tables render with column alignment', () => {
    const out = renderMarkdown('| a | b |\n|--:|---|\n| 1 | 2 |');
    expect(out).toMatch(/<table>/);
    expect(out).toMatch(/<th align="right">a<\/th>/);
    expect(out).toMatch(/<td>2<\/td>/);
  });

  // markdown-it wrote <s>; marked writes <del>.
  it('strikethrough renders as del', () => {
    expect(renderMarkdown('~~gone~~')).toMatch(/<del>gone<\/del>/);
  });

  it('bare URLs become links', () => {
    expect(renderMarkdown('see https://example.com/x')).toMatch(
      /<a href="https:\/\/example.com\/x">https:\/\/example.com\/x<\/a>/,
    );
  });

  it('raw HTML is allowed and then sanitized', () => {
    const out = renderMarkdown('<b onclick="x()">bold</b><script>alert(1)</script>\n\n<div class="note">n</div>');
    expect(out).toMatch(/<b>bold<\/b>/);
    expect(out).toMatch(/<div class="note">n<\/div>/);
    expect(out).not.toMatch(/script|alert|onclick/);
  });

  it('javascript: link targets are not rendered as links', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).not.toMatch(/href/);
  });

  it('fenced code keeps its language class', () => {
    expect(renderMarkdown('```js\nlet a;\n```')).toMatch(/<pre><code class="language-js">let a;\n<\/code><\/pre>/);
  });
});

// Where marked alone would show a reader something else than markdown-it did (markdown-compat.ts).
describe('renderMarkdown keeps markdown-it behaviour', () => {
  it.each([
    ['[x](javascript:alert(1))', '<p>[x](javascript:alert(1))</p>\n'],
    ['[**x**](vbscript:msgbox(1))', '<p>[<strong>x</strong>](vbscript:msgbox(1))</p>\n'],
    ['![a](javascript:alert(1))', '<p>![a](javascript:alert(1))</p>\n'],
    ['<javascript:alert(1)>', '<p>&lt;javascript:alert(1)&gt;</p>\n'],
    ['[x](file:///etc/passwd)', '<p>[x](file:///etc/passwd)</p>\n'],
    ['[x](data:text/html,x)', '<p>[x](data:text/html,x)</p>\n'],
    ['[x][r]\n\n[r]: javascript:alert(1)', '<p>[x][r]</p>\n<p>[r]: javascript:alert(1)</p>\n'],
  ])('a refused link target leaves the Markdown as typed: %j', (source, html) => {
    expect(renderMarkdown(source)).toBe(html);
  });

  it('data:image links and images are kept', () => {
    expect(renderMarkdown('![d](data:image/png;base64,AA)')).toBe('<p><img src="data:image/png;base64,AA" alt="d" /></p>\n');
  });

  it('a single tilde is not strikethrough', () => {
    expect(renderMarkdown('~one~ H~2~O')).toBe('<p>~one~ H~2~O</p>\n');
  });

  it('task-list markers stay as text', () => {
    expect(renderMarkdown('- [ ] task\n- [x] done')).toBe('<ul>\n<li>[ ] task</li>\n<li>[x] done</li>\n</ul>\n');
  });

  it('www. without a scheme is not linked', () => {
    expect(renderMarkdown('see www.example.com')).toBe('<p>see www.example.com</p>\n');
  });

  it('e-mail addresses are linked', () => {
    expect(renderMarkdown('a.b@example.co.jp')).toBe('<p><a href="mailto:a.b@example.co.jp">a.b@example.co.jp</a></p>\n');
  });

  it('bare URLs end at full-width punctuation and may have non-ASCII hosts', () => {
    expect(renderMarkdown('（https://example.com/x）。')).toBe(
      '<p>（<a href="https://example.com/x">https://example.com/x</a>）。</p>\n',
    );
    expect(renderMarkdown('https://例え.jp/パス。次')).toBe(
      '<p><a href="https://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9">https://例え.jp/パス</a>。次</p>\n',
    );
    expect(renderMarkdown('see https://example.com/a.')).toBe(
      '<p>see <a href="https://example.com/a">https://example.com/a</a>.</p>\n',
    );
  });

  it('NUL becomes U+FFFD', () => {
    expect(renderMarkdown('a\0b')).toBe('<p>a\uFFFDb</p>\n');
  });
});
