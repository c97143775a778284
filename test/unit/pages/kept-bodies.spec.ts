// KeptBodies: keeps one body per page, the newest body revision it saw, and stays within its bound.
import { KEPT_BODY_CHARACTERS, KeptBodies } from '../../../src/pages/kept-bodies';

describe('KeptBodies', () => {
  it('answers what was kept for exactly that base and page', () => {
    const bodies = new KeptBodies();
    bodies.keep('b', 'p1', { pageId: 7, bodyRevision: 2, body: 'text' });
    expect(bodies.get('b', 'p1')).toEqual({ pageId: 7, bodyRevision: 2, body: 'text' });
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
    expect(bodies.get('b', 'p')).toEqual({ pageId: 8, bodyRevision: 0, body: 'another page' });
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
    while (bodies.size + 2 * body.length <= KEPT_BODY_CHARACTERS) bodies.keep('b', `p${n}`, { pageId: n++, bodyRevision: 0, body });
    expect(bodies.get('b', 'p0')?.body).toBe(body);
    bodies.keep('b', 'last', { pageId: n, bodyRevision: 0, body });
    bodies.keep('b', 'last2', { pageId: n + 1, bodyRevision: 0, body });
    expect(bodies.size).toBeLessThanOrEqual(KEPT_BODY_CHARACTERS);
    expect(bodies.get('b', 'last2')?.body).toBe(body);
    const stillKept = Array.from({ length: n }, (_, i) => bodies.get('b', `p${i}`)).filter((kept) => kept !== undefined);
    expect(stillKept.length).toBeGreaterThanOrEqual(n - 2);
    bodies.keep('b', 'huge', { pageId: 0, bodyRevision: 0, body: 'x'.repeat(KEPT_BODY_CHARACTERS) });
    expect(bodies.get('b', 'huge')).toBeUndefined();
    expect(bodies.get('b', 'last2')?.body).toBe(body);
  });
});
