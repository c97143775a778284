import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { API_PREFIX } from '../http/api-prefix';
import { CurrentAccess, type GrantedAccess } from '../http/decorators/current-access';
import { Auth } from '../http/decorators/protection';
import { TreeResponse } from './dto/tree.response';
import { GZIP_MIN_BYTES, TreeService } from './tree.service';

@ApiTags('tree')
@Controller(`${API_PREFIX.slice(1)}/bases/:base_id`)
export class TreeController {
  constructor(private readonly trees: TreeService) {}

  @Get('tree')
  @Auth()
  @ApiOperation({ operationId: 'getTree', summary: 'Page tree of three levels' })
  @ApiOkResponse({
    type: TreeResponse,
    description: `The tree; gzipped (Content-Encoding: gzip) when the request's Accept-Encoding allows gzip and the answer is ${GZIP_MIN_BYTES} bytes or more, once the service has compressed the tree of the current outline (the first such requests after a change get it uncompressed)`,
  })
  async tree(@CurrentAccess() access: GrantedAccess, @Req() request: Request, @Res() response: Response): Promise<void> {
    const answer = await this.trees.treeAnswer(access.baseId, access.base.outlineVersion, request.acceptsEncodings('gzip') === 'gzip');
    response.status(200).type('application/json; charset=utf-8').vary('Accept-Encoding');
    if (answer.encoding) response.setHeader('Content-Encoding', answer.encoding);
    response.end(answer.bytes);
  }
}
