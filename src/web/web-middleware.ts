// What the web pages need before their controllers: the security headers, and urlencoded forms
// parsed (the REST API reads its own JSON bodies). Mounted by path prefix with Express's use, by
// createApp, so they add no routes of their own and never touch the API's answers.
import express, { type Router } from 'express';
import type { AppConfig } from '../config/config';
import { securityHeaders } from './security-headers';

/** Where the pages live: each prefix covers what lies under it. */
export const webPagePrefixes = ['/signin', '/signout', '/setup', '/account', '/tokens', '/admin'];
export const webAssetsPrefix = '/assets';

export function webMiddleware(config: AppConfig): Router {
  const headers = securityHeaders(config.publicUrl?.startsWith('https:') ?? false);
  return express.Router({ caseSensitive: true })
    .use(webPagePrefixes, headers, express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 }))
    .use(webAssetsPrefix, headers);
}
