// One-time links (/setup/<secret>): a user sets a password and lands signed in. The secret is in
// the path, so pages here send no Referer (helmet's no-referrer) and are never cached.
import { Controller, Get, Param, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../http/decorators/protection';
import { OneTimeLinksService } from '../../identity/one-time-links.service';
import { CrossSiteGuard } from '../cross-site.guard';
import { field } from '../forms';
import type { WebRequest } from '../session/web-request';
import { pageContext, WebSessions } from '../session/web-sessions';
import { Views } from '../views';
import { WebErrorFilter } from '../web-error.filter';
import { HOME_PATH } from './sign-in-paths';

@ApiExcludeController()
@Public()
@UseFilters(WebErrorFilter)
@UseGuards(CrossSiteGuard)
@Controller('setup')
export class SetupController {
  constructor(
    private readonly links: OneTimeLinksService,
    private readonly sessions: WebSessions,
    private readonly views: Views,
  ) {}

  @Get(':secret')
  async page(@Param('secret') secret: string, @Req() request: WebRequest, @Res() response: Response): Promise<void> {
    this.show(request, response, secret, await this.links.peek(secret));
  }

  @Post(':secret')
  @UseGuards(ThrottlerGuard)
  async submit(@Param('secret') secret: string, @Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const result = await this.links.redeem(secret, field(request.body, 'password'));
    if (result.outcome === 'done') {
      await this.sessions.start(request, response, result.userId);
      return response.redirect(303, HOME_PATH);
    }
    const account = result.outcome === 'invalid' ? null : await this.links.peek(secret);
    const t = this.views.messages(pageContext(request));
    const problem = result.outcome === 'too-short' ? t.passwordTooShort : result.outcome === 'too-long' ? t.passwordTooLong : undefined;
    this.show(request, response, secret, account, problem);
  }

  private show(request: WebRequest, response: Response, secret: string, account: { email: string } | null, problem?: string): void {
    const context = pageContext(request);
    const t = this.views.messages(context);
    this.views.render(response, 'setup', context, {
      title: t.setupTitle,
      problem: account ? problem : t.setupInvalid,
      status: account ? (problem ? 400 : 200) : 404,
    }, { account, secret });
  }
}
