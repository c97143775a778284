// Pages to write straight into a store in tests that open stores themselves: each with content
// prepared as the create use case does, a time one second after the last, and fresh content ids.
import { prepareContent, prepareTitle } from '../../src/content/prepare.ts';
import type { NewPage } from '../../src/store/store.ts';

let clock = Date.parse('2026-03-01T00:00:00.000Z');
let ids = 0;

/** An ISO time one second after the previous one. */
export const now = (): string => new Date((clock += 1000)).toISOString();

/** A content id no earlier call gave. */
export const nextId = (): string => `s${(++ids).toString(36).padStart(5, '0')}`;

/** A plain-text page with this title and body. */
export function page(title: string, body = ''): NewPage {
  return { ...prepareContent('T', body), title, searchTitle: prepareTitle(title), type: 'T', lang: 'en', now: now() };
}
