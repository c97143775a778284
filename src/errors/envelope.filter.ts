// The only exception filter: every error leaves as { "error": { "code", "message" } }: our domain
// errors, Nest's and Express's own (unknown route, wrong method, body parsing) and anything else
// (500, without internals, logged). A request on an unconfirmed kept access is authorized afresh
// before its error goes out (kept-access-retry.ts).
import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { translateDatabaseError } from '../database/db-errors';
import { codeForStatus, errorStatus, type ErrorCode } from './error-codes';
import { DomainError } from './domain-error';
import { allowHeader, pathOf, RouteTable } from '../http/route-table';
import { API_PREFIX } from '../http/api-prefix';
import { takeAuthorizeAgain } from '../http/kept-access-retry';

export function errorBody(code: ErrorCode, message: string): string {
  return JSON.stringify({ error: { code, message } });
}

export function sendError(response: Response, code: ErrorCode, message: string): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  if (code === 'UNAUTHORIZED') response.setHeader('WWW-Authenticate', 'Bearer');
  response.status(errorStatus[code]).type('application/json; charset=utf-8').send(errorBody(code, message));
}

/** Body-parser errors by their type, in the catalogue's terms. */
const bodyErrors: Record<string, [ErrorCode, string]> = {
  'entity.parse.failed': ['BAD_REQUEST', 'The request body is not valid JSON.'],
  'entity.too.large': ['PAYLOAD_TOO_LARGE', 'The request body is larger than this service accepts.'],
  'request.size.invalid': ['BAD_REQUEST', 'The Content-Length header does not match the body.'],
  'request.aborted': ['BAD_REQUEST', 'The request body was cut off before its end.'],
  'encoding.unsupported': ['UNSUPPORTED_MEDIA_TYPE', 'Send the body uncompressed, or with Content-Encoding gzip, deflate, br or zstd.'],
};

@Catch()
export class EnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger('EnvelopeFilter');

  constructor(private readonly routes: RouteTable) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    // A request on an unconfirmed kept access is authorized afresh first: its refusal goes out instead.
    const again = takeAuthorizeAgain(request);
    if (again) {
      again().then(() => exception, (refused: unknown) => refused)
        .then((error) => this.answer(error, request, response))
        .catch((failure: unknown) => this.logger.error({ msg: 'an error answer failed', reqId: request.id, err: failure }));
      return;
    }
    this.answer(exception, request, response);
  }

  private answer(exception: unknown, request: Request, response: Response): void {
    const [code, message] = this.describe(exception, request, response);
    if (code === 'INTERNAL_ERROR') {
      this.logger.error({ msg: `${request.method} ${request.originalUrl.split('?')[0]} failed`, reqId: request.id, err: exception });
    }
    sendError(response, code, message);
  }

  private describe(exception: unknown, request: Request, response: Response): [ErrorCode, string] {
    const domain = translateDatabaseError(exception);
    if (domain) return [domain.code, domain.message];
    if (exception instanceof HttpException) return this.describeHttp(exception, request, response);
    // Errors of Express and body-parser carry an HTTP status (and body-parser's a type); anything
    // thrown may be a plain value, so read them without assuming an object.
    const fields = (typeof exception === 'object' && exception !== null ? exception : {}) as { type?: string; status?: number; statusCode?: number };
    if (fields.type && Object.hasOwn(bodyErrors, fields.type)) return bodyErrors[fields.type];
    const status = fields.status ?? fields.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return [codeForStatus(status), 'The request could not be read; check the JSON body and the URL.'];
    }
    return ['INTERNAL_ERROR', 'The service failed to answer this request; the failure has been logged.'];
  }

  /** Nest answers an unknown route with 404: a known path with another method is 405 with Allow. */
  private describeHttp(exception: HttpException, request: Request, response: Response): [ErrorCode, string] {
    const status = exception.getStatus();
    if (status === 404) {
      const path = pathOf(request.originalUrl);
      const known = this.routes.find(path);
      if (!known) return ['NOT_FOUND', `There is no ${path}; the API lives under ${API_PREFIX}.`];
      const allow = allowHeader(known.methods);
      // A route that exists for this method and answered 404 itself: nothing there, not a wrong method.
      if (allow.split(', ').includes(request.method)) return ['NOT_FOUND', `There is nothing at ${path}.`];
      response.setHeader('Allow', allow);
      return ['METHOD_NOT_ALLOWED', `${request.method} is not offered here; use ${allow}.`];
    }
    const code = codeForStatus(status);
    if (code === 'INTERNAL_ERROR') return [code, 'The service failed to answer this request; the failure has been logged.'];
    return [code, exception.message];
  }
}

export { DomainError };
