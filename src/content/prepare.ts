import { tooDeepToRender } from './content-refused';
import { renderMarkdown } from './markdown';
import { withinRenderBudget } from './render-budget';
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

/** The body as stored and searched; a ContentRefused when it cannot be rendered safely. */
export function prepareContent(type: 'T' | 'H' | 'M', body: string): PreparedContent {
  try {
    return withinRenderBudget(body.length, () => prepareNow(type, body));
  } catch (error) {
    // What the nesting bounds let through may still exhaust the stack, or build too long a string.
    if (error instanceof RangeError) throw tooDeepToRender();
    throw error;
  }
}

function prepareNow(type: 'T' | 'H' | 'M', body: string): PreparedContent {
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
