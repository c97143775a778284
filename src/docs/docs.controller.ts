// GET /api/v1/openapi.json, /api/v1/docs (Swagger UI and its assets) and /api/v1/manual: no
// token needed, not part of the document they publish.
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { notFound } from '../errors/domain-error';
import { API_PREFIX } from '../http/api-prefix';
import { Public } from '../http/decorators/protection';
import { ApiDocuments } from './api-documents';
import { DOCS_PATH, swaggerUiAsset, swaggerUiHtml } from './swagger-ui';

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

  @Get('docs')
  swaggerUi(@Res() response: Response): void {
    response.type('text/html; charset=utf-8').send(swaggerUiHtml);
  }

  @Get('docs/:asset')
  swaggerUiAsset(@Param('asset') name: string, @Res() response: Response): void {
    const asset = swaggerUiAsset(name);
    if (!asset) throw notFound(`There is no ${DOCS_PATH}/${name}; Swagger UI is at ${DOCS_PATH}.`);
    response.setHeader('Cache-Control', 'public, max-age=3600');
    response.type(asset.contentType).send(asset.body);
  }
}
