// The vocabulary of kb-pages, shared by every module.
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
