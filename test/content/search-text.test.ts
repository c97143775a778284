import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeForSearch, splitSearchTerms, visibleText } from '../../src/content/search-text.ts';

test('normalize: full-width and upper-case letters fold to ASCII lower-case', () => {
  assert.equal(normalizeForSearch('ＡＰＩ'), 'api');
  assert.equal(normalizeForSearch('API'), 'api');
});

test('normalize: half-width katakana become full-width', () => {
  assert.equal(normalizeForSearch('ｶﾀｶﾅ'), 'カタカナ');
  assert.equal(normalizeForSearch('ﾃﾞｰﾀ'), 'データ');
});

test('visibleText: tags and tag names are not text', () => {
  const text = visibleText('<div class="x"><b>bold</b> <a href="https://e.com">link</a></div>');
  assert.equal(text, 'bold link');
  assert.doesNotMatch(text, /div|href|class/);
});

test('visibleText: script and style content is dropped', () => {
  assert.equal(visibleText('<p>a</p><script>var s;</script><style>p{}</style>'), 'a');
});

test('visibleText: entities are decoded', () => {
  assert.equal(visibleText('<p>&amp; &lt;b&gt; &quot;q&quot; &#12354;&#x3042;</p>'), '& <b> "q" ああ');
});

test('visibleText: adjacent blocks do not glue together', () => {
  assert.doesNotMatch(visibleText('<p>foo</p><p>bar</p>'), /foobar/);
  assert.doesNotMatch(visibleText('<li>foo</li><li>bar</li>'), /foobar/);
  assert.doesNotMatch(visibleText('<td>foo</td><td>bar</td>'), /foobar/);
  assert.doesNotMatch(visibleText('foo<br>bar'), /foobar/);
});

test('visibleText: inline markup does not split a word', () => {
  assert.equal(visibleText('<p><b>K</b>ube<em>rnetes</em></p>'), 'Kubernetes');
});

test('splitSearchTerms: splits on ASCII spaces and the ideographic space', () => {
  assert.deepEqual(splitSearchTerms('foo bar\tbaz\u3000qux'), ['foo', 'bar', 'baz', 'qux']);
});

test('splitSearchTerms: drops empty terms', () => {
  assert.deepEqual(splitSearchTerms('  a \u3000\u3000 b  '), ['a', 'b']);
  assert.deepEqual(splitSearchTerms(' \u3000 '), []);
});

test('splitSearchTerms: terms are normalized', () => {
  assert.deepEqual(splitSearchTerms('ＡＰＩ\u3000ｶﾀｶﾅ'), ['api', 'カタカナ']);
});
