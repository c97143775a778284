// Signing in and out. The form posts back here; a refused sign-in says the same for an unknown
// email and a wrong password (SignInService), and too many attempts are held back per account
// (in the database) and per address (the throttler).
import { Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../http/decorators/protection';
import { SignInService } from '../../identity/sign-in.service';
import { CrossSiteGuard } from '../cross-site.guard';
import { field } from '../forms';
import { noticeOf, withNotice } from '../notices';
import type { WebRequest } from '../session/web-request';
import { pageContext, WebSessions } from '../session/web-sessions';
import { Views } from '../views';
import { WebErrorFilter } from '../web-error.filter';
import { safeNext } from './sign-in-paths';

@ApiExcludeController()
@Public()
@UseFilters(WebErrorFilter)
@UseGuards(CrossSiteGuard)
@Controller()
export class SignInController {
  constructor(
    private readonly signIn: SignInService,
    private readonly sessions: WebSessions,
    private readonly views: Views,
  ) {}

  @Get('signin')
  async page(@Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const next = safeNext(request.query.next);
    if (await this.sessions.read(request)) return response.redirect(303, next);
    const context = pageContext(request);
    const t = this.views.messages(context);
    this.views.render(response, 'signin', context, { title: t.signInTitle, notice: noticeOf(t, request.query.done) }, { email: '', next });
  }

  @Post('signin')
  @UseGuards(ThrottlerGuard)
  async submit(@Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const email = field(request.body, 'email');
    const next = safeNext(field(request.body, 'next'));
    const result = await this.signIn.signIn(email, field(request.body, 'password'));
    if (result.outcome === 'signed-in') {
      await this.sessions.start(request, response, result.userId);
      return response.redirect(303, next);
    }
    const context = pageContext(request);
    const t = this.views.messages(context);
    const waiting = result.outcome === 'wait';
    if (waiting) response.setHeader('Retry-After', String(result.retryAfterSeconds));
    this.views.render(response, 'signin', context, {
      title: t.signInTitle,
      problem: waiting ? t.signInWait(result.retryAfterSeconds) : t.signInRefused,
      status: waiting ? 429 : 401,
    }, { email, next });
  }

  @Post('signout')
  async signOut(@Req() request: WebRequest, @Res() response: Response): Promise<void> {
    await this.sessions.end(request, response);
    response.redirect(303, withNotice('/signin', 'signed-out'));
  }
}
