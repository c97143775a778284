// The members page of a knowledge base, for its owners: add an existing user by email with a
// role, change a member's role, remove a member after a confirmation. The rules (the last owner
// stays, a member is not added twice) are MembersService's; a refusal is said on the page.
import { Controller, Get, Param, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { MembershipRefused, MembersService } from '../../auth/members.service';
import { Public } from '../../http/decorators/protection';
import { roles } from '../../vocabulary';
import { CrossSiteGuard } from '../cross-site.guard';
import { field, wholeNumber } from '../forms';
import { BaseRoleGuard, NeedsBaseRole, type BaseRequest } from '../kb/base-role.guard';
import { noticeOf, withNotice } from '../notices';
import { SignedInGuard } from '../session/signed-in.guard';
import type { WebUser } from '../session/web-request';
import { pageContext } from '../session/web-sessions';
import { Views } from '../views';
import { WebErrorFilter } from '../web-error.filter';
import { kbPaths, ownerNavPaths } from '../kb/kb-paths';
import { membershipProblem } from './refusals';

interface AddForm {
  email: string;
  role: string;
}

@ApiExcludeController()
@Public()
@UseFilters(WebErrorFilter)
@UseGuards(CrossSiteGuard, SignedInGuard, BaseRoleGuard)
@NeedsBaseRole('owner')
@Controller('kb/:baseId/members')
export class MembersPageController {
  constructor(
    private readonly members: MembersService,
    private readonly views: Views,
  ) {}

  @Get()
  async page(@Param('baseId') baseId: string, @Req() request: BaseRequest, @Res() response: Response): Promise<void> {
    const t = this.views.messages(pageContext(request));
    await this.show(baseId, request, response, { notice: noticeOf(t, request.query.done) });
  }

  @Post()
  async add(@Param('baseId') baseId: string, @Req() request: BaseRequest, @Res() response: Response): Promise<void> {
    const form: AddForm = { email: field(request.body, 'email'), role: field(request.body, 'role') };
    await this.orShowProblem(baseId, request, response, form, async () => {
      await this.members.addMember(baseId, form.email, form.role);
      response.redirect(303, withNotice(kbPaths.members(baseId), 'member-added'));
    });
  }

  @Post(':userId/role')
  async changeRole(@Param('baseId') baseId: string, @Param('userId') userId: string, @Req() request: BaseRequest, @Res() response: Response): Promise<void> {
    const role = field(request.body, 'role');
    await this.orShowProblem(baseId, request, response, undefined, async () => {
      const member = await this.members.changeRole(baseId, this.memberId(baseId, userId), role);
      // An owner who made themselves a writer or reader may no longer manage members: to the base.
      const self = member.userId === this.actor(request).userId && member.role !== 'owner';
      response.redirect(303, withNotice(self ? kbPaths.home(baseId) : kbPaths.members(baseId), 'member-role-changed'));
    });
  }

  @Get(':userId/remove')
  async confirmRemove(@Param('baseId') baseId: string, @Param('userId') userId: string, @Req() request: BaseRequest, @Res() response: Response): Promise<void> {
    const context = pageContext(request);
    const t = this.views.messages(context);
    const id = wholeNumber(userId);
    const member = id === undefined ? null : await this.members.member(baseId, id);
    if (!member) {
      this.views.render(response, 'message', context, { title: t.notFoundTitle, status: 404 }, { message: t.membersNotMember });
      return;
    }
    const self = member.userId === this.actor(request).userId;
    this.views.render(response, 'confirm', context, { title: t.membersRemoveTitle }, {
      question: self ? t.membersRemoveSelfQuestion(baseId) : t.membersRemoveQuestion(member.email, baseId),
      action: kbPaths.removeMember(baseId, member.userId),
      confirm: t.membersRemove,
      back: kbPaths.members(baseId),
    });
  }

  @Post(':userId/remove')
  async remove(@Param('baseId') baseId: string, @Param('userId') userId: string, @Req() request: BaseRequest, @Res() response: Response): Promise<void> {
    await this.orShowProblem(baseId, request, response, undefined, async () => {
      const member = await this.members.remove(baseId, this.memberId(baseId, userId));
      // Who removed themselves is no longer a member: to the list of bases.
      if (member.userId === this.actor(request).userId) response.redirect(303, '/');
      else response.redirect(303, withNotice(kbPaths.members(baseId), 'member-removed'));
    });
  }

  private actor(request: BaseRequest): WebUser {
    return request.signedIn as WebUser;
  }

  private memberId(baseId: string, text: string): number {
    const userId = wholeNumber(text);
    if (userId === undefined) throw new MembershipRefused('not-a-member', 'NOT_FOUND', `"${text}" is not a member of "${baseId}".`);
    return userId;
  }

  /** Runs an action; a refusal of the rules is shown on the page, with what was typed kept. */
  private async orShowProblem(baseId: string, request: BaseRequest, response: Response, form: AddForm | undefined, action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (error) {
      if (!(error instanceof MembershipRefused)) throw error;
      const t = this.views.messages(pageContext(request));
      await this.show(baseId, request, response, { problem: membershipProblem(t, error, form?.email), status: error.status, form });
    }
  }

  private async show(baseId: string, request: BaseRequest, response: Response, options: { notice?: string; problem?: string; status?: number; form?: AddForm }): Promise<void> {
    const context = pageContext(request);
    const t = this.views.messages(context);
    const members = await this.members.list(baseId);
    this.views.render(response, 'members', context, { title: t.membersTitle(baseId), notice: options.notice, problem: options.problem, status: options.status }, {
      baseId,
      members,
      roles,
      me: this.actor(request).userId,
      form: options.form ?? { email: '', role: 'reader' },
      nav: { baseId, current: 'members', paths: ownerNavPaths(baseId) },
    });
  }
}

