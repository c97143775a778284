import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { API_PREFIX } from '../http/api-prefix';
import { CurrentAccess, type GrantedAccess } from '../http/decorators/current-access';
import { Auth } from '../http/decorators/protection';
import { TreeResponse } from './dto/tree.response';
import { TreeService } from './tree.service';

@ApiTags('tree')
@Controller(`${API_PREFIX.slice(1)}/bases/:base_id`)
export class TreeController {
  constructor(private readonly trees: TreeService) {}

  @Get('tree')
  @Auth()
  @ApiOperation({ operationId: 'getTree', summary: 'Page tree of three levels' })
  @ApiOkResponse({ type: TreeResponse })
  async tree(@CurrentAccess() access: GrantedAccess, @Res() response: Response): Promise<void> {
    const json = await this.trees.treeJson(access.baseId, access.base.outlineVersion);
    response.status(200).type('application/json; charset=utf-8').end(json);
  }
}
