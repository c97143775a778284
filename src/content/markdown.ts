import { Marked } from 'marked';
import { markdownItCompat } from './markdown-compat';
import { sanitizeHtml } from './sanitize';

// Own instance: marked's global defaults stay untouched. GFM gives tables, ~~strikethrough~~ and
// autolinks; breaks makes a plain newline a line break. Raw HTML passes to the sanitizer.
const md = new Marked({ gfm: true, breaks: true, async: false }, markdownItCompat);

export function renderMarkdown(source: string): string {
  // CommonMark (and markdown-it) read NUL as U+FFFD; marked would pass it through.
  return sanitizeHtml(md.parse(source.replace(/\0/g, '\uFFFD'), { async: false }));
}
