// The OAuth 2.1 authorization server MCP clients sign in through: metadata (RFC 8414, RFC 9728),
// client registration (RFC 7591), the token and revocation endpoints, and the rules the consent
// page (web/oauth) acts on.
import { Module } from '@nestjs/common';
import { AuthorizationService } from './authorization.service';
import { GrantsService } from './grants.service';

@Module({
  providers: [AuthorizationService, GrantsService],
  exports: [AuthorizationService, GrantsService],
})
export class OauthModule {}
