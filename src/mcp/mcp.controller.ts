// /mcp, the Streamable HTTP endpoint of the MCP server. Outside the REST guard chain (@Public):
// the endpoint authorizes its bearer itself and answers its 401 with the OAuth discovery header.
// Not part of the REST contract's document. The SDK reads the body itself (the app's body parser is off).
import { Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../http/decorators/protection';
import { MCP_PATH } from '../oauth/oauth-urls';
import { McpEndpoint } from './mcp-endpoint';

@ApiExcludeController()
@Public()
@Controller(MCP_PATH.slice(1))
export class McpController {
  constructor(private readonly endpoint: McpEndpoint) {}

  @Post()
  post(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.endpoint.handle(request, response);
  }

  @Get()
  get(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.endpoint.handle(request, response);
  }

  @Delete()
  delete(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.endpoint.handle(request, response);
  }
}
