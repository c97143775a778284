// The knowledge-base summary. The guard chain has already read the base with the token, so the
// answer needs no further query.
import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { API_PREFIX } from '../http/api-prefix';
import { CurrentAccess, type GrantedAccess } from '../http/decorators/current-access';
import { Auth } from '../http/decorators/protection';
import { toBaseInfoResponse } from './base.mapper';
import { BaseInfoResponse } from './dto/base-info.response';

@ApiTags('bases')
@Controller(`${API_PREFIX.slice(1)}/bases/:base_id`)
export class BasesController {
  @Get('info')
  @Auth()
  @ApiOperation({ operationId: 'getBaseInfo', summary: 'Knowledge-base summary' })
  @ApiOkResponse({ type: BaseInfoResponse })
  info(@CurrentAccess() access: GrantedAccess): BaseInfoResponse {
    return toBaseInfoResponse(access.base);
  }
}
