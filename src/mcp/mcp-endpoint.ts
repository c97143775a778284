// /mcp before the SDK's handler: a browser's request from an origin the service does not serve is
// refused (403: DNS rebinding, a page of another site driving a local client), then the bearer
// token is authorized as REST authorizes it; a 401 says where to sign in (RFC 9728's
// resource_metadata in WWW-Authenticate). The SDK's handler then serves the 2026-07-28 revision
// and, statelessly, the 2025 one; each request gets a server of its own (mcp-servers.ts).
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { toNodeHandler, type NodeMcpRequestHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, type AuthInfo, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { Request, Response } from 'express';
import type { Access } from '../auth/access';
import { AccessService } from '../auth/access.service';
import { TokenUses } from '../auth/token-uses';
import { publicUrlOf, type AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { DomainError, forbidden, unauthorized } from '../errors/domain-error';
import { errorBody } from '../errors/envelope.filter';
import { errorStatus } from '../errors/error-codes';
import { usableToken } from '../http/guards/access-rules';
import { oauthScopeOf, PAGES_READ } from '../oauth/oauth-scopes';
import { mcpResourceOf, protectedResourceMetadataUrlOf } from '../oauth/oauth-urls';
import { publicUrlFor } from '../http/public-url';
import { McpServers } from './mcp-servers';

/** Room for the JSON-RPC envelope around a page body as large as the REST API takes. */
const ENVELOPE_BYTES = 64 * 1024;

@Injectable()
export class McpEndpoint implements OnModuleDestroy {
  private readonly logger = new Logger('McpEndpoint');
  private readonly handler: McpHttpHandler;
  private readonly serve: NodeMcpRequestHandler;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accessService: AccessService,
    private readonly tokenUses: TokenUses,
    servers: McpServers,
  ) {
    const maxRequestBodySize = config.bodyLimit + ENVELOPE_BYTES;
    const onerror = (error: Error) => this.logger.warn(`MCP request refused or failed: ${error.message}`);
    this.handler = createMcpHandler(({ authInfo }) => servers.serverFor(accessOf(authInfo)), {
      legacy: 'stateless', maxRequestBodySize, onerror,
    });
    this.serve = toNodeHandler(this.handler, { maxRequestBodySize, onerror });
  }

  async onModuleDestroy(): Promise<void> {
    await this.handler.close();
  }

  async handle(request: Request, response: Response): Promise<void> {
    const issuer = publicUrlFor(this.config, request);
    const origin = request.headers.origin;
    const served = servedOrigin(this.config, request);
    if (origin !== undefined && origin !== served) {
      refuse(response, forbidden(`Requests from the origin ${JSON.stringify(origin)} are not served: /mcp serves clients without an Origin and pages of ${served}.`));
      return;
    }
    let access: Access;
    try {
      access = usableToken(await this.accessService.forAuthorizationHeader(request.headers.authorization));
      // An OAuth token is for the resource it was issued for (RFC 8707); an API token (no audience) for either interface.
      if (access.audience !== null && access.audience !== mcpResourceOf(issuer)) {
        throw unauthorized(`This token was issued for another resource than ${mcpResourceOf(issuer)}; sign in again.`);
      }
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      response.setHeader('WWW-Authenticate', challengeOf(issuer, request.headers.authorization !== undefined));
      refuse(response, error);
      return;
    }
    this.tokenUses.note(access.tokenId);
    await this.serve(Object.assign(request, { auth: authInfoOf(access, request.headers.authorization!) }), response);
  }
}

/**
 * The one browser origin /mcp serves: KB_PUBLIC_URL's, else the address the service listens on
 * (KB_PUBLIC_URL's default), never the request's own Host: a page of a rebound name (DNS
 * rebinding) names itself in both Host and Origin.
 */
function servedOrigin(config: AppConfig, request: Request): string {
  return new URL(publicUrlOf(config, request.socket.localPort)).origin;
}

/** RFC 6750 §3 with RFC 9728 §5.1: where the client finds how to get a token, and for which scope. */
export function challengeOf(issuer: string, tokenSent: boolean): string {
  const error = tokenSent ? ', error="invalid_token"' : '';
  return `Bearer resource_metadata="${protectedResourceMetadataUrlOf(issuer)}", scope="${PAGES_READ}"${error}`;
}

function refuse(response: Response, error: DomainError): void {
  response.status(errorStatus[error.code]).type('application/json; charset=utf-8').send(errorBody(error.code, error.message));
}

function authInfoOf(access: Access, header: string): AuthInfo {
  return {
    token: header.replace(/^Bearer\s+/i, ''),
    clientId: access.grantId ?? access.tokenId,
    scopes: oauthScopeOf(access.scope).split(' '),
    expiresAt: Math.floor(Date.parse(access.expiresAt) / 1000),
    extra: { access },
  };
}

/** The access the endpoint authorized, which the SDK passes through to the server's factory. */
function accessOf(authInfo: AuthInfo | undefined): Access {
  const access = authInfo?.extra?.access as Access | undefined;
  if (!access) throw new Error('An MCP request reached the handler without an authorized access.');
  return access;
}
