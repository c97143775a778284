import sanitize from 'sanitize-html';

export function normalizeForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

// Tags a reader sees as a break between words; inline tags (b, a, span…) are not.
const blockTag = new RegExp(
  '<(?=/?(?:address|article|aside|blockquote|br|caption|dd|details|div|dl|dt|figcaption|figure|'
    + 'footer|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|summary|table|tbody|td|tfoot|th|'
    + 'thead|tr|ul)[\\s/>])',
  'gi',
);

const textOnly: sanitize.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: [
    'script', 'style', 'textarea', 'option', 'select', 'xmp', 'noscript',
    'noembed', 'noframes', 'iframe', 'object', 'template', 'title',
  ],
};

export function visibleText(html: string): string {
  const text = sanitize(html.replace(blockTag, '\n<'), textOnly);
  // sanitize-html re-escapes exactly these three in text; &amp; must come last.
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export function splitSearchTerms(q: string): string[] {
  return q
    .split(/\s+/u)
    .filter((t) => t !== '')
    .map(normalizeForSearch)
    .filter((t) => t !== '');
}
