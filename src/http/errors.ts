// The one place where failures become HTTP answers in the shape { error: { code, message } }.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, errorCatalogue, type ErrorCode } from '../domain/errors.ts';
import { presentError } from '../presenters/api.ts';
import type { ValidationFailure } from './validation.ts';

function sendError(reply: FastifyReply, code: ErrorCode, message: string): FastifyReply {
  if (code === 'UNAUTHORIZED') reply.header('WWW-Authenticate', 'Bearer');
  return reply.code(errorCatalogue[code]).type('application/json; charset=utf-8').send(presentError(code, message));
}

/** Framework errors by their Fastify code, in the catalogue's terms. */
const frameworkErrors: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['BAD_REQUEST', 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['BAD_REQUEST', 'The request body is empty; send a JSON object.'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'The request body is larger than this service accepts.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['BAD_REQUEST', 'The Content-Length header does not match the body.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with "Content-Type: application/json".'],
  FST_ERR_BAD_URL: ['BAD_REQUEST', 'The request URL is malformed.'],
};

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof DomainError) return sendError(reply, error.code, error.message);
  const validationMessage = (error as Partial<ValidationFailure>).validationMessage;
  if (validationMessage) return sendError(reply, 'BAD_REQUEST', validationMessage);
  const known = error.code ? frameworkErrors[error.code] : undefined;
  if (known) return sendError(reply, known[0], known[1]);
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return sendError(reply, 'BAD_REQUEST', 'The request could not be read; check the JSON body and the URL.');
  }
  request.log.error({ err: error }, 'request failed');
  return sendError(reply, 'INTERNAL_ERROR', 'The service failed to answer this request; the failure has been logged.');
}

export { sendError };
