import { sanitizeHtml } from '../../../src/content/sanitize';

describe('sanitizeHtml', () => {
  it.each(['script', 'style', 'iframe', 'object'])('%s is removed with its content', (tag) => {
    expect(sanitizeHtml(`<p>keep</p><${tag}>secret</${tag}>`)).toBe('<p>keep</p>');
  });

  it('embed is removed', () => {
    expect(sanitizeHtml('<p>a</p><embed src="x.swf">')).toBe('<p>a</p>');
  });

  it('form and form controls are removed', () => {
    const out = sanitizeHtml('<form action="/x"><input name="a"><select><option>o</option></select><textarea>t</textarea></form>');
    expect(out).not.toMatch(/<(form|input|select|option|textarea)/i);
  });

  it('event-handler attributes are removed', () => {
    expect(sanitizeHtml('<p onclick="alert(1)">x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<img src="a.png" onerror="alert(1)">')).toBe('<img src="a.png" />');
  });

  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'jav&#x09;ascript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<b>x</b>'])(
    'href %j is removed',
    (href) => {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    },
  );

  it('data:image/png in img src is kept', () => {
    const img = '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot" />';
    expect(sanitizeHtml(img)).toBe(img);
  });

  it('data:text/html in img src is removed', () => {
    expect(sanitizeHtml('<img src="data:text/html,x">')).toBe('<img />');
    expect(sanitizeHtml('<img src="da<!---->ta:text/html,x">')).toBe('<img />');
  });

  it('ordinary document markup is kept', () => {
    const html = [
      '<h2>T</h2><p>a<br />b</p><hr />',
      '<ul><li>x</li></ul><ol start="3"><li>y</li></ol><dl><dt>k</dt><dd>v</dd></dl>',
      '<table><thead><tr><th align="left">h</th></tr></thead><tbody><tr><td colspan="2" rowspan="1">d</td></tr></tbody></table>',
      // rel already names both tokens that a target link gets (see the next test)
      '<a href="https://example.com/" title="t" target="_blank" rel="noopener noreferrer">l</a>',
      '<img src="/a.png" alt="a" title="t" width="10" height="20" />',
      '<pre><code>c</code></pre><blockquote>q</blockquote>',
      '<strong>1</strong><em>2</em><b>3</b><i>4</i><u>5</u><s>6</s><del>7</del><ins>8</ins><sub>9</sub><sup>0</sup><mark>m</mark>',
      '<div class="note"><span class="hl">s</span></div>',
      '<details><summary>S</summary>D</details><figure><img src="b.png" /><figcaption>F</figcaption></figure>',
      '<kbd>K</kbd><abbr title="HyperText">HTML</abbr>',
    ].join('');
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('a link with a target gets rel="noopener noreferrer", keeping its other rel tokens', () => {
    expect(sanitizeHtml('<a href="/x" target="_blank">l</a>')).toBe('<a href="/x" target="_blank" rel="noopener noreferrer">l</a>');
    expect(sanitizeHtml('<a href="/x" target="_blank" rel="noopener">l</a>')).toBe(
      '<a href="/x" target="_blank" rel="noopener noreferrer">l</a>',
    );
    expect(sanitizeHtml('<a href="/x" target="w" rel="nofollow">l</a>')).toBe(
      '<a href="/x" target="w" rel="nofollow noopener noreferrer">l</a>',
    );
    expect(sanitizeHtml('<a href="/x" rel="nofollow">l</a>')).toBe('<a href="/x" rel="nofollow">l</a>');
  });

  it('style attributes are removed except table cell text-align', () => {
    expect(sanitizeHtml('<div style="position:fixed">x</div>')).toBe('<div>x</div>');
    expect(sanitizeHtml('<table><tr><td style="text-align:right;color:red">x</td></tr></table>')).toBe(
      '<table><tr><td style="text-align:right">x</td></tr></table>',
    );
  });
});
