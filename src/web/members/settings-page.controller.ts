// The settings page of a knowledge base, for its owners: its description and who can read it
// (public, members only, signed-in users), saved together by BasesService.
import { Controller, Get, Param, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { BasesService, MAX_DESCRIPTION_LENGTH, SettingsRefused, type BaseSettings } from '../../bases/bases.service';
import { baseGone } from '../../errors/domain-error';
import { Public } from '../../http/decorators/protection';
import { views } from '../../vocabulary';
import { CrossSiteGuard } from '../cross-site.guard';
import { field } from '../forms';
import { BaseRoleGuard, NeedsBaseRole, type BaseRequest } from '../kb/base-role.guard';
import { noticeOf, withNotice } from '../notices';
import { SignedInGuard } from '../session/signed-in.guard';
import { pageContext } from '../session/web-sessions';
import { Views } from '../views';
import { WebErrorFilter } from '../web-error.filter';
import { kbPaths, ownerNavPaths } from '../kb/kb-paths';
import { settingsProblem } from './refusals';

@ApiExcludeController()
@Public()
@UseFilters(WebErrorFilter)
@UseGuards(CrossSiteGuard, SignedInGuard, BaseRoleGuard)
@NeedsBaseRole('owner')
@Controller('kb/:baseId/settings')
export class SettingsPageController {
  constructor(
    private readonly bases: BasesService,
    private readonly views: Views,
  ) {}

  @Get()
  async page(@Param('baseId') baseId: string, @Req() request: BaseRequest, @Res() response: Response): Promise<void> {
    const base = await this.bases.find(baseId);
    if (!base || base.baseId !== baseId) throw baseGone(baseId);
    const t = this.views.messages(pageContext(request));
    this.show(baseId, request, response, { notice: noticeOf(t, request.query.done), form: { description: base.description, view: base.view } });
  }

  @Post()
  async save(@Param('baseId') baseId: string, @Req() request: BaseRequest, @Res() response: Response): Promise<void> {
    const form: BaseSettings = { description: field(request.body, 'description'), view: field(request.body, 'view') };
    try {
      await this.bases.updateSettings(baseId, form);
    } catch (error) {
      if (!(error instanceof SettingsRefused)) throw error;
      const t = this.views.messages(pageContext(request));
      this.show(baseId, request, response, { problem: settingsProblem(t, error), status: error.status, form });
      return;
    }
    response.redirect(303, withNotice(kbPaths.settings(baseId), 'settings-saved'));
  }

  private show(baseId: string, request: BaseRequest, response: Response, options: { notice?: string; problem?: string; status?: number; form: BaseSettings }): void {
    const context = pageContext(request);
    const t = this.views.messages(context);
    this.views.render(response, 'settings', context, { title: t.settingsTitle(baseId), notice: options.notice, problem: options.problem, status: options.status }, {
      baseId,
      views,
      maxDescription: MAX_DESCRIPTION_LENGTH,
      form: options.form,
      nav: { current: 'settings', paths: ownerNavPaths(baseId) },
    });
  }
}
