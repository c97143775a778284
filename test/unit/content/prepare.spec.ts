import { prepareContent, prepareTitle } from '../../../src/content/prepare';

describe('prepareContent', () => {
  it('H: body is sanitized, no html, search text is the visible text', () => {
    const p = prepareContent('H', '<p onclick="x()">ＡＰＩ &amp; Docs</p><script>evil()</script><p>next</p>');
    expect(p.body).toBe('<p>ＡＰＩ &amp; Docs</p><p>next</p>');
    expect(p.html).toBeNull();
    expect(p.searchBody).toBe('api & docs next');
  });

  it('M: body as sent, html rendered and sanitized, search text is the source', () => {
    const src = '# Ｔitle\n<script>x()</script>\nline';
    const p = prepareContent('M', src);
    expect(p.body).toBe(src);
    expect(p.html ?? '').toMatch(/<h1>Ｔitle<\/h1>/);
    expect(p.html ?? '').not.toMatch(/script/);
    expect(p.searchBody).toBe('# title\n<script>x()</script>\nline');
  });

  it('T: body as sent, no html, search text is the normalized body', () => {
    const src = '<b>Not HTML</b> ｶﾅ';
    const p = prepareContent('T', src);
    expect(p).toEqual({ body: src, html: null, searchBody: '<b>not html</b> カナ' });
  });
});

describe('prepareTitle', () => {
  it('title is normalized for search', () => {
    expect(prepareTitle('ＡＰＩ Guide ｶﾞｲﾄﾞ')).toBe('api guide ガイド');
  });
});
