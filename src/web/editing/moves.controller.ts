// Reordering from the tree (writers and owners): each node's Move up, Move down, Indent and Outdent
// forms post here, with the keyboard's shortcuts (island tree-keys) pressing the same forms. Back
// to the page the tree was on, at the moved page; a move the outline refuses is a page that says why.
import { Controller, Param, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { DomainError } from '../../errors/domain-error';
import { Public } from '../../http/decorators/protection';
import { moveDirections, type MoveDirection } from '../../outline/moves';
import { PageMovesService } from '../../pages/page-moves.service';
import { CrossSiteGuard } from '../cross-site.guard';
import { field } from '../forms';
import { BaseRoleGuard, NeedsBaseRole, type BaseRequest } from '../kb/base-role.guard';
import { SignedInGuard } from '../session/signed-in.guard';
import { pageContext } from '../session/web-sessions';
import { Views } from '../views';
import { WebErrorFilter } from '../web-error.filter';
import { kbPaths } from '../kb/kb-paths';
import { backAfterMove, sameSitePath } from './next-path';

const isMoveDirection = (value: string): value is MoveDirection => (moveDirections as readonly string[]).includes(value);

@ApiExcludeController()
@Public()
@UseFilters(WebErrorFilter)
@UseGuards(CrossSiteGuard, SignedInGuard, BaseRoleGuard)
@NeedsBaseRole('writer')
@Controller('kb/:baseId/pages/:contentId/move')
export class MovesController {
  constructor(
    private readonly moves: PageMovesService,
    private readonly views: Views,
  ) {}

  @Post()
  async move(@Param('baseId') baseId: string, @Param('contentId') contentId: string, @Req() request: BaseRequest, @Res() response: Response): Promise<void> {
    const direction = field(request.body, 'direction');
    const next = field(request.body, 'next');
    const context = pageContext(request);
    const t = this.views.messages(context);
    const refused = (message: string, status: number) => this.views.render(response, 'kb-message', context, { title: t.moveRefusedTitle, status }, {
      message, back: backAfterMove(next, kbPaths.home(baseId), contentId), backLabel: sameSitePath(next) ? t.backToPage : t.backToBase,
    });
    if (!isMoveDirection(direction)) return refused(t.moveUnknown, 400);
    try {
      await this.moves.move(baseId, contentId, direction);
    } catch (error) {
      if (error instanceof DomainError && error.status === 400) return refused(t.moveRefused[direction], 400);
      throw error;
    }
    response.redirect(303, backAfterMove(next, kbPaths.home(baseId), contentId));
  }
}
