// PKCE (RFC 7636) with S256 only, as OAuth 2.1 wants: the code is bound to the SHA-256 of a secret
// the client keeps, and the token endpoint takes the code only with that secret.
import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const verifierShape = /^[A-Za-z0-9\-._~]{43,128}$/;
/** The base64url (no padding) of a SHA-256: 43 characters. */
const challengeShape = /^[A-Za-z0-9_-]{43}$/;

export const isCodeChallenge = (challenge: string): boolean => challengeShape.test(challenge);

export function s256ChallengeOf(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Whether `verifier` is well formed and its S256 challenge is `challenge`. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!verifierShape.test(verifier) || !challengeShape.test(challenge)) return false;
  return timingSafeEqual(Buffer.from(s256ChallengeOf(verifier)), Buffer.from(challenge));
}
