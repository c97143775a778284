// Builds the OpenAPI document once, from the controllers, before the app starts answering, and
// sets up Swagger UI on it at /api/v1/docs. Nest serves Swagger UI's files from the installed
// swagger-ui-dist package and its start-up script from the document itself, so it works with no
// network; "Try it out" keeps the bearer token across reloads.
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { API_PREFIX } from '../http/api-prefix';
import { ApiDocuments } from './api-documents';
import { buildOpenApiDocument } from './openapi-document';

export const DOCS_PATH = `${API_PREFIX}/docs`;

export function setupDocs(app: NestExpressApplication): void {
  const document = buildOpenApiDocument(app);
  app.get(ApiDocuments).publish(document);
  SwaggerModule.setup(DOCS_PATH.slice(1), app, document, {
    // The document itself is served by DocsController at /api/v1/openapi.json.
    raw: false,
    customSiteTitle: 'kb-pages REST API v1',
    swaggerOptions: { persistAuthorization: true, validatorUrl: null, deepLinking: true },
  });
}
