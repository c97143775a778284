// The language of a page, and every text in both languages.
import { en } from '../../../src/web/i18n/en';
import { ja } from '../../../src/web/i18n/ja';
import { chooseLanguage, formatTime, fromAcceptLanguage } from '../../../src/web/i18n/languages';

describe('the language of a page', () => {
  it.each<[string | undefined, string]>([
    [undefined, 'en'],
    ['', 'en'],
    ['ja', 'ja'],
    ['ja-JP,ja;q=0.9,en-US;q=0.8', 'ja'],
    ['en-US,en;q=0.9,ja;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9,ja;q=0.5', 'ja'],
    ['en;q=0.2,ja;q=0.7', 'ja'],
    ['ja;q=0,en;q=0.1', 'en'],
    ['de', 'en'],
    ['JA', 'ja'],
  ])('Accept-Language %p speaks %s', (header, language) => {
    expect(fromAcceptLanguage(header)).toBe(language);
  });

  it('takes the user setting before the browser', () => {
    expect(chooseLanguage('ja', 'en')).toBe('ja');
    expect(chooseLanguage(null, 'ja')).toBe('ja');
  });

  it('writes times in the reader language, in UTC', () => {
    expect(formatTime('en', '2026-12-05T23:44:13.000Z')).toBe('5 Dec 2026, 23:44 UTC');
    expect(formatTime('ja', '2026-12-05T23:44:13.000Z')).toBe('2026/12/05 23:44 UTC');
    expect(formatTime('en', null)).toBe('');
  });

  it('has every text in Japanese, none left in English', () => {
    expect(Object.keys(ja).sort()).toEqual(Object.keys(en).sort());
    const same = Object.keys(en).filter((key) => typeof en[key as keyof typeof en] === 'string' && en[key as keyof typeof en] === ja[key as keyof typeof ja]);
    expect(same).toEqual(['product']);
  });
});
