// The token page: a signed-in user's API tokens, made here or by kbp; create one (shown once, on
// the answer to the form, never stored, with a ready MCP client configuration), revoke one after a
// confirmation. Beside them the MCP clients the user allowed (OAuth grants), revoked the same way.
import { Controller, Get, Inject, Param, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { MembersService } from '../../auth/members.service';
import { DEFAULT_TOKEN_EXPIRY_DAYS, OwnedTokensService, TOKEN_EXPIRY_DAYS } from '../../auth/owned-tokens.service';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { DomainError } from '../../errors/domain-error';
import { GrantsService } from '../../oauth/grants.service';
import { Public } from '../../http/decorators/protection';
import { CrossSiteGuard } from '../cross-site.guard';
import { field } from '../forms';
import { noticeOf, withNotice } from '../notices';
import { SignedInGuard } from '../session/signed-in.guard';
import type { WebRequest, WebUser } from '../session/web-request';
import { publicUrlFor } from '../../http/public-url';
import { pageContext } from '../session/web-sessions';
import { Views } from '../views';
import { WebErrorFilter } from '../web-error.filter';
import { curlLine, listedGrants, listedTokens, mcpClientConfig, mcpUrlOf, type TokenForm } from './token-page';

@ApiExcludeController()
@Public()
@UseFilters(WebErrorFilter)
@UseGuards(CrossSiteGuard, SignedInGuard)
@Controller()
export class TokensPageController {
  constructor(
    private readonly tokens: OwnedTokensService,
    private readonly members: MembersService,
    private readonly grants: GrantsService,
    private readonly views: Views,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('tokens')
  async page(@Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const t = this.views.messages(pageContext(request));
    await this.show(request, response, { notice: noticeOf(t, request.query.done) });
  }

  @Post('tokens')
  async create(@Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const user = request.signedIn as WebUser;
    const form: TokenForm = {
      name: field(request.body, 'name'),
      base: field(request.body, 'base'),
      scope: field(request.body, 'scope'),
      expires: Number(field(request.body, 'expires')),
    };
    try {
      const created = await this.tokens.createForUser({
        userId: user.userId, name: form.name, baseId: form.base, scope: form.scope, expiresInDays: form.expires,
      });
      const context = pageContext(request);
      const t = this.views.messages(context);
      const publicUrl = publicUrlFor(this.config, request);
      this.views.render(response, 'token-created', context, { title: t.newToken, section: 'tokens' }, {
        name: form.name.trim(),
        token: created.token,
        curl: curlLine(publicUrl, form.base, created.token),
        mcpUrl: mcpUrlOf(publicUrl),
        mcpConfig: mcpClientConfig(publicUrl, form.base, created.token),
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      await this.show(request, response, { problem: error.message, status: error.status, form });
    }
  }

  @Get('tokens/:tokenId/revoke')
  async confirmRevoke(@Param('tokenId') tokenId: string, @Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const context = pageContext(request);
    const t = this.views.messages(context);
    const token = (await this.tokens.listOfUser((request.signedIn as WebUser).userId)).find((each) => each.tokenId === tokenId);
    if (!token || token.revokedAt) {
      this.views.render(response, 'message', context, { title: t.notFoundTitle, section: 'tokens', status: 404 }, { message: t.tokenNotFound });
      return;
    }
    this.views.render(response, 'confirm', context, { title: t.revokeTitle, section: 'tokens' }, {
      question: t.revokeQuestion(token.name ?? t.unnamed, token.baseId),
      action: `/tokens/${encodeURIComponent(token.tokenId)}/revoke`,
      confirm: t.revoke,
      back: '/tokens',
    });
  }

  @Post('tokens/:tokenId/revoke')
  async revoke(@Param('tokenId') tokenId: string, @Req() request: WebRequest, @Res() response: Response): Promise<void> {
    if (await this.tokens.revokeOfUser((request.signedIn as WebUser).userId, tokenId)) {
      return response.redirect(303, withNotice('/tokens', 'revoked'));
    }
    const context = pageContext(request);
    const t = this.views.messages(context);
    this.views.render(response, 'message', context, { title: t.notFoundTitle, section: 'tokens', status: 404 }, { message: t.tokenNotFound });
  }

  @Get('tokens/grants/:grantId/revoke')
  async confirmRevokeGrant(@Param('grantId') grantId: string, @Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const context = pageContext(request);
    const t = this.views.messages(context);
    const grant = (await this.grants.listOfUser((request.signedIn as WebUser).userId)).find((each) => each.grantId === grantId);
    if (!grant || grant.revokedAt) return this.grantNotFound(request, response);
    this.views.render(response, 'confirm', context, { title: t.revokeGrantTitle, section: 'tokens' }, {
      question: t.revokeGrantQuestion(grant.clientName, grant.baseId),
      action: `/tokens/grants/${encodeURIComponent(grant.grantId)}/revoke`,
      confirm: t.revoke,
      back: '/tokens',
    });
  }

  @Post('tokens/grants/:grantId/revoke')
  async revokeGrant(@Param('grantId') grantId: string, @Req() request: WebRequest, @Res() response: Response): Promise<void> {
    try {
      await this.grants.revokeOfUser((request.signedIn as WebUser).userId, grantId);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return this.grantNotFound(request, response);
    }
    response.redirect(303, withNotice('/tokens', 'grant-revoked'));
  }

  private grantNotFound(request: WebRequest, response: Response): void {
    const context = pageContext(request);
    const t = this.views.messages(context);
    this.views.render(response, 'message', context, { title: t.notFoundTitle, section: 'tokens', status: 404 }, { message: t.grantNotFound });
  }

  private async show(request: WebRequest, response: Response, options: { notice?: string; problem?: string; status?: number; form?: TokenForm }): Promise<void> {
    const user = request.signedIn as WebUser;
    const context = pageContext(request);
    const t = this.views.messages(context);
    const [tokens, bases, grants] = await Promise.all([
      this.tokens.listOfUser(user.userId), this.members.basesOwnedBy(user.userId), this.grants.listOfUser(user.userId),
    ]);
    this.views.render(response, 'tokens', context, { title: t.tokensTitle, section: 'tokens', notice: options.notice, problem: options.problem, status: options.status }, {
      tokens: listedTokens(tokens, new Date()),
      grants: listedGrants(grants),
      mcpUrl: mcpUrlOf(publicUrlFor(this.config, request)),
      bases,
      expiryChoices: TOKEN_EXPIRY_DAYS,
      form: options.form ?? { name: '', base: bases[0] ?? '', scope: 'read', expires: DEFAULT_TOKEN_EXPIRY_DAYS },
    });
  }
}
