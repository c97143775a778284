// GET /api/v1/openapi.json and /api/v1/manual: no token needed, not part of the document they
// publish. Swagger UI at /api/v1/docs is set up by setupDocs.
import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { API_PREFIX } from '../http/api-prefix';
import { Public } from '../http/decorators/protection';
import { ApiDocuments } from './api-documents';

@ApiExcludeController()
@Public()
@Controller(API_PREFIX.slice(1))
export class DocsController {
  constructor(private readonly documents: ApiDocuments) {}

  @Get('openapi.json')
  openApi(@Res() response: Response): void {
    response.type('application/json; charset=utf-8').send(this.documents.openApiJson);
  }

  @Get('manual')
  manual(@Res() response: Response): void {
    response.type('text/markdown; charset=utf-8').send(this.documents.manual);
  }
}
