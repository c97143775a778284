// The consent page of an MCP client's sign-in (GET/POST /oauth/authorize): AuthorizationService
// decides; this page shows its error without redirecting, redirects where it says, or asks the
// signed-in user which base the client may use and how, and sends the answer back the same way.
import { Controller, Get, Inject, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { MembersService } from '../../auth/members.service';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { Public } from '../../http/decorators/protection';
import type { AuthorizeCheck, ConsentRequest } from '../../oauth/authorization';
import { AuthorizationService } from '../../oauth/authorization.service';
import { CrossSiteGuard } from '../cross-site.guard';
import { field } from '../forms';
import { publicUrlFor } from '../../http/public-url';
import { policyWithFormTargets } from '../security-headers';
import type { WebRequest, WebUser } from '../session/web-request';
import { pageContext, WebSessions } from '../session/web-sessions';
import { Views } from '../views';
import { WebErrorFilter } from '../web-error.filter';
import { SignInRequired } from '../web-errors';
import { accessOf, authorizeParametersOf, consentFields, consentPathOf, decisionOf, formTargetOf } from './consent-form';

@ApiExcludeController()
@Public()
@UseFilters(WebErrorFilter)
@UseGuards(CrossSiteGuard)
@Controller('oauth/authorize')
export class ConsentController {
  constructor(
    private readonly authorization: AuthorizationService,
    private readonly members: MembersService,
    private readonly sessions: WebSessions,
    private readonly views: Views,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The request is checked before sign-in: an error goes back to the client (or is shown) at once,
   * never at the end of the sign-in form's redirects, which the sign-in page's CSP would stop.
   */
  @Get()
  async ask(@Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const check = await this.authorization.check(request.query, publicUrlFor(this.config, request));
    const user = check.kind === 'redirect' ? null : await this.sessions.read(request);
    if (user) request.signedIn = user;
    else if (check.kind === 'consent') throw new SignInRequired();
    await this.answer(check, request, response);
  }

  /** A session that ended while the page was open signs in again and comes back to the same consent page. */
  @Post()
  async decide(@Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const parameters = authorizeParametersOf(request.body);
    const user = await this.sessions.read(request);
    if (!user) throw new SignInRequired(consentPathOf(parameters));
    request.signedIn = user;
    const issuer = publicUrlFor(this.config, request);
    const decision = decisionOf(request.body);
    const check = decision === 'allow'
      ? await this.authorization.approve(parameters, issuer, {
        userId: (request.signedIn as WebUser).userId, baseId: field(request.body, consentFields.base), scope: accessOf(request.body),
      })
      : decision === 'deny' ? await this.authorization.deny(parameters, issuer) : await this.authorization.check(parameters, issuer);
    await this.answer(check, request, response);
  }

  private async answer(check: AuthorizeCheck, request: WebRequest, response: Response): Promise<void> {
    if (check.kind === 'redirect') return response.redirect(303, check.location);
    const context = pageContext(request);
    const t = this.views.messages(context);
    if (check.kind === 'error') {
      this.views.render(response, 'consent-refused', context, { title: t.consentRefusedTitle, status: 400 }, { detail: t.consentRefusals[check.refusal] });
      return;
    }
    await this.showConsent(check.request, request, response);
  }

  private async showConsent(consent: ConsentRequest, request: WebRequest, response: Response): Promise<void> {
    const context = pageContext(request);
    const t = this.views.messages(context);
    const bases = await this.members.basesOwnedBy((request.signedIn as WebUser).userId);
    const target = formTargetOf(consent.redirectUri);
    // The answer redirects to the client: its origin joins form-action on this page alone. Never
    // framed (clickjacking an Allow), said twice for browsers that ignore frame-ancestors.
    response.setHeader('Content-Security-Policy', policyWithFormTargets(target ? [target] : []));
    response.setHeader('X-Frame-Options', 'DENY');
    this.views.render(response, 'consent', context, { title: t.consentTitle }, {
      consent,
      bases,
      fields: consentFields,
      hidden: Object.entries(consent.parameters),
    });
  }
}
