// An OAuth error answer (RFC 6749 §5.2, RFC 7591 §3.2.2, RFC 7009 §2.2.1): a status and a JSON
// body { error, error_description }, never the REST envelope (oauth-error.filter.ts sends it).
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

export const invalidRequest = (description: string) => new OAuthError('invalid_request', description);
export const invalidGrant = (description: string) => new OAuthError('invalid_grant', description);
export const invalidClient = (basicTried: boolean) => new OAuthError(
  'invalid_client', 'Client authentication failed.', 401, basicTried ? { 'WWW-Authenticate': 'Basic realm="kb-pages", charset="UTF-8"' } : {},
);
