// KeptDetails: answers a kept detail only at the stamp it was kept at, and stays within its bound.
import { KEPT_DETAIL_CHARACTERS, KeptDetails } from '../../../src/pages/kept-details';
import type { PageDetailRow } from '../../../src/pages/page.rows';

const detail = (title: string, body = 'text'): PageDetailRow => ({
  pageId: 1, baseId: 'b', contentId: 'p', position: 0, title, type: 'M', level: 0, lang: 'ja', updatedAt: 't', createdAt: 't',
  body, bodyRevision: 0, view: null, path: [title],
});

describe('KeptDetails', () => {
  it('answers what was kept for exactly that base, page and stamp', () => {
    const details = new KeptDetails();
    details.keep('b', 'p', 7, detail('Kept'));
    expect(details.get('b', 'p', 7)?.title).toBe('Kept');
    expect(details.get('b', 'p', 8)).toBeUndefined();
    expect(details.get('b', 'q', 7)).toBeUndefined();
    expect(details.get('other', 'p', 7)).toBeUndefined();
  });

  it('keeps one answer a page, the latest kept, and counts a replaced one out of its size', () => {
    const details = new KeptDetails();
    details.keep('b', 'p', 7, detail('Old', 'x'.repeat(1000)));
    const one = details.size;
    details.keep('b', 'p', 9, detail('New', 'y'.repeat(1000)));
    expect([details.get('b', 'p', 7), details.get('b', 'p', 9)?.title]).toEqual([undefined, 'New']);
    expect(details.size).toBe(one);
  });

  it('drops a few answers rather than hold more than its bound', () => {
    const details = new KeptDetails();
    const body = 'あ'.repeat(100_000);
    for (let n = 0; n < (2 * KEPT_DETAIL_CHARACTERS) / body.length; n++) details.keep('b', `p${n}`, 1, detail(`P${n}`, body));
    expect(details.size).toBeLessThanOrEqual(KEPT_DETAIL_CHARACTERS);
    expect(details.size).toBeGreaterThan(KEPT_DETAIL_CHARACTERS - 2 * body.length);
  });
});
