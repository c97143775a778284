import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderMarkdown } from '../../src/content/markdown.ts';

test('markdown: a plain newline renders as a line break', () => {
  assert.match(renderMarkdown('one\ntwo'), /^<p>one<br \/>\ntwo<\/p>/);
});

test('markdown: tables render with column alignment', () => {
  const out = renderMarkdown('| a | b |\n|--:|---|\n| 1 | 2 |');
  assert.match(out, /<table>/);
  assert.match(out, /<th style="text-align:right">a<\/th>/);
  assert.match(out, /<td>2<\/td>/);
});

test('markdown: strikethrough renders as s', () => {
  assert.match(renderMarkdown('~~gone~~'), /<s>gone<\/s>/);
});

test('markdown: bare URLs become links', () => {
  assert.match(renderMarkdown('see https://example.com/x'), /<a href="https:\/\/example.com\/x">https:\/\/example.com\/x<\/a>/);
});

test('markdown: raw HTML is allowed and then sanitized', () => {
  const out = renderMarkdown('<b onclick="x()">bold</b><script>alert(1)</script>\n\n<div class="note">n</div>');
  assert.match(out, /<b>bold<\/b>/);
  assert.match(out, /<div class="note">n<\/div>/);
  assert.doesNotMatch(out, /script|alert|onclick/);
});

test('markdown: javascript: link targets are not rendered as links', () => {
  assert.doesNotMatch(renderMarkdown('[x](javascript:alert(1))'), /href/);
});

test('markdown: fenced code keeps its language class', () => {
  assert.match(renderMarkdown('```js\nlet a;\n```'), /<pre><code class="language-js">let a;\n<\/code><\/pre>/);
});
