// The OAuth 2.1 authorization server MCP clients sign in through: metadata (RFC 8414, RFC 9728),
// client registration (RFC 7591), the token and revocation endpoints, and the rules the consent
// page (web/oauth) acts on.
import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AuthorizationService } from './authorization.service';
import { ClientAuthenticator } from './client-authenticator';
import { ClientRegistration } from './client-registration.service';
import { GrantRevocation } from './grant-revocation';
import { GrantsService } from './grants.service';
import { OauthClientsRepository } from './oauth-clients.repository';
import { OauthCodesRepository } from './oauth-codes.repository';
import { OauthEndpointsController } from './oauth-endpoints.controller';
import { OauthGrantsRepository } from './oauth-grants.repository';
import { OauthMetadataController } from './oauth-metadata.controller';
import { OauthRefreshTokensRepository } from './oauth-refresh-tokens.repository';
import { RegistrationCounts, RegistrationThrottle } from './registration-throttle.guard';
import { TokenIssuer } from './token-issuer.service';

@Module({
  imports: [AuthModule],
  controllers: [OauthMetadataController, OauthEndpointsController],
  providers: [
    AuthorizationService, GrantsService, ClientRegistration, ClientAuthenticator, TokenIssuer, GrantRevocation,
    OauthClientsRepository, OauthCodesRepository, OauthGrantsRepository, OauthRefreshTokensRepository,
    RegistrationCounts, RegistrationThrottle,
  ],
  exports: [AuthorizationService, GrantsService],
})
export class OauthModule {}
