// The OAuth endpoints answer errors as OAuth does, { error, error_description } with no-store,
// never in the REST envelope: their clients are OAuth libraries.
import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { OAuthError } from './oauth-error';

/** Body-parser's errors by their type. */
const bodyErrors: Record<string, [number, string]> = {
  'entity.too.large': [413, 'The request body is larger than this endpoint accepts.'],
  'entity.parse.failed': [400, 'The request body cannot be parsed.'],
};

@Catch()
export class OAuthErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('OAuthErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<Request>();
    const response = host.switchToHttp().getResponse<Response>();
    const [status, error, description, headers] = this.describe(exception, request);
    if (response.headersSent) {
      response.end();
      return;
    }
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    response.setHeader('Cache-Control', 'no-store');
    response.status(status).json({ error, error_description: description });
  }

  private describe(exception: unknown, request: Request): [number, string, string, Record<string, string>] {
    if (exception instanceof OAuthError) return [exception.status, exception.error, exception.description, exception.headers];
    if (exception instanceof ThrottlerException) return [429, 'too_many_requests', 'Too many requests from your address; try again later.', { 'Retry-After': '60' }];
    const bodyType = (exception as { type?: unknown } | null)?.type;
    if (typeof bodyType === 'string') {
      const [status, description] = bodyErrors[bodyType] ?? [400, 'The request body cannot be read.'];
      return [status, 'invalid_request', description, {}];
    }
    if (exception instanceof HttpException && exception.getStatus() < 500) return [exception.getStatus(), 'invalid_request', exception.message, {}];
    this.logger.error({ msg: `${request.method} ${request.path} failed`, reqId: request.id, err: exception });
    return [500, 'server_error', 'The server could not answer the request.', {}];
  }
}
