import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sanitizeHtml } from '../../src/content/sanitize.ts';

for (const tag of ['script', 'style', 'iframe', 'object']) {
  test(`sanitize: ${tag} is removed with its content`, () => {
    const out = sanitizeHtml(`<p>keep</p><${tag}>secret</${tag}>`);
    assert.equal(out, '<p>keep</p>');
  });
}

test('sanitize: embed is removed', () => {
  assert.equal(sanitizeHtml('<p>a</p><embed src="x.swf">'), '<p>a</p>');
});

test('sanitize: form and form controls are removed', () => {
  const out = sanitizeHtml('<form action="/x"><input name="a"><select><option>o</option></select><textarea>t</textarea></form>');
  assert.doesNotMatch(out, /<(form|input|select|option|textarea)/i);
});

test('sanitize: event-handler attributes are removed', () => {
  assert.equal(sanitizeHtml('<p onclick="alert(1)">x</p>'), '<p>x</p>');
  assert.equal(sanitizeHtml('<img src="a.png" onerror="alert(1)">'), '<img src="a.png" />');
});

for (const href of ['javascript:alert(1)', ' JavaScript:alert(1)', 'jav&#x09;ascript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<b>x</b>']) {
  test(`sanitize: href ${JSON.stringify(href)} is removed`, () => {
    assert.equal(sanitizeHtml(`<a href="${href}">x</a>`), '<a>x</a>');
  });
}

test('sanitize: data:image/png in img src is kept', () => {
  const img = '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot" />';
  assert.equal(sanitizeHtml(img), img);
});

test('sanitize: data:text/html in img src is removed', () => {
  assert.equal(sanitizeHtml('<img src="data:text/html,x">'), '<img />');
  assert.equal(sanitizeHtml('<img src="da<!---->ta:text/html,x">'), '<img />');
});

test('sanitize: ordinary document markup is kept', () => {
  const html = [
    '<h2>T</h2><p>a<br />b</p><hr />',
    '<ul><li>x</li></ul><ol start="3"><li>y</li></ol><dl><dt>k</dt><dd>v</dd></dl>',
    '<table><thead><tr><th align="left">h</th></tr></thead><tbody><tr><td colspan="2" rowspan="1">d</td></tr></tbody></table>',
    '<a href="https://example.com/" title="t" target="_blank" rel="noopener">l</a>',
    '<img src="/a.png" alt="a" title="t" width="10" height="20" />',
    '<pre><code>c</code></pre><blockquote>q</blockquote>',
    '<strong>1</strong><em>2</em><b>3</b><i>4</i><u>5</u><s>6</s><del>7</del><ins>8</ins><sub>9</sub><sup>0</sup><mark>m</mark>',
    '<div class="note"><span class="hl">s</span></div>',
    '<details><summary>S</summary>D</details><figure><img src="b.png" /><figcaption>F</figcaption></figure>',
    '<kbd>K</kbd><abbr title="HyperText">HTML</abbr>',
  ].join('');
  assert.equal(sanitizeHtml(html), html);
});

test('sanitize: style attributes are removed except table cell text-align', () => {
  assert.equal(sanitizeHtml('<div style="position:fixed">x</div>'), '<div>x</div>');
  assert.equal(
    sanitizeHtml('<table><tr><td style="text-align:right;color:red">x</td></tr></table>'),
    '<table><tr><td style="text-align:right">x</td></tr></table>',
  );
});
