// The random values the authorization server hands out, each with a prefix that tells what it is.
// Codes, refresh tokens and client secrets carry 256 random bits and are stored only as SHA-256.
import { hashToken, randomString } from '../auth/tokens';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LOWER_ALNUM = '0123456789abcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 43;

export const newCode = (): string => `kbc_${randomString(BASE62, SECRET_LENGTH)}`;
export const newRefreshToken = (): string => `kbr_${randomString(BASE62, SECRET_LENGTH)}`;
export const newClientSecret = (): string => `kbs_${randomString(BASE62, SECRET_LENGTH)}`;
export const newClientId = (): string => `cli_${randomString(LOWER_ALNUM, 24)}`;
export const newGrantId = (): string => `grt_${randomString(LOWER_ALNUM, 24)}`;

/** Hex SHA-256, as tokens are stored. */
export const secretHashOf = (secret: string): string => hashToken(secret);
