// Passwords: NFKC, lengths in code points, the PHC string and what verifying reads from it.
import { argon2Sync, randomBytes } from 'node:crypto';
import {
  ARGON2_PARAMETERS, hashPassword, normalisePassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem, verifyPassword,
} from '../../src/identity/passwords';

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/** A PHC string made by hand with other parameters, as a later, stronger setting would store. */
function phcWith(password: string, memory: number, passes: number, parallelism: number, tagLength = 32): string {
  const salt = randomBytes(16);
  const tag = argon2Sync('argon2id', { message: password.normalize('NFKC'), nonce: salt, memory, passes, parallelism, tagLength });
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${b64(salt)}$${b64(tag)}`;
}

describe('passwords', () => {
  it('normalises to NFKC: full-width letters and a ligature become their plain forms', () => {
    expect(normalisePassword('ＡＢＣ１２３ﬁ')).toBe('ABC123fi');
    // Composed and decomposed é are one password.
    expect(normalisePassword('e\u0301')).toBe('\u00e9');
  });

  it('counts length in code points after NFKC, an astral character as one', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(PASSWORD_MAX_LENGTH).toBe(256);
    expect(passwordProblem('a'.repeat(11))).toBe('too-short');
    expect(passwordProblem('a'.repeat(12))).toBeNull();
    // 11 emoji are 22 UTF-16 units but 11 characters: too short.
    expect(passwordProblem('😀'.repeat(11))).toBe('too-short');
    expect(passwordProblem('😀'.repeat(12))).toBeNull();
    expect(passwordProblem('😀'.repeat(256))).toBeNull();
    expect(passwordProblem('😀'.repeat(257))).toBe('too-long');
    expect(passwordProblem('a'.repeat(257))).toBe('too-long');
    // ﬃ (one code point) becomes ffi (three) under NFKC: 4 of them are 12 characters.
    expect(passwordProblem('ﬃ'.repeat(4))).toBeNull();
    expect(passwordProblem('パスワードは十二文字以上必要')).toBeNull();
  });

  it('hashes to a PHC string with the argon2id parameters, a fresh salt each time', async () => {
    const phc = await hashPassword('correct horse battery');
    expect(phc).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(ARGON2_PARAMETERS).toEqual({ memoryKiB: 19456, passes: 2, parallelism: 1, saltBytes: 16, tagBytes: 32 });
    expect(await hashPassword('correct horse battery')).not.toBe(phc);
  });

  it('verifies the same password, in any Unicode form, and refuses another', async () => {
    const phc = await hashPassword('ＰａｓｓＷｏｒｄ１２３４');
    expect(await verifyPassword('PassWord1234', phc)).toBe(true);
    expect(await verifyPassword('ＰａｓｓＷｏｒｄ１２３４', phc)).toBe(true);
    expect(await verifyPassword('PassWord1235', phc)).toBe(false);
    expect(await verifyPassword('passWord1234', phc)).toBe(false);
  });

  it('verifies a hash made with raised parameters, read from its PHC string', async () => {
    const stronger = phcWith('a longer passphrase', 32768, 3, 2, 16);
    expect(await verifyPassword('a longer passphrase', stronger)).toBe(true);
    expect(await verifyPassword('a longer passphrasE', stronger)).toBe(false);
  });

  it('refuses what is not an argon2id PHC string, or asks for absurd parameters', async () => {
    const good = await hashPassword('correct horse battery');
    for (const bad of [
      '', 'plain text', good.replace('argon2id', 'argon2i'), good.replace('v=19', 'v=16'),
      good.replace('m=19456', 'm=99999999999'), good.replace('t=2', 't=0'), `${good}$extra`,
    ]) {
      expect(await verifyPassword('correct horse battery', bad)).toBe(false);
    }
  });
});
