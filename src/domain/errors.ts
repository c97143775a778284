// The error catalogue: every error the service answers with, its HTTP status and stable code.
export const errorCatalogue = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.status = errorCatalogue[code];
  }
}

export const badRequest = (message: string) => new DomainError('BAD_REQUEST', message);
export const unauthorized = (message: string) => new DomainError('UNAUTHORIZED', message);
export const forbidden = (message: string) => new DomainError('FORBIDDEN', message);
export const notFound = (message: string) => new DomainError('NOT_FOUND', message);
export const serviceUnavailable = (message: string) => new DomainError('SERVICE_UNAVAILABLE', message);

export const pageNotFound = () => notFound('No such page in this knowledge base.');
export const unsupportedMediaType = () =>
  new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with the header "Content-Type: application/json".');
