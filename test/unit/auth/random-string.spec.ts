// Tokens and content ids are drawn character by character from their alphabet; every character
// must be as likely as every other.
import { issueToken, randomString } from '../../../src/auth/tokens';
import { newContentId } from '../../../src/pages/content-id';

describe('randomString', () => {
  it('draws `length` characters of the alphabet', () => {
    for (let i = 0; i < 200; i++) expect(randomString('abc', 7)).toMatch(/^[abc]{7}$/);
    expect(newContentId()).toMatch(/^[0-9a-z]{6}$/);
    expect(issueToken().token).toMatch(/^kbp_[0-9A-Za-z]{43}$/);
  });

  it('draws each character of a 36-character alphabet equally often, without the bias of a byte modulo 36', () => {
    // A byte modulo 36 gives 4 characters a chance of 8/256 and the 32 others 7/256: 22,500 and
    // 17,500 draws here, not 20,000. The bound is 7 standard deviations of a fair draw (139).
    const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
    const perCharacter = 20_000;
    const counts = new Map<string, number>();
    for (const c of randomString(alphabet, alphabet.length * perCharacter)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(alphabet.length);
    for (const count of counts.values()) expect(Math.abs(count - perCharacter)).toBeLessThan(1000);
  });
});
