// The calling token itself: its base, scope and expiry. Read from what the guard chain
// already established, so it costs no query.
import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { API_PREFIX } from '../http/api-prefix';
import { CurrentAccess, type GrantedAccess } from '../http/decorators/current-access';
import { Auth } from '../http/decorators/protection';
import { TokenInfoResponse } from './dto/token-info.response';

@ApiTags('auth')
@Controller(`${API_PREFIX.slice(1)}/bases/:base_id`)
export class TokenInfoController {
  @Get('token')
  @Auth()
  @ApiOperation({ operationId: 'getTokenInfo', summary: 'The calling token: base, scope and expiry' })
  @ApiOkResponse({ type: TokenInfoResponse })
  token(@CurrentAccess() access: GrantedAccess): TokenInfoResponse {
    return { token_id: access.tokenId, base_id: access.baseId, scope: access.scope, expires_at: access.expiresAt };
  }
}
