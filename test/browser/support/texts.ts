// The pages' own words, from the catalogues the pages are rendered with: a test finds a control
// by the accessible name a reader of that language hears, and never keeps a copy that drifts.
import { catalogues } from '../../../src/web/i18n/languages';
import type { Messages } from '../../../src/web/i18n/en';
import type { Lang } from './browser';

export type Texts = Messages;

export function texts(lang: Lang): Texts {
  return catalogues[lang];
}

/** A pattern for a message made by `format` from a number, whatever the number is (group 1). */
export function withAnyNumber(format: (n: number) => string): RegExp {
  const marker = 987654321;
  const [before, after] = format(marker).split(String(marker));
  return new RegExp(`${escapeRegExp(before)}([\\d,]+)${escapeRegExp(after ?? '')}`);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
