import { renderMarkdown } from './markdown';
import { sanitizeHtml } from './sanitize';
import { normalizeForSearch, visibleText } from './search-text';

export interface PreparedContent {
  /** What is stored as the page's body. */
  body: string;
  /** Rendered HTML for M pages, else null. */
  html: string | null;
  /** Normalised text that search terms are matched against. */
  searchBody: string;
}

export function prepareContent(type: 'T' | 'H' | 'M', body: string): PreparedContent {
  switch (type) {
    case 'H': {
      const clean = sanitizeHtml(body);
      return { body: clean, html: null, searchBody: normalizeForSearch(visibleText(clean)) };
    }
    case 'M':
      return { body, html: renderMarkdown(body), searchBody: normalizeForSearch(body) };
    case 'T':
      return { body, html: null, searchBody: normalizeForSearch(body) };
  }
}

export function prepareTitle(title: string): string {
  return normalizeForSearch(title);
}
