import sanitize from 'sanitize-html';
import { nestingLimits, tooManyOpenElements } from './content-refused';
import { NestingGauge } from './nesting-gauge';

const cell = ['colspan', 'rowspan', 'align', 'style', 'scope'];

const options: sanitize.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
    'a', 'img', 'pre', 'code', 'blockquote',
    'strong', 'em', 'b', 'i', 'u', 's', 'del', 'ins', 'sub', 'sup', 'mark',
    'span', 'div', 'details', 'summary', 'figure', 'figcaption', 'kbd', 'abbr',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    // marked aligns table columns with align="…".
    th: cell,
    td: cell,
    ol: ['start'],
    details: ['open'],
    abbr: ['title'],
    span: ['class'],
    div: ['class'],
    // marked marks fenced code with class="language-x".
    code: ['class'],
  },
  // HTML pages (and Markdown rendered before marked) align cells with style="text-align:…";
  // nothing else of CSS passes.
  allowedStyles: {
    th: { 'text-align': [/^(left|right|center)$/] },
    td: { 'text-align': [/^(left|right|center)$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  // Contents of these are never reader text; without this they would survive as text.
  nonTextTags: [
    'script', 'style', 'textarea', 'option', 'select', 'xmp', 'noscript',
    'noembed', 'noframes', 'iframe', 'object', 'template', 'title',
  ],
  transformTags: {
    a: (tagName, attribs) => {
      // A page opened in another window must not get window.opener (reverse tabnabbing).
      if (attribs.target === undefined) return { tagName, attribs };
      const rel = new Set((attribs.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean));
      rel.add('noopener').add('noreferrer');
      return { tagName, attribs: { ...attribs, rel: [...rel].join(' ') } };
    },
    img: (tagName, attribs) => {
      // The scheme list lets any data: URL into img; only images may stay.
      const src = attribs.src;
      if (src !== undefined) {
        const bare = src.replace(/[\x00-\x20]+/g, '');
        if (src.includes('<!--') || (/^data:/i.test(bare) && !/^data:image\//i.test(bare))) {
          const { src: _dropped, ...rest } = attribs;
          return { tagName, attribs: rest };
        }
      }
      return { tagName, attribs };
    },
  },
};

export function sanitizeHtml(html: string): string {
  // htmlparser2 moves its whole stack of open elements for each one opened or closed, so their
  // number is bounded; sanitize-html's nestingLimit only drops the deeper ones, after that cost.
  const open = new NestingGauge(nestingLimits.htmlElements, tooManyOpenElements);
  return sanitize(html, { ...options, onOpenTag: () => open.enter(), onCloseTag: () => open.leave() });
}
