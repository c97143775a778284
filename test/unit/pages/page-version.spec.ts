// The version an editor edits: the same for the same title, format, language and body revision,
// and another as soon as any of them changes.
import { pageVersion } from '../../../src/pages/page-version';

const page = { title: 'Getting started', type: 'M' as const, lang: 'en' as const, bodyRevision: 3 };

describe('pageVersion', () => {
  it('is a short text that depends only on what the editor shows and the body revision', () => {
    expect(pageVersion(page)).toMatch(/^[\w-]{22}$/);
    expect(pageVersion({ ...page })).toBe(pageVersion(page));
    expect(pageVersion({ ...page, updatedAt: 'later', view: 'O' } as typeof page)).toBe(pageVersion(page));
  });

  it.each([
    ['title', { title: 'Getting started!' }],
    ['format', { type: 'H' as const }],
    ['language', { lang: 'ja' as const }],
    ['body revision', { bodyRevision: 4 }],
  ])('changes with the %s', (_, change) => {
    expect(pageVersion({ ...page, ...change })).not.toBe(pageVersion(page));
  });

  it('never mixes two fields into the same stamp', () => {
    expect(pageVersion({ ...page, title: 'a","M' })).not.toBe(pageVersion({ ...page, title: 'a' }));
  });
});
