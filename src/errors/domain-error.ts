// The only error services throw: a catalogue code and a message that says what to fix.
import { errorStatus, type ErrorCode } from './error-codes';

export class DomainError extends Error {
  override name = 'DomainError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.status = errorStatus[code];
  }
}

export const badRequest = (message: string) => new DomainError('BAD_REQUEST', message);
export const unauthorized = (message: string) => new DomainError('UNAUTHORIZED', message);
export const forbidden = (message: string) => new DomainError('FORBIDDEN', message);
export const notFound = (message: string) => new DomainError('NOT_FOUND', message);
export const serviceUnavailable = (message: string) => new DomainError('SERVICE_UNAVAILABLE', message);

export const pageNotFound = () => notFound('No such page in this knowledge base.');
export const baseGone = (baseId: string) => notFound(`The knowledge base "${baseId}" no longer exists.`);
export const unsupportedMediaType = () =>
  new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with the header "Content-Type: application/json".');
export const unsupportedCharset = () => new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the JSON body in UTF-8.');
