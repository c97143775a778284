import { Marked } from 'marked';
import { boundedLexing } from './bounded-lexer';
import { markdownItCompat } from './markdown-compat';
import { sanitizeHtml } from './sanitize';

// Own instance: marked's global defaults stay untouched. GFM gives tables, ~~strikethrough~~ and
// autolinks; breaks makes a plain newline a line break. Raw HTML passes to the sanitizer.
const newRenderer = () => new Marked({ gfm: true, breaks: true, async: false }, markdownItCompat, boundedLexing);

let md = newRenderer();
// A render cut off by the render budget ran no finally blocks: its instance may keep state of
// that text (marked's em/strong marks, kept per tokenizer), so the next render starts afresh.
let rendering = false;

export function renderMarkdown(source: string): string {
  if (rendering) md = newRenderer();
  rendering = true;
  try {
    // CommonMark (and markdown-it) read NUL as U+FFFD; marked would pass it through.
    return sanitizeHtml(md.parse(source.replace(/\0/g, '\uFFFD'), { async: false }));
  } finally {
    rendering = false;
  }
}
