import { test } from 'node:test';
import assert from 'node:assert/strict';
import { prepareContent, prepareTitle } from '../../src/content/prepare.ts';

test('prepare H: body is sanitized, no html, search text is the visible text', () => {
  const p = prepareContent('H', '<p onclick="x()">ＡＰＩ &amp; Docs</p><script>evil()</script><p>next</p>');
  assert.equal(p.body, '<p>ＡＰＩ &amp; Docs</p><p>next</p>');
  assert.equal(p.html, null);
  assert.equal(p.searchBody, 'api & docs next');
});

test('prepare M: body as sent, html rendered and sanitized, search text is the source', () => {
  const src = '# Ｔitle\n<script>x()</script>\nline';
  const p = prepareContent('M', src);
  assert.equal(p.body, src);
  assert.match(p.html ?? '', /<h1>Ｔitle<\/h1>/);
  assert.doesNotMatch(p.html ?? '', /script/);
  assert.equal(p.searchBody, '# title\n<script>x()</script>\nline');
});

test('prepare T: body as sent, no html, search text is the normalized body', () => {
  const src = '<b>Not HTML</b> ｶﾅ';
  const p = prepareContent('T', src);
  assert.deepEqual(p, { body: src, html: null, searchBody: '<b>not html</b> カナ' });
});

test('prepare title: title is normalized for search', () => {
  assert.equal(prepareTitle('ＡＰＩ Guide ｶﾞｲﾄﾞ'), 'api guide ガイド');
});
