// The reading pages' answer to something the visitor may not see or that is not there: one
// not-found page in the reader's language, the same for an unknown base or page and for a hidden
// one, with the way back to the bases. Everything else (sign in to read, errors) as WebErrorFilter.
import { Catch, type ArgumentsHost } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../../errors/domain-error';
import { errorStatus } from '../../errors/error-codes';
import type { WebRequest } from '../session/web-request';
import { pageContext } from '../session/web-sessions';
import { WebErrorFilter } from '../web-error.filter';
import { Views } from '../views';

@Catch()
export class ReadingErrorFilter extends WebErrorFilter {
  constructor(private readonly pages: Views) {
    super(pages);
  }

  override catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (!(exception instanceof DomainError) || errorStatus[exception.code] !== 404 || response.headersSent) {
      super.catch(exception, host);
      return;
    }
    const context = pageContext(host.switchToHttp().getRequest<WebRequest>());
    const t = this.pages.messages(context);
    this.pages.render(response, 'reading-missing', context, { title: t.notFoundTitle, section: 'bases', status: 404 }, {});
  }
}
