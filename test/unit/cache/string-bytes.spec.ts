import { stringBytes } from '../../../src/cache/string-bytes';

describe('stringBytes', () => {
  it('counts a byte a character of Latin-1 text and two of any other', () => {
    expect(stringBytes('')).toBe(0);
    expect(stringBytes('server config')).toBe(13);
    expect(stringBytes('café ÿ')).toBe(6);
    expect(stringBytes('設定')).toBe(4);
    expect(stringBytes('server 設定')).toBe(18);
    expect(stringBytes('Ā')).toBe(2);
  });
});
