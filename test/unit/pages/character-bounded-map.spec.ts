// CharacterBoundedMap: counts what it holds exactly through replacements and deletes, never holds
// more than its bound, and starts again empty when one more value would pass it.
import { CharacterBoundedMap } from '../../../src/pages/character-bounded-map';

const map = () => new CharacterBoundedMap<string>(10, (value) => value.length);

describe('CharacterBoundedMap', () => {
  it('counts a replaced or deleted value out of its size', () => {
    const kept = map();
    kept.set('a', 'xxx');
    kept.set('b', 'yy');
    kept.set('a', 'z');
    expect([kept.size, kept.get('a'), kept.get('b')]).toEqual([3, 'z', 'yy']);
    kept.delete('b');
    kept.delete('missing');
    expect([kept.size, kept.get('b')]).toEqual([1, undefined]);
  });

  it('starts again empty when one more value would pass the bound', () => {
    const kept = map();
    kept.set('a', 'xxxx');
    kept.set('b', 'xxxxxx');
    expect(kept.size).toBe(10);
    kept.set('c', 'x');
    expect([kept.size, kept.get('a'), kept.get('b'), kept.get('c')]).toEqual([1, undefined, undefined, 'x']);
  });

  it('keeps no value larger than the bound, and forgets the one it replaced', () => {
    const kept = map();
    kept.set('a', 'old');
    kept.set('a', 'x'.repeat(11));
    expect([kept.size, kept.get('a')]).toEqual([0, undefined]);
  });
});
