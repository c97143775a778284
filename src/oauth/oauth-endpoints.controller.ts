// The authorization server's endpoints for clients: registration (RFC 7591), token (RFC 6749 §3.2)
// and revocation (RFC 7009). Public (the client authenticates itself), outside the REST contract,
// answering errors as OAuth does (OAuthErrorFilter) and never cached.
import { Controller, HttpCode, Inject, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { Public } from '../http/decorators/protection';
import { presentedClient } from './client-authentication';
import { ClientAuthenticator } from './client-authenticator';
import { ClientRegistration } from './client-registration.service';
import { invalidRequest, OAuthError } from './oauth-error';
import { OAuthErrorFilter } from './oauth-error.filter';
import { readForm, readJson } from './oauth-requests';
import { RegistrationThrottle } from './registration-throttle.guard';
import { TokenIssuer } from './token-issuer.service';

function noStore(response: Response): Response {
  return response.setHeader('Cache-Control', 'no-store').setHeader('Pragma', 'no-cache');
}

@ApiExcludeController()
@Public()
@UseFilters(OAuthErrorFilter)
@Controller('oauth')
export class OauthEndpointsController {
  constructor(
    private readonly registration: ClientRegistration,
    private readonly authenticator: ClientAuthenticator,
    private readonly issuer: TokenIssuer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('register')
  @UseGuards(RegistrationThrottle)
  async register(@Req() request: Request, @Res() response: Response): Promise<void> {
    const client = await this.registration.register(await readJson(request, response));
    noStore(response).status(201).json(client);
  }

  @Post('token')
  async token(@Req() request: Request, @Res() response: Response): Promise<void> {
    const parameters = await readForm(request, response);
    const client = await this.authenticator.authenticate(presentedClient(request.headers.authorization, parameters.client_id, parameters.client_secret));
    const grantType = parameters.grant_type;
    if (grantType === undefined) throw invalidRequest('grant_type is required.');
    let answer;
    if (grantType === 'authorization_code') answer = await this.issuer.exchangeCode(client, parameters);
    else if (grantType === 'refresh_token') answer = await this.issuer.refresh(client, parameters);
    else throw new OAuthError('unsupported_grant_type', 'Only authorization_code and refresh_token are supported.');
    noStore(response).status(200).json(answer);
  }

  @Post('revoke')
  @HttpCode(200)
  async revoke(@Req() request: Request, @Res() response: Response): Promise<void> {
    const parameters = await readForm(request, response);
    const client = await this.authenticator.authenticate(presentedClient(request.headers.authorization, parameters.client_id, parameters.client_secret));
    if (!parameters.token) throw invalidRequest('token is required.');
    await this.issuer.revoke(client, parameters.token);
    noStore(response).status(200).end();
  }
}
