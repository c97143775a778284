// XSS filter-evasion inputs (OWASP cheat-sheet style) through both ways content becomes HTML: the
// H-page sanitizer and the Markdown renderer. Whatever the input, the output may hold no script,
// no event handler, no javascript:/vbscript: URL, and data: only as an image's src.
import fc from 'fast-check';
import { renderMarkdown } from '../../../src/content/markdown';
import { sanitizeHtml } from '../../../src/content/sanitize';
import { htmlPayloads, markdownPayloads } from '../../support/xss-corpus';

const allowedTags = new Set([
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'a', 'img', 'pre', 'code', 'blockquote',
  'strong', 'em', 'b', 'i', 'u', 's', 'del', 'ins', 'sub', 'sup', 'mark',
  'span', 'div', 'details', 'summary', 'figure', 'figcaption', 'kbd', 'abbr',
]);
const allowedAttributes = new Set([
  'href', 'title', 'name', 'target', 'rel', 'src', 'alt', 'width', 'height',
  'colspan', 'rowspan', 'align', 'style', 'scope', 'start', 'open', 'class',
]);

interface Tag {
  name: string;
  attributes: Map<string, string>;
}

const decode = (value: string): string =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Math.min(Number(dec), 0x10ffff)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The start tags of sanitized HTML. Its attributes are always name="value", so a strict parse works. */
function startTags(html: string): Tag[] {
  return [...html.matchAll(/<([a-zA-Z][^\s/>]*)([^>]*?)\/?>/g)].map(([, name, rest]) => {
    const attributes = new Map<string, string>();
    const unparsed = rest.replace(/\s([^\s"'=<>\/]+)(?:="([^"]*)")?/g, (_, attr: string, value = '') => {
      attributes.set(attr.toLowerCase(), decode(value));
      return '';
    });
    expect({ tag: name, unparsed: unparsed.trim() }).toEqual({ tag: name, unparsed: '' });
    return { name: name.toLowerCase(), attributes };
  });
}

/** The checks every output must pass. */
function expectInert(html: string): void {
  expect(html).not.toMatch(/<\s*\/?\s*script/i);
  for (const { name, attributes } of startTags(html)) {
    expect(allowedTags.has(name) ? name : `disallowed <${name}> in ${html}`).toBe(name);
    for (const [attr, value] of attributes) {
      expect(/^on/i.test(attr) ? `event handler ${attr} in ${html}` : attr).toBe(attr);
      expect(allowedAttributes.has(attr) ? attr : `disallowed ${attr} in ${html}`).toBe(attr);
      if (attr === 'style') expect(value).toMatch(/^text-align:(left|right|center);?$/);
      if (attr === 'href' || attr === 'src') {
        // what a browser reads: entities decoded, leading/embedded controls and spaces ignored
        const url = value.replace(/[\x00-\x20]+/g, '').toLowerCase();
        expect(url).not.toMatch(/^(javascript|vbscript|livescript|mocha):/);
        if (url.startsWith('data:')) expect({ name, attr, url: url.slice(0, 11) }).toEqual({ name: 'img', attr: 'src', url: 'data:image/' });
      }
    }
    if (name === 'a' && attributes.has('target')) {
      expect((attributes.get('rel') ?? '').split(/\s+/)).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
    }
  }
}

describe('the H sanitizer leaves no active content', () => {
  it.each(htmlPayloads)('%j', (payload) => {
    const out = sanitizeHtml(payload);
    expectInert(out);
    // Sanitizing is stable: the stored body sanitizes to itself.
    expect(sanitizeHtml(out)).toBe(out);
  });
});

describe('the Markdown renderer leaves no active content', () => {
  it.each(htmlPayloads)('raw HTML as a block: %j', (payload) => {
    expectInert(renderMarkdown(`${payload}\n\ntext`));
  });

  it.each(htmlPayloads)('raw HTML inline: %j', (payload) => {
    expectInert(renderMarkdown(`text ${payload} more`));
  });

  it.each(markdownPayloads)('%j', (payload) => {
    expectInert(renderMarkdown(payload));
  });
});

describe('links that open another window', () => {
  it.each([
    ['<a href="https://example.com/" target="_blank">t</a>', 'noopener noreferrer'],
    ['<a href="https://example.com/" TARGET="_blank" rel="opener">t</a>', 'opener noopener noreferrer'],
    ['<a href="https://example.com/" target="_blank" rel="noreferrer nofollow">t</a>', 'noreferrer nofollow noopener'],
  ])('get rel="noopener noreferrer": %j', (payload, rel) => {
    expect(sanitizeHtml(payload)).toContain(`rel="${rel}"`);
    expect(renderMarkdown(payload)).toContain(`rel="${rel}"`);
  });

  it('links without a target are left as they are', () => {
    expect(sanitizeHtml('<a href="https://example.com/">t</a>')).toBe('<a href="https://example.com/">t</a>');
    expect(renderMarkdown('[t](https://example.com/)')).toBe('<p><a href="https://example.com/">t</a></p>\n');
  });
});

describe('what stays', () => {
  it('an image may keep a data:image/ source, a link never keeps a data: URL', () => {
    expect(sanitizeHtml('<img src="data:image/png;base64,AA">')).toBe('<img src="data:image/png;base64,AA" />');
    expect(renderMarkdown('![x](data:image/png;base64,AA)')).toBe('<p><img src="data:image/png;base64,AA" alt="x" /></p>\n');
    expect(sanitizeHtml('<a href="data:image/png;base64,AA">x</a>')).toBe('<a>x</a>');
  });

  it('a refused Markdown link shows its text, not an anchor', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).toBe('<p>[x](javascript:alert(1))</p>\n');
  });

  it('code shows script as text', () => {
    expect(renderMarkdown('`<script>alert(1)</script>`')).toBe('<p><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></p>\n');
  });
});

// The checks above would pass vacuously if they could not see active content.
describe('the checks catch active content', () => {
  it.each([
    '<script>alert(1)</script>',
    '<p>a</p></SCRIPT >',
    '<img src="x" onerror="alert(1)" />',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<a href=" &#14; JavaScript:alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="data:image/png;base64,AA">x</a>',
    '<img src="data:text/html,x" />',
    '<iframe src="https://example.com/"></iframe>',
    '<div style="background:url(x)">d</div>',
    '<a href="https://example.com/" target="_blank">t</a>',
    '<a href="https://example.com/" target="_blank" rel="noopener">t</a>',
    '<a href=javascript:alert(1)>x</a>',
  ])('%j', (html) => {
    expect(() => expectInert(html)).toThrow();
  });
});

// Random mixtures of the pieces the payloads above are made of.
describe('random mixtures of payload pieces stay inert', () => {
  const piece = fc.constantFrom(
    '<', '>', '</', '/>', '"', "'", '`', '=', ' ', '\t', '\n', '\0', '\x01', '&#x09;', '&#106;', '&colon;', '&lt;',
    'script', 'SCRIPT', 'img', 'svg', 'a', 'iframe', 'style', 'div', 'math', 'noscript', 'template', '!--', '-->',
    ' src=', ' href=', ' onerror=', ' onload=', ' style=', ' target=_blank', ' rel=',
    'javascript:', 'JaVaScRiPt:', 'vbscript:', 'data:text/html,', 'data:image/png;base64,AA', 'alert(1)',
    '[', ']', '(', ')', '![', '](', '<http', 'https://e.com/', 'www.e.com', 'a@b.co', '~~', '*', '_', '|', '---',
    '```', '`', '- [ ] ', '> ', '# ', '\\', '。', 'テキスト',
  );
  const source = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(''));

  it('through the H sanitizer', () => {
    fc.assert(fc.property(source, (s) => expectInert(sanitizeHtml(s))), { numRuns: 500 });
  });

  it('through the Markdown renderer', () => {
    fc.assert(fc.property(source, (s) => expectInert(renderMarkdown(s))), { numRuns: 500 });
  });
});
