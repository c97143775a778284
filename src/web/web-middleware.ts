// What the web pages need before their controllers: the security headers, and urlencoded forms
// parsed (the REST API reads its own JSON bodies). Mounted by path prefix with Express's use, by
// createApp, so they add no routes of their own and never touch the API's answers.
import express, { type Router } from 'express';
import type { AppConfig } from '../config/config';
import { securityHeaders } from './security-headers';

/** An MCP client's sign-in asks the user here (the rest of /oauth answers clients, not people). */
export const consentPagePath = '/oauth/authorize';
/** Where the pages live: each prefix covers what lies under it. */
export const accountPagePrefixes = ['/signin', '/signout', '/setup', '/account', '/tokens', '/admin', consentPagePath];
/** The pages of the knowledge bases, whose editor sends a page's body. */
export const basePagesPrefix = '/kb';
export const webPagePrefixes = [...accountPagePrefixes, basePagesPrefix];
export const webAssetsPrefix = '/assets';

/** Form fields beside a page's body (title, format, language, the version edited, the tab). */
const EDITOR_FIELDS_BYTES = 8 * 1024;

export function webMiddleware(config: AppConfig): Router {
  const headers = securityHeaders(config.publicUrl?.startsWith('https:') ?? false);
  const form = (limit: number) => express.urlencoded({ extended: false, limit, parameterLimit: 20 });
  return express.Router({ caseSensitive: true })
    .use(accountPagePrefixes, headers, form(16 * 1024))
    // A page's body, percent-encoded, may take up to three bytes a byte of the API's body limit.
    .use(basePagesPrefix, headers, form(3 * config.bodyLimit + EDITOR_FIELDS_BYTES))
    // The home page, the list of bases: that path alone, not everything under it.
    .get('/', headers)
    .use(webAssetsPrefix, headers);
}
