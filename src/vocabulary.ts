// The vocabulary of kb-pages, shared by every module.
import { badRequest } from './errors/domain-error';

export type ContentType = 'T' | 'H' | 'M';
export type Lang = 'ja' | 'en';
export type View = 'O' | 'L' | 'I';
export type Role = 'owner' | 'writer' | 'reader';
export type Scope = 'read' | 'write';

export const contentTypes: readonly ContentType[] = ['T', 'H', 'M'];
export const langs: readonly Lang[] = ['ja', 'en'];
export const views: readonly View[] = ['O', 'L', 'I'];
export const roles: readonly Role[] = ['owner', 'writer', 'reader'];
export const scopes: readonly Scope[] = ['read', 'write'];

export const MAX_TITLE_LENGTH = 255;

/** Timestamps are stored and answered as UTC ISO 8601 with milliseconds. */
export const now = (): string => new Date().toISOString();

/** One of a fixed set of words (view, role, scope), refused in plain words otherwise. */
export function oneOf<T extends string>(allowed: readonly T[], value: string, what: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw badRequest(`The ${what} must be one of ${allowed.join(', ')}, not "${value}".`);
  }
  return value as T;
}
