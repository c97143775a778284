// marked extensions that keep what a reader sees as markdown-it (the previous renderer) showed
// it, where marked differs in more than markup style. Safety does not rest on this file: the
// rendered HTML always goes through sanitizeHtml.
import { Tokenizer, type MarkedExtension, type Tokens } from 'marked';

// markdown-it's validateLink: such a link was not a link, its Markdown stayed as typed.
const refusedScheme = /^(vbscript|javascript|file|data):/;
const imageData = /^data:image\/(gif|png|jpeg|webp);/;

function refusedTarget(href: string): boolean {
  const url = href.trim().toLowerCase();
  return refusedScheme.test(url) && !imageData.test(url);
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// Bare URLs, as markdown-it's linkify found them: hosts may be non-ASCII (例え.jp), and
// full-width punctuation (。、」）) ends the URL, as a space does.
const bareUrl = /^(?:ftp|https?):\/\/(?:[\p{L}\p{N}-]+\.?)+[^\s<]*/iu;
const wideStop = /(?![\x00-\x7f])[\p{P}\p{Z}]/u;
// marked's GFM e-mail rule.
const emailAddress = /^[A-Za-z0-9._+-]+@[a-zA-Z0-9-_]+(?:\.[a-zA-Z0-9-_]*[a-zA-Z0-9])+(?![-_])/;

const autolink = (text: string, href: string): Tokens.Link =>
  ({ type: 'link', raw: text, text, href, autolink: true, tokens: [{ type: 'text', raw: text, text }] });

export const markdownItCompat: MarkedExtension = {
  tokenizer: {
    // markdown-it struck through ~~text~~ only; ~text~ stayed as typed.
    del(src, maskedSrc, prevChar) {
      const token = Tokenizer.prototype.del.call(this, src, maskedSrc, prevChar);
      return token?.raw.startsWith('~~') ? token : undefined;
    },
    // A definition with a refused target is no definition; markdown-it showed it as a paragraph.
    def(src) {
      const token = Tokenizer.prototype.def.call(this, src);
      return token && !refusedTarget(token.href) ? token : undefined;
    },
    url(src) {
      const found = bareUrl.exec(src);
      if (!found) {
        // E-mail addresses are marked's; www.example.com markdown-it did not link, except as
        // part of an address (www.x@example.com), which marked would take for a host.
        const token = Tokenizer.prototype.url.call(this, src);
        if (!token || token.href.startsWith('mailto:')) return token;
        const email = emailAddress.exec(src)?.[0];
        return email ? autolink(email, `mailto:${email}`) : undefined;
      }
      let text = found[0];
      const stop = text.search(wideStop);
      if (stop >= 0) text = text.slice(0, stop);
      // marked's rule for trailing punctuation and unbalanced parentheses, applied as marked does.
      for (let previous = ''; previous !== text; ) {
        previous = text;
        text = this.rules.inline._backpedal.exec(text)?.[0] ?? '';
      }
      return bareUrl.test(text) ? autolink(text, text) : undefined;
    },
  },
  renderer: {
    link(token) {
      return refusedTarget(token.href) ? asTyped(this.parser, token, '') : false;
    },
    image(token) {
      return refusedTarget(token.href) ? asTyped(this.parser, token, '!') : false;
    },
    // markdown-it had no task lists; the sanitizer would drop a checkbox and "[ ]" with it.
    checkbox(token) {
      return escapeHtml(token.raw);
    },
  },
};

/** A refused link or image as markdown-it left it: its label rendered, the rest as text. */
function asTyped(parser: { parseInline(tokens: Tokens.Generic[]): string }, token: Tokens.Link | Tokens.Image, bang: string): string {
  const label = `${bang}[${token.text}]`;
  if (!token.raw.startsWith(label)) return escapeHtml(token.raw);
  return `${bang}[${parser.parseInline(token.tokens)}]${escapeHtml(token.raw.slice(label.length))}`;
}
