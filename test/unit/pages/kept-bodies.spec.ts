// KeptBodies: keeps one body per page, the newest body revision it saw, and stays within its bound.
import { KEPT_BODY_BYTES, KeptBodies } from '../../../src/pages/kept-bodies';
import type { PageDetailRow } from '../../../src/pages/page.rows';

const detail = (pageId: number, bodyRevision: number, body: string): PageDetailRow => ({
  pageId, baseId: 'b', contentId: 'p', position: 0, title: 'T', type: 'M', level: 0, lang: 'ja', updatedAt: 't', createdAt: 't',
  body, bodyRevision, view: null, path: ['T'],
});

describe('KeptBodies', () => {
  it('answers what was kept for exactly that base and page', () => {
    const bodies = new KeptBodies();
    bodies.keep('b', 'p1', { pageId: 7, bodyRevision: 2, body: 'text' });
    expect(bodies.get('b', 'p1')).toMatchObject({ pageId: 7, bodyRevision: 2, body: 'text' });
    expect(bodies.get('b', 'p2')).toBeUndefined();
    expect(bodies.get('other', 'p1')).toBeUndefined();
  });

  it('replaces a body by a newer revision\'s, never by an older one\'s, and by another page\'s of the same id', () => {
    const bodies = new KeptBodies();
    bodies.keep('b', 'p', { pageId: 7, bodyRevision: 2, body: 'two' });
    bodies.keep('b', 'p', { pageId: 7, bodyRevision: 3, body: 'three' });
    bodies.keep('b', 'p', { pageId: 7, bodyRevision: 1, body: 'one' });
    expect(bodies.get('b', 'p')?.body).toBe('three');
    bodies.keep('b', 'p', { pageId: 8, bodyRevision: 0, body: 'another page' });
    expect(bodies.get('b', 'p')).toMatchObject({ pageId: 8, bodyRevision: 0, body: 'another page' });
  });

  it('counts a replaced body out of its size', () => {
    const bodies = new KeptBodies();
    bodies.keep('b', 'p', { pageId: 1, bodyRevision: 0, body: 'x'.repeat(1000) });
    const one = bodies.size;
    bodies.keep('b', 'p', { pageId: 1, bodyRevision: 1, body: 'y'.repeat(1000) });
    expect(bodies.size).toBe(one);
  });

  it('drops a few bodies rather than hold more than its bound, and never keeps a body larger than it', () => {
    const bodies = new KeptBodies();
    const body = 'あ'.repeat(100_000);
    let n = 0;
    while (bodies.size + 2 * 2 * body.length <= KEPT_BODY_BYTES) bodies.keep('b', `p${n}`, { pageId: n++, bodyRevision: 0, body });
    expect(bodies.get('b', 'p0')?.body).toBe(body);
    bodies.keep('b', 'last', { pageId: n, bodyRevision: 0, body });
    bodies.keep('b', 'last2', { pageId: n + 1, bodyRevision: 0, body });
    expect(bodies.size).toBeLessThanOrEqual(KEPT_BODY_BYTES);
    expect(bodies.get('b', 'last2')?.body).toBe(body);
    const stillKept = Array.from({ length: n }, (_, i) => bodies.get('b', `p${i}`)).filter((kept) => kept !== undefined);
    expect(stillKept.length).toBeGreaterThanOrEqual(n - 2);
    bodies.keep('b', 'huge', { pageId: 0, bodyRevision: 0, body: 'あ'.repeat(KEPT_BODY_BYTES / 2) });
    expect(bodies.get('b', 'huge')).toBeUndefined();
    expect(bodies.get('b', 'last2')?.body).toBe(body);
  });

  it('answers a kept detail only at the stamp it was kept at, for that base and page, and keeps none without its body', () => {
    const bodies = new KeptBodies();
    bodies.keepAnswer('b', 'p', 6, detail(1, 0, 'text'));
    expect(bodies.answerAt('b', 'p', 6)).toBeUndefined();
    bodies.keep('b', 'p', detail(1, 0, 'text'));
    bodies.keepAnswer('b', 'p', 7, detail(1, 0, 'text'));
    expect(bodies.answerAt('b', 'p', 7)?.body).toBe('text');
    expect(bodies.get('b', 'p')?.body).toBe('text');
    expect(bodies.answerAt('b', 'p', 8)).toBeUndefined();
    expect(bodies.answerAt('b', 'q', 7)).toBeUndefined();
    expect(bodies.answerAt('other', 'p', 7)).toBeUndefined();
    bodies.keepAnswer('b', 'p', 9, detail(1, 0, 'text'));
    expect([bodies.answerAt('b', 'p', 7), bodies.answerAt('b', 'p', 9)?.body]).toEqual([undefined, 'text']);
  });

  it('keeps no detail of an older body revision than the one kept, and drops the detail with its body', () => {
    const bodies = new KeptBodies();
    bodies.keep('b', 'p', { pageId: 1, bodyRevision: 3, body: 'three' });
    bodies.keepAnswer('b', 'p', 7, detail(1, 2, 'two'));
    expect([bodies.answerAt('b', 'p', 7), bodies.get('b', 'p')?.body]).toEqual([undefined, 'three']);
    bodies.keepAnswer('b', 'p', 8, detail(1, 3, 'three'));
    expect(bodies.answerAt('b', 'p', 8)?.body).toBe('three');
    bodies.keep('b', 'p', { pageId: 1, bodyRevision: 4, body: 'four' });
    expect(bodies.answerAt('b', 'p', 8)).toBeUndefined();
  });

  it('counts a kept answer\'s title and path in its size, and stays within its bound with answers kept', () => {
    const bodies = new KeptBodies();
    bodies.keep('b', 'p', { pageId: 1, bodyRevision: 0, body: 'text' });
    const bodyOnly = bodies.size;
    const titled = { ...detail(1, 0, 'text'), title: 'x'.repeat(500), path: ['y'.repeat(300), 'x'.repeat(500)] };
    bodies.keepAnswer('b', 'p', 7, titled);
    expect(bodies.size - bodyOnly).toBeGreaterThanOrEqual(1300);
    bodies.keepAnswer('b', 'p', 8, titled);
    expect(bodies.size - bodyOnly).toBeLessThan(2600);
    // Short bodies with long titles: the answers hold most of the characters.
    for (let n = 0; n < 8_000; n++) {
      bodies.keep('b', `p${n}`, { pageId: n, bodyRevision: 0, body: 'short' });
      bodies.keepAnswer('b', `p${n}`, 9, { ...titled, pageId: n, body: 'short' });
    }
    expect(bodies.size).toBeLessThanOrEqual(KEPT_BODY_BYTES);
    expect(bodies.answerAt('b', 'p7999', 9)?.title).toBe(titled.title);
  });

  it('counts an English body at a byte a character and a Japanese one at two, so it holds twice as many English ones', () => {
    const fill = (character: string) => {
      const bodies = new KeptBodies();
      const body = character.repeat(10_000);
      // As many bodies as the bound holds at a byte a character, less a tenth for the entries.
      const count = Math.floor((0.9 * KEPT_BODY_BYTES) / body.length);
      for (let n = 0; n < count; n++) bodies.keep('b', `p${n}`, { pageId: n, bodyRevision: 0, body });
      const kept = Array.from({ length: count }, (_, n) => bodies.get('b', `p${n}`)).filter((found) => found !== undefined).length;
      return { kept, count, size: bodies.size };
    };
    const english = fill('e');
    expect(english.kept).toBe(english.count);
    const japanese = fill('語');
    expect(japanese.kept).toBeLessThan(0.6 * japanese.count);
    expect(japanese.size).toBeLessThanOrEqual(KEPT_BODY_BYTES);
  });
});
