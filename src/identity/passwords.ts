// Passwords: any Unicode, NFKC-normalised (so the same password typed on another keyboard or
// input method matches), 12 to 256 code points, hashed with argon2id from node:crypto. The hash is
// stored as a PHC string that names its parameters, so verifying reads them from the string: the
// parameters can be raised later and older hashes still verify.
import { argon2, randomBytes, timingSafeEqual, type Argon2Parameters } from 'node:crypto';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

/** OWASP's minimum for argon2id (m=19 MiB, t=2, p=1); one hash took about 80 ms on the dev machine. */
export const ARGON2_PARAMETERS = { memoryKiB: 19456, passes: 2, parallelism: 1, saltBytes: 16, tagBytes: 32 } as const;

const ARGON2_VERSION = 19;

/** Bounds on what a stored PHC string may ask for, so a damaged row cannot take the process's memory. */
const MAX_MEMORY_KIB = 4 * 1024 * 1024;
const MAX_PASSES = 64;
const MAX_PARALLELISM = 64;

export function normalisePassword(raw: string): string {
  return raw.normalize('NFKC');
}

/** Length in code points (an emoji outside the BMP is one) after NFKC. */
export function passwordProblem(raw: string): 'too-short' | 'too-long' | null {
  const length = [...normalisePassword(raw)].length;
  if (length < PASSWORD_MIN_LENGTH) return 'too-short';
  if (length > PASSWORD_MAX_LENGTH) return 'too-long';
  return null;
}

interface Phc {
  memory: number;
  passes: number;
  parallelism: number;
  salt: Buffer;
  tag: Buffer;
}

function derive(password: string, phc: Omit<Phc, 'tag'>, tagLength: number): Promise<Buffer> {
  const parameters: Argon2Parameters = {
    message: Buffer.from(normalisePassword(password), 'utf8'),
    nonce: phc.salt,
    memory: phc.memory,
    passes: phc.passes,
    parallelism: phc.parallelism,
    tagLength,
  };
  return new Promise((resolve, reject) => {
    argon2('argon2id', parameters, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** PHC's base64: the standard alphabet without padding. */
const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/** `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`. */
export async function hashPassword(raw: string): Promise<string> {
  const { memoryKiB, passes, parallelism, saltBytes, tagBytes } = ARGON2_PARAMETERS;
  const salt = randomBytes(saltBytes);
  const tag = await derive(raw, { memory: memoryKiB, passes, parallelism, salt }, tagBytes);
  return `$argon2id$v=${ARGON2_VERSION}$m=${memoryKiB},t=${passes},p=${parallelism}$${b64(salt)}$${b64(tag)}`;
}

const PHC_SHAPE = /^\$argon2id\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** The parameters, salt and hash of an argon2id PHC string, or null when it is not one we can verify. */
function parsePhc(phc: string): Phc | null {
  const match = PHC_SHAPE.exec(phc);
  if (!match || Number(match[1]) !== ARGON2_VERSION) return null;
  const [memory, passes, parallelism] = [match[2], match[3], match[4]].map(Number);
  const salt = Buffer.from(match[5], 'base64');
  const tag = Buffer.from(match[6], 'base64');
  if (parallelism < 1 || parallelism > MAX_PARALLELISM || passes < 1 || passes > MAX_PASSES) return null;
  if (memory < 8 * parallelism || memory > MAX_MEMORY_KIB || salt.length < 8 || tag.length < 4) return null;
  return { memory, passes, parallelism, salt, tag };
}

/** False for a wrong password and for a string that is not an argon2id PHC hash. */
export async function verifyPassword(raw: string, phc: string): Promise<boolean> {
  const parsed = parsePhc(phc);
  if (!parsed) return false;
  const tag = await derive(raw, parsed, parsed.tag.length);
  return timingSafeEqual(tag, parsed.tag);
}
