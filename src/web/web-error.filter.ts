// Errors of the web pages answered as pages: to sign in (and back), a refused cross-site form,
// too many attempts, a page for administrators, anything else. The REST API keeps its envelope.
import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { Response } from 'express';
import { DomainError } from '../errors/domain-error';
import { errorStatus } from '../errors/error-codes';
import { signInPath } from './sign-in/sign-in-paths';
import { pageContext } from './session/web-sessions';
import type { WebRequest } from './session/web-request';
import { Views } from './views';
import { SignInToRead } from '../reading/sign-in-to-read';
import { AdministratorsOnly, CrossSiteRefused, NotThisRole, SignInRequired } from './web-errors';

@Catch()
export class WebErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('WebErrorFilter');

  constructor(private readonly views: Views) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<WebRequest>();
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) {
      response.end();
      return;
    }
    if (exception instanceof SignInRequired || exception instanceof SignInToRead) {
      // Back to the page after signing in; a form's target is not a page, so back to where it was.
      const next = exception instanceof SignInRequired && exception.next !== undefined ? exception.next : request.method === 'GET' ? request.originalUrl : undefined;
      response.redirect(303, signInPath(next));
      return;
    }
    const context = pageContext(request);
    const t = this.views.messages(context);
    if (exception instanceof ThrottlerException && request.path === '/signin') {
      this.views.render(response, 'signin', context, { title: t.signInTitle, problem: t.signInThrottled, status: 429 }, { email: '', next: '' });
      return;
    }
    const [status, title, message] = this.describe(exception, request, t);
    this.views.render(response, 'message', context, { title, status }, { message });
  }

  private describe(exception: unknown, request: WebRequest, t: ReturnType<Views['messages']>): [number, string, string] {
    if (exception instanceof CrossSiteRefused) return [403, t.forbiddenTitle, t.crossSiteRefused];
    if (exception instanceof AdministratorsOnly) return [403, t.forbiddenTitle, t.adminOnly];
    if (exception instanceof NotThisRole) return [403, t.forbiddenTitle, exception.needed === 'owner' ? t.ownersOnly : t.writersOnly];
    if (exception instanceof ThrottlerException) return [429, t.errorTitle, t.signInThrottled];
    if (exception instanceof DomainError) {
      const status = errorStatus[exception.code];
      return [status, status === 404 ? t.notFoundTitle : status === 403 ? t.forbiddenTitle : t.errorTitle, exception.message];
    }
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      return [exception.getStatus(), exception.getStatus() === 404 ? t.notFoundTitle : t.errorTitle, t.errorGeneric];
    }
    this.logger.error({ msg: `${request.method} ${request.path} failed`, reqId: request.id, err: exception });
    return [500, t.errorTitle, t.errorGeneric];
  }
}
