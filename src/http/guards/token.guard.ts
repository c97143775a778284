// Step 1 (401): a well-formed bearer token that is known, not revoked and not expired. A token let
// through is noted as used (in memory; written later, off the request's path: token-uses.ts).
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AccessService } from '../../auth/access.service';
import { TokenUses } from '../../auth/token-uses';
import { unauthorized } from '../../errors/domain-error';
import { requestOf } from '../request-of';
import { usableToken } from './access-rules';
import { RouteProtections } from './route-protection';

@Injectable()
export class TokenGuard implements CanActivate {
  constructor(
    private readonly protections: RouteProtections,
    private readonly accessService: AccessService,
    private readonly tokenUses: TokenUses,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = requestOf(context);
    const confirmable = !request.authorizeAfresh && this.protections.of(context).confirmsKeptAccess;
    const access = usableToken(await this.accessService.forAuthorizationHeader(request.headers.authorization, confirmable));
    // An MCP client's OAuth token is for the resource it was issued for (RFC 8707), /mcp alone.
    if (access.audience !== null) throw unauthorized('This token was issued to an MCP client for /mcp; the REST API takes API tokens.');
    this.tokenUses.note(access.tokenId);
    request.access = access;
    return true;
  }
}
