// The account page: change the password (which ends every other session), choose the language,
// sign out everywhere.
import { Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../http/decorators/protection';
import { AccountsService } from '../../identity/accounts.service';
import { SessionsService } from '../../identity/sessions.service';
import { CrossSiteGuard } from '../cross-site.guard';
import { field } from '../forms';
import { isLanguage } from '../i18n/languages';
import { noticeOf, withNotice } from '../notices';
import { SignedInGuard } from '../session/signed-in.guard';
import type { WebRequest, WebUser } from '../session/web-request';
import { pageContext, WebSessions } from '../session/web-sessions';
import { Views } from '../views';
import { WebErrorFilter } from '../web-error.filter';

@ApiExcludeController()
@Public()
@UseFilters(WebErrorFilter)
@UseGuards(CrossSiteGuard, SignedInGuard)
@Controller()
export class AccountController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    private readonly webSessions: WebSessions,
    private readonly views: Views,
  ) {}

  @Get('account')
  page(@Req() request: WebRequest, @Res() response: Response): void {
    this.show(request, response, noticeOf(this.views.messages(pageContext(request)), request.query.done));
  }

  @Post('account/password')
  async changePassword(@Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const user = request.signedIn as WebUser;
    const outcome = await this.accounts.changePassword(user.userId, field(request.body, 'current'), field(request.body, 'password'), request.sessionCookie as string);
    if (outcome === 'changed') return response.redirect(303, withNotice('/account', 'password-changed'));
    const t = this.views.messages(pageContext(request));
    const problem = outcome === 'wrong-current' ? t.currentPasswordWrong : outcome === 'too-short' ? t.passwordTooShort : t.passwordTooLong;
    this.show(request, response, undefined, problem);
  }

  @Post('account/language')
  async setLanguage(@Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const choice = field(request.body, 'language');
    await this.accounts.setLocale((request.signedIn as WebUser).userId, isLanguage(choice) ? choice : null);
    response.redirect(303, withNotice('/account', 'language-saved'));
  }

  @Post('account/sign-out-everywhere')
  async signOutEverywhere(@Req() request: WebRequest, @Res() response: Response): Promise<void> {
    await this.sessions.endAll((request.signedIn as WebUser).userId);
    this.webSessions.clear(response);
    response.redirect(303, withNotice('/signin', 'signed-out'));
  }

  private show(request: WebRequest, response: Response, notice?: string, problem?: string): void {
    const context = pageContext(request);
    const t = this.views.messages(context);
    this.views.render(response, 'account', context, { title: t.accountTitle, section: 'account', notice, problem, status: problem ? 400 : 200 });
  }
}
