// Builds the OpenAPI document once, from the controllers, before the app starts answering.
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ApiDocuments } from './api-documents';
import { buildOpenApiDocument } from './openapi-document';

export function setupDocs(app: NestExpressApplication): void {
  app.get(ApiDocuments).publish(buildOpenApiDocument(app));
}
