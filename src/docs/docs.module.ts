// The published descriptions of the API: OpenAPI document, Swagger UI, text manual.
import { Module } from '@nestjs/common';
import { ApiDocuments } from './api-documents';
import { DocsController } from './docs.controller';

@Module({ controllers: [DocsController], providers: [ApiDocuments], exports: [ApiDocuments] })
export class DocsModule {}
