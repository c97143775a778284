// AncestorPaths: answers only for the exact outline version it kept, never goes back to an older
// version, and stays within its bound of bytes.
import { AncestorPaths, KEPT_BYTES } from '../../../src/pages/ancestor-paths';

describe('AncestorPaths', () => {
  it('answers what was kept for exactly that base, version and page', () => {
    const paths = new AncestorPaths();
    paths.set('b', 3, 'p1', ['A', 'B']);
    expect(paths.get('b', 3, 'p1')).toEqual(['A', 'B']);
    expect(paths.get('b', 2, 'p1')).toBeUndefined();
    expect(paths.get('b', 4, 'p1')).toBeUndefined();
    expect(paths.get('b', 3, 'p2')).toBeUndefined();
    expect(paths.get('other', 3, 'p1')).toBeUndefined();
  });

  it('drops a base\'s older version when a newer one is kept, and never keeps an older one after it', () => {
    const paths = new AncestorPaths();
    paths.set('b', 3, 'p1', ['A']);
    paths.set('b', 4, 'p2', ['C']);
    expect(paths.get('b', 3, 'p1')).toBeUndefined();
    paths.set('b', 3, 'p1', ['stale']);
    expect(paths.get('b', 3, 'p1')).toBeUndefined();
    expect(paths.get('b', 4, 'p2')).toEqual(['C']);
  });

  it('keeps bases apart', () => {
    const paths = new AncestorPaths();
    paths.set('a', 1, 'p', ['X']);
    paths.set('b', 9, 'p', ['Y']);
    expect([paths.get('a', 1, 'p'), paths.get('b', 9, 'p')]).toEqual([['X'], ['Y']]);
  });

  it('drops a few entries rather than hold more than its bound', () => {
    const paths = new AncestorPaths();
    const title = 'あ'.repeat(1000);
    let n = 0;
    // One base at one version, filled up to the bound: nothing is dropped on the way.
    while (paths.size + 4100 <= KEPT_BYTES) paths.set('full', 1, `page${n++}`, [title, title]);
    expect(paths.get('full', 1, 'page0')).toEqual([title, title]);
    // One more entry would pass the bound: one of those kept goes (at random), the new entry stays.
    paths.set('other', 7, 'last', [title, title]);
    expect(paths.size).toBeLessThanOrEqual(KEPT_BYTES);
    expect(paths.get('other', 7, 'last')).toEqual([title, title]);
    const stillKept = Array.from({ length: n }, (_, i) => paths.get('full', 1, `page${i}`)).filter((kept) => kept !== undefined);
    expect(stillKept.length).toBe(n - 1);
  });
});
