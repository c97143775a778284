// The error catalogue: every error code the service answers with, and its HTTP status.
export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  REQUEST_HEADER_FIELDS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** The code of an HTTP status that the catalogue names, else INTERNAL_ERROR (500) or BAD_REQUEST (other 4xx). */
export function codeForStatus(status: number): ErrorCode {
  const found = (Object.keys(errorStatus) as ErrorCode[]).find((code) => errorStatus[code] === status);
  if (found) return found;
  return status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL_ERROR';
}
