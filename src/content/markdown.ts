import MarkdownIt from 'markdown-it';
import { sanitizeHtml } from './sanitize.ts';

const md = new MarkdownIt('default', { html: true, linkify: true, breaks: true });

export function renderMarkdown(source: string): string {
  return sanitizeHtml(md.render(source));
}
