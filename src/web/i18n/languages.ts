// Which language a page speaks: the signed-in user's setting, else the browser's Accept-Language
// (the best of ja and en by q), else English.
import { en, type Messages } from './en';
import { ja } from './ja';

export const languages = ['en', 'ja'] as const;
export type Language = (typeof languages)[number];

export const catalogues: Record<Language, Messages> = { en, ja };

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'ja';
}

/** The language of `acceptLanguage` we speak with the highest q; ties go to the one named first. */
export function fromAcceptLanguage(acceptLanguage: string | undefined): Language {
  let best: { language: Language; q: number } | undefined;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [range, ...parameters] = part.trim().toLowerCase().split(';');
    const primary = range.split('-')[0];
    if (!isLanguage(primary)) continue;
    const qParameter = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParameter ? Number(qParameter.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language: primary, q };
  }
  return best?.language ?? 'en';
}

export function chooseLanguage(setting: Language | null | undefined, acceptLanguage: string | undefined): Language {
  return setting ?? fromAcceptLanguage(acceptLanguage);
}

// Made once each: a new Intl.DateTimeFormat cost about 75 µs a call, 4 ms of a trash page of 50 rows.
const timeFormats: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
  ja: new Intl.DateTimeFormat('ja-JP', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
};

/** A timestamp as the reader's language writes it, in UTC (the service's clock) and saying so. */
export function formatTime(language: Language, iso: string | null | undefined): string {
  if (!iso) return '';
  return timeFormats[language].format(new Date(iso)) + ' UTC';
}
