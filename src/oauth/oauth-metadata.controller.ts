// Discovery: the authorization server metadata (RFC 8414) and the MCP resource's protected resource
// metadata (RFC 9728) at its path-derived address and at the bare one, for clients that look there.
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { Public } from '../http/decorators/protection';
import { authorizationServerMetadata, protectedResourceMetadata } from './oauth-metadata';
import { publicUrlFor } from '../http/public-url';
import { AUTHORIZATION_SERVER_METADATA_PATH, MCP_PATH, PROTECTED_RESOURCE_METADATA_PATH } from './oauth-urls';

@ApiExcludeController()
@Public()
@Controller()
export class OauthMetadataController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get(AUTHORIZATION_SERVER_METADATA_PATH)
  authorizationServer(@Req() request: Request, @Res() response: Response): void {
    response.setHeader('Cache-Control', this.cacheControl()).json(authorizationServerMetadata(publicUrlFor(this.config, request)));
  }

  @Get([`${PROTECTED_RESOURCE_METADATA_PATH}${MCP_PATH}`, PROTECTED_RESOURCE_METADATA_PATH])
  protectedResource(@Req() request: Request, @Res() response: Response): void {
    response.setHeader('Cache-Control', this.cacheControl()).json(protectedResourceMetadata(publicUrlFor(this.config, request)));
  }

  /**
   * Without KB_PUBLIC_URL the documents name the request's Host, and a shared cache in front may
   * key on its upstream's name alone (nginx's default proxy_cache_key): only the client keeps them.
   */
  private cacheControl(): string {
    return this.config.publicUrl ? 'public, max-age=3600' : 'private, max-age=3600';
  }
}
