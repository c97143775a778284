// XSS filter-evasion inputs (OWASP cheat-sheet style) through both ways content becomes HTML: the
// H-page sanitizer and the Markdown renderer. Whatever the input, the output may hold no script,
// no event handler, no javascript:/vbscript: URL, and data: only as an image's src.
import fc from 'fast-check';
import { renderMarkdown } from '../../../src/content/markdown';
import { sanitizeHtml } from '../../../src/content/sanitize';

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

const NUL = '\0';

/** HTML payloads: fed to the sanitizer as they are, to the Markdown renderer as a block and inline. */
const htmlPayloads: string[] = [
  // script tags
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<ScRiPt>alert(1)</sCrIpT>',
  '<script/xss src="https://xss.example/x.js"></script>',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<SCRIPT/SRC="https://xss.example/x.js"></SCRIPT>',
  '<script\ttype="text/javascript">alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<svg><script>alert(1)</script></svg>',
  '<template><script>alert(1)</script></template>',
  '<![CDATA[<script>alert(1)</script>]]>',
  // event handlers
  '<img src=x onerror=alert(1)>',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<img src=x OnErRoR=alert(1)>',
  '<img src=x onerror\t=\talert(1)>',
  '<img """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">',
  '<svg onload=alert(1)>',
  '<svg/onload=alert(1)>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<details open ontoggle=alert(1)><summary>s</summary></details>',
  '<p onclick="alert(1)" title="t">x</p>',
  '<a href="https://example.com/" onmouseover="alert(1)">x</a>',
  '<span class="x" onfocus=alert(1) tabindex=1>s</span>',
  '<video><source onerror=alert(1)></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>m</marquee>',
  '<a href="/" title="&quot; onmouseover=&quot;alert(1)">q</a>',
  // javascript:, vbscript: and data: URLs, plain and disguised
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=javascript:alert(\'XSS\')>',
  '<IMG SRC=`javascript:alert("XSS")`>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="java&Tab;script:alert(1)">x</a>',
  '<a href="java&NewLine;script:alert(1)">x</a>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0D;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  `<a href="java${NUL}script:alert(1)">x</a>`,
  '<a href="java\x01script:alert(1)">x</a>',
  '<a href="\x0b\x0cjavascript:alert(1)">x</a>',
  '<a href="   javascript:alert(1)">x</a>',
  '<a href="&#1;javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="VBScript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="DATA:text/html,<script>alert(1)</script>">x</a>',
  '<a href="data:image/png;base64,AA">a data image is still no link</a>',
  '<img src="data:text/html;base64,PHNjcmlwdD4=">',
  '<img src="da<!---->ta:text/html,x">',
  '<img src="data:image/png;base64,iVBORw0KGgo=" alt="kept">',
  '<img src=" data:image/gif;base64,R0lGOD==">',
  // style, iframe, object, embed, form and other active elements
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">d</DIV>',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">d</DIV>',
  '<td style="text-align:right;background:url(javascript:alert(1))">c</td>',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<iframe src=https://xss.example/x.html <',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>',
  '<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.example/scriptlet.html"></OBJECT>',
  '<object data="javascript:alert(1)"></object>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2Zz4=" AllowScriptAccess="always"></EMBED>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">b</button><input type="image" src="javascript:alert(1)"></form>',
  '<isindex action=javascript:alert(1) type=image>',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')"><TD BACKGROUND="javascript:alert(\'XSS\')">t</TD></TABLE>',
  '<math><mi xlink:href="javascript:alert(1)">m</mi></math>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<div><p title="</div><img src=x onerror=alert(1)>">p</p></div>',
  // links that open another window
  '<a href="https://example.com/" target="_blank">t</a>',
  '<a href="https://example.com/" TARGET="_blank" rel="opener">t</a>',
  '<a target=_top>no href</a>',
];

/** Markdown-only payloads. */
const markdownPayloads: string[] = [
  '[x](javascript:alert(1))',
  '[x](JAVASCRIPT:alert(1))',
  '[x](  javascript:alert(1))',
  '[x](<javascript:alert(1)>)',
  '[x](java&#x09;script:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](javascript&colon;alert(1))',
  `[x](java${NUL}script:alert(1))`,
  '[x](vbscript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD4=)',
  '[x](data:image/png;base64,AA)',
  '![x](javascript:alert(1))',
  '![x](data:text/html,x)',
  '![x](data:image/png;base64,AA)',
  '<javascript:alert(1)>',
  '<java&#x73;cript:alert(1)>',
  '[x][r]\n\n[r]: javascript:alert(1)',
  '[x][r]\n\n[r]: <vbscript:msgbox(1)>',
  '[x](https://example.com "t\\" onmouseover=\\"alert(1)")',
  '[x](https://example.com?"onmouseover="alert(1))',
  '[<img src=x onerror=alert(1)>](https://example.com)',
  '[x](https://example.com) <a href="javascript:alert(1)" target="_blank">y</a>',
  '**<script>alert(1)</script>**',
  '```html\n<script>alert(1)</script>\n```',
  '`<img src=x onerror=alert(1)>`',
  '<div onclick="alert(1)">\n\n*md inside*\n\n</div>',
  '| a |\n|---|\n| <img src=x onerror=alert(1)> |',
  '- <svg onload=alert(1)>\n- [x](javascript:alert(1))',
  '> <iframe src="javascript:alert(1)"></iframe>',
  'https://example.com/"onmouseover="alert(1)',
  'see javascript:alert(1) and vbscript:msgbox(1)',
];

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
