// The secrets of cookies and one-time links: 32 random bytes, base64url (43 characters). Only the
// SHA-256 (hex) is stored, so a copy of the database lets nobody in.
import { hash, randomBytes } from 'node:crypto';

const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/** A value that cannot be one of our secrets is refused before any read. */
export function isSecretShaped(value: unknown): value is string {
  return typeof value === 'string' && SECRET_SHAPE.test(value);
}
