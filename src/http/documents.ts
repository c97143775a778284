// The published descriptions of the API: the OpenAPI document and the text manual. No token needed.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from './routes.ts';
import { buildOpenApi } from './openapi.ts';

export function registerDocuments(app: FastifyInstance): void {
  const openApi = JSON.stringify(buildOpenApi());
  const manual = readFileSync(new URL('./manual.md', import.meta.url), 'utf8');
  app.get(`${API_PREFIX}/openapi.json`, (_request, reply) => reply.type('application/json; charset=utf-8').send(openApi));
  app.get(`${API_PREFIX}/manual`, (_request, reply) => reply.type('text/markdown; charset=utf-8').send(manual));
}
