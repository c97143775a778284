// The web pages' security headers (helmet): a strict Content-Security-Policy (only our own script
// and stylesheet, no inline code, forms only to us, never framed), no Referer (one-time links
// carry their secret in the path), HSTS only when the public URL is https.
import helmet from 'helmet';
import type { RequestHandler } from 'express';

const directives: Record<string, string[]> = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
};

export function securityHeaders(https: boolean): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31536000 } : false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}

/**
 * The same policy for a page whose form is answered by a redirect to `formTargets` (CSP sources):
 * browsers hold a form's redirects to form-action too, so 'self' alone would stop them.
 */
export function policyWithFormTargets(formTargets: readonly string[]): string {
  return Object.entries({ ...directives, 'form-action': [...directives['form-action'], ...formTargets] })
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';');
}
