// Access tokens: `kbp_` and 43 base62 characters (256 random bits). Only a SHA-256 hash is
// stored, with a short prefix and the last four characters for people to recognise it.
import { hash, randomInt } from 'node:crypto';

export const TOKEN_PREFIX = 'kbp_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LOWER_ALNUM = '0123456789abcdefghijklmnopqrstuvwxyz';
const TOKEN_BODY_LENGTH = 43;
const tokenShape = /^kbp_[0-9A-Za-z]{43}$/;

/**
 * Random characters of `alphabet`. randomInt draws without modulo bias from a pool it refills in
 * bulk; a randomBytes call of its own per string was a system call on every page create.
 */
export function randomString(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export interface IssuedToken {
  token: string;
  tokenId: string;
  tokenHash: string;
  displayPrefix: string;
  lastFour: string;
}

/** Hex SHA-256 of the token; the one-shot hash takes about half the time of createHash on every request. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export function issueToken(): IssuedToken {
  const token = TOKEN_PREFIX + randomString(BASE62, TOKEN_BODY_LENGTH);
  return {
    token,
    tokenId: 'tok_' + randomString(LOWER_ALNUM, 12),
    tokenHash: hashToken(token),
    displayPrefix: token.slice(0, 8),
    lastFour: token.slice(-4),
  };
}

/** The token of an `Authorization: Bearer …` header, or null when absent or malformed. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (!match || !tokenShape.test(match[1])) return null;
  return match[1];
}
