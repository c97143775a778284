// Instance administration: users (create with a one-time link, make administrator, disable) and
// knowledge bases (create with a first owner). kbp does all of it too.
import { Controller, Get, Inject, Param, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { DomainError, notFound } from '../../errors/domain-error';
import { Public } from '../../http/decorators/protection';
import { setupUrl } from '../../identity/one-time-links.service';
import { CrossSiteGuard } from '../cross-site.guard';
import { field, wholeNumber } from '../forms';
import { noticeOf, withNotice } from '../notices';
import { AdministratorGuard } from '../session/administrator.guard';
import { SignedInGuard } from '../session/signed-in.guard';
import type { WebRequest, WebUser } from '../session/web-request';
import { publicUrlFor } from '../../http/public-url';
import { pageContext } from '../session/web-sessions';
import { Views } from '../views';
import { WebErrorFilter } from '../web-error.filter';
import { AdminActions, type IssuedLink } from './admin-actions.service';

interface AdminForms {
  userForm?: { email: string; name: string; admin: boolean };
  baseForm?: { baseId: string; description: string; view: string; owner: string };
}

@ApiExcludeController()
@Public()
@UseFilters(WebErrorFilter)
@UseGuards(CrossSiteGuard, SignedInGuard, AdministratorGuard)
@Controller()
export class AdminController {
  constructor(
    private readonly admin: AdminActions,
    private readonly views: Views,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('admin')
  async page(@Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const t = this.views.messages(pageContext(request));
    await this.show(request, response, { notice: noticeOf(t, request.query.done), createdBase: request.query.base });
  }

  @Post('admin/users')
  async createUser(@Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const userForm = { email: field(request.body, 'email'), name: field(request.body, 'name'), admin: field(request.body, 'admin') === 'yes' };
    await this.orShowProblem(request, response, { userForm }, async () => {
      const link = await this.admin.createUser(userForm);
      this.showLink(request, response, link, this.views.messages(pageContext(request)).userCreated(link.email));
    });
  }

  @Post('admin/users/:userId/sign-in-link')
  async signInLink(@Param('userId') userId: string, @Req() request: WebRequest, @Res() response: Response): Promise<void> {
    await this.orShowProblem(request, response, {}, async () => {
      const link = await this.admin.signInLink(this.userIdOf(userId));
      this.showLink(request, response, link, this.views.messages(pageContext(request)).signInLinkFor(link.email));
    });
  }

  @Post('admin/users/:userId/admin')
  async setAdmin(@Param('userId') userId: string, @Req() request: WebRequest, @Res() response: Response): Promise<void> {
    await this.orShowProblem(request, response, {}, async () => {
      await this.admin.setAdmin(this.actor(request), this.userIdOf(userId), field(request.body, 'admin') === 'yes');
      response.redirect(303, withNotice('/admin', 'user-updated'));
    });
  }

  @Get('admin/users/:userId/disable')
  async confirmDisable(@Param('userId') userId: string, @Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const account = await this.admin.account(this.userIdOf(userId));
    if (!account) throw notFound('There is no such user.');
    const context = pageContext(request);
    const t = this.views.messages(context);
    this.views.render(response, 'confirm', context, { title: t.disableTitle, section: 'admin' }, {
      question: t.disableQuestion(account.email), action: `/admin/users/${account.userId}/disable`, confirm: t.disable, back: '/admin',
    });
  }

  @Post('admin/users/:userId/disable')
  async disable(@Param('userId') userId: string, @Req() request: WebRequest, @Res() response: Response): Promise<void> {
    await this.orShowProblem(request, response, {}, async () => {
      await this.admin.setDisabled(this.actor(request), this.userIdOf(userId), true);
      response.redirect(303, withNotice('/admin', 'user-updated'));
    });
  }

  @Post('admin/users/:userId/enable')
  async enable(@Param('userId') userId: string, @Req() request: WebRequest, @Res() response: Response): Promise<void> {
    await this.orShowProblem(request, response, {}, async () => {
      await this.admin.setDisabled(this.actor(request), this.userIdOf(userId), false);
      response.redirect(303, withNotice('/admin', 'user-updated'));
    });
  }

  @Post('admin/bases')
  async createBase(@Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const baseForm = {
      baseId: field(request.body, 'baseId').trim(), description: field(request.body, 'description'),
      view: field(request.body, 'view'), owner: field(request.body, 'owner'),
    };
    await this.orShowProblem(request, response, { baseForm }, async () => {
      await this.admin.createBase(baseForm);
      response.redirect(303, `/admin?base=${encodeURIComponent(baseForm.baseId)}`);
    });
  }

  private actor(request: WebRequest): number {
    return (request.signedIn as WebUser).userId;
  }

  private userIdOf(text: string): number {
    const userId = wholeNumber(text);
    if (userId === undefined) throw notFound('There is no such user.');
    return userId;
  }

  /** Runs an action; a refusal of the rules is shown on the page with what was typed kept. */
  private async orShowProblem(request: WebRequest, response: Response, forms: AdminForms, action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      await this.show(request, response, { problem: error.message, status: error.status, ...forms });
    }
  }

  private showLink(request: WebRequest, response: Response, link: IssuedLink, message: string): void {
    const context = pageContext(request);
    this.views.render(response, 'link-issued', context, { title: this.views.messages(context).oneTimeLink, section: 'admin' }, {
      message, link: setupUrl(publicUrlFor(this.config, request), link.secret),
    });
  }

  private async show(request: WebRequest, response: Response, options: { notice?: string; problem?: string; status?: number; createdBase?: unknown } & AdminForms): Promise<void> {
    const context = pageContext(request);
    const t = this.views.messages(context);
    const { accounts, bases } = await this.admin.overview();
    // Named only when it exists, so a crafted link cannot make the page say anything else.
    const created = bases.find((base) => base.baseId === options.createdBase);
    const notice = options.notice ?? (created ? t.baseCreated(created.baseId) : undefined);
    this.views.render(response, 'admin', context, { title: t.adminTitle, section: 'admin', notice, problem: options.problem, status: options.status }, {
      accounts, bases,
      userForm: options.userForm ?? { email: '', name: '', admin: false },
      baseForm: options.baseForm ?? { baseId: '', description: '', view: 'L', owner: (request.signedIn as WebUser).email },
    });
  }
}
