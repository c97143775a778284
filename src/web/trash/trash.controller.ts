// The trash of a base (writers and owners): its deleted pages, the latest first, 50 a page, each
// restored with a button; owners also delete one forever, after a confirmation.
import { Controller, Get, Param, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../http/decorators/protection';
import { PagePurgeService } from '../../pages/page-purge.service';
import { TrashService } from '../../pages/trash.service';
import { CrossSiteGuard } from '../cross-site.guard';
import { kbPaths } from '../kb/kb-paths';
import { BaseRoleGuard, NeedsBaseRole, type BaseRequest } from '../kb/base-role.guard';
import { noticeOf, withNotice } from '../notices';
import { pageWindow, pagingLinks } from '../reading/reading-paths';
import { SignedInGuard } from '../session/signed-in.guard';
import { pageContext } from '../session/web-sessions';
import { Views } from '../views';
import { WebErrorFilter } from '../web-error.filter';

@ApiExcludeController()
@Public()
@UseFilters(WebErrorFilter)
@UseGuards(CrossSiteGuard, SignedInGuard, BaseRoleGuard)
@NeedsBaseRole('writer')
@Controller('kb/:baseId/trash')
export class TrashController {
  constructor(
    private readonly trash: TrashService,
    private readonly purge: PagePurgeService,
    private readonly views: Views,
  ) {}

  @Get()
  async list(@Param('baseId') baseId: string, @Req() request: BaseRequest, @Res() response: Response): Promise<void> {
    const context = pageContext(request);
    const t = this.views.messages(context);
    // 50 a page, as the tree and the search.
    const window = pageWindow(request.query.page);
    const { pages, total } = await this.trash.list(baseId, { offset: window.offset, limit: window.limit });
    this.views.render(response, 'trash', context, { title: t.trashTitle, notice: noticeOf(t, request.query.done) }, {
      rows: pages.map((each) => ({
        ...each, restore: kbPaths.restore(baseId, each.contentId), deleteForever: kbPaths.deleteForever(baseId, each.contentId),
      })),
      owner: request.baseRole === 'owner',
      baseHome: kbPaths.home(baseId),
      paging: pagingLinks(total, window.page, (page) => kbPaths.trash(baseId, page)),
    });
  }

  @Post(':contentId/restore')
  async restore(@Param('baseId') baseId: string, @Param('contentId') contentId: string, @Res() response: Response): Promise<void> {
    await this.trash.restore(baseId, contentId);
    response.redirect(303, withNotice(kbPaths.trash(baseId), 'page-restored'));
  }

  @Get(':contentId/delete-forever')
  @NeedsBaseRole('owner')
  async confirmDeleteForever(@Param('baseId') baseId: string, @Param('contentId') contentId: string, @Req() request: BaseRequest, @Res() response: Response): Promise<void> {
    const context = pageContext(request);
    const t = this.views.messages(context);
    const page = await this.trash.find(baseId, contentId);
    this.views.render(response, 'confirm', context, { title: t.deleteForeverTitle }, {
      question: t.deleteForeverQuestion(page.title),
      action: kbPaths.deleteForever(baseId, contentId),
      confirm: t.deleteForever,
      back: kbPaths.trash(baseId),
    });
  }

  @Post(':contentId/delete-forever')
  @NeedsBaseRole('owner')
  async deleteForever(@Param('baseId') baseId: string, @Param('contentId') contentId: string, @Res() response: Response): Promise<void> {
    await this.purge.deleteForever(baseId, contentId);
    response.redirect(303, withNotice(kbPaths.trash(baseId), 'page-deleted-forever'));
  }
}
