// The OpenAPI 3.1 document of REST API v1, produced by @nestjs/swagger from the controllers' and
// DTOs' decorators, then finished here with what holds for every operation alike: the path
// parameters, the errors any route can answer, the 3.1 schema forms, paths relative to /api/v1,
// the marks on what this service adds to the contract.
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type HeaderObject, type OpenAPIObject, type ParameterObject } from '@nestjs/swagger';
import { API_PREFIX } from '../http/api-prefix';
import { ErrorResponse } from '../http/error.response';
import { SANE_REQUEST_ID } from '../http/request-id';
import { ADDITION, markAdditions } from './contract-additions';
import { rewriteSchemas, toJsonSchema2020, type SchemaObject } from './json-schema-2020';

/** The interface version of the contract (spec "Versioning"); a client may check it. What this
 * service adds beyond the contract does not raise it: each addition is marked instead. */
export const API_VERSION = '1.1.0';

const pathParameters: Record<string, SchemaObject> = {
  base_id: {
    name: 'base_id',
    in: 'path',
    required: true,
    description: 'Knowledge-base identifier: lowercase letters, digits and hyphens, 6 characters or more. '
      + 'It must name the base the token is bound to; any other value (a malformed one included) is 403.',
    schema: { type: 'string', pattern: '^[a-z0-9-]{6,}$', minLength: 6 },
  },
  content_id: {
    name: 'content_id',
    in: 'path',
    required: true,
    description: 'Page identifier: exactly 6 lowercase letters and digits, made by the server. '
      + 'An unknown, deleted or malformed one is 404.',
    schema: { type: 'string', pattern: '^[a-z0-9]{6}$', minLength: 6, maxLength: 6 },
  },
};

/** Every request may name itself, and every answer carries the id (src/http/request-id.ts): one
 * component each, which every operation and answer refers to. */
const REQUEST_ID = 'RequestId';
const requestIdParameter: ParameterObject = {
  name: 'X-Request-Id',
  in: 'header',
  required: false,
  description: 'An id of the caller\'s for this request, echoed in the answer and written in its log line. '
    + 'Another value than 1 to 128 letters, digits or _.:+/=- is replaced by a new UUID.',
  schema: { type: 'string', pattern: SANE_REQUEST_ID.source },
};

const requestIdHeader: HeaderObject = {
  description: 'The request\'s id: the X-Request-Id it sent, else a new UUID; the log line of the request carries it',
  schema: { type: 'string' },
};

/** What each status means, for answers whose decorator gave no description. */
const responseDescriptions: Record<string, string> = {
  200: 'Success',
  201: 'Created',
  204: 'Done; the answer has no body',
  400: 'BAD_REQUEST: unparsable JSON, a body that is not an object, a missing, invalid or unknown field, or a bad query parameter',
  401: 'UNAUTHORIZED: token missing, malformed, unknown, revoked or expired',
  403: 'FORBIDDEN: token bound to another knowledge base, user not its owner, or a write with a read-only token',
  404: 'NOT_FOUND: the knowledge base or the page does not exist, is deleted or belongs to another base',
  405: 'METHOD_NOT_ALLOWED: the method is not offered on this path; the Allow header lists those that are',
  413: 'PAYLOAD_TOO_LARGE: the request body is larger than the limit (1 MiB by default)',
  415: 'UNSUPPORTED_MEDIA_TYPE: POST or PATCH without Content-Type: application/json, with a charset other than UTF-8, or with a Content-Encoding other than gzip, deflate, br or zstd',
  500: 'INTERNAL_ERROR: the service failed; nothing internal is shown, the failure is logged',
  503: 'SERVICE_UNAVAILABLE: the database cannot be reached or is busy; try again shortly',
};

/** Errors that any route of the API can answer, whatever its decorators say. */
const anyRouteErrors = [405, 500, 503].map((status) => ({ status, description: responseDescriptions[status], type: ErrorResponse }));

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function documentConfig(): Omit<OpenAPIObject, 'paths'> {
  return new DocumentBuilder()
    .setTitle('kb-pages')
    .setDescription(
      'Hierarchical knowledge-base pages: list, read, search and the tree of the pages of a knowledge base; '
        + `create, change and soft-delete pages. The text manual is at ${API_PREFIX}/manual, Swagger UI at ${API_PREFIX}/docs. `
        + `What this service adds to the contract of interface version ${API_VERSION} is marked \`${ADDITION}: true\`.`,
    )
    .setVersion(API_VERSION)
    .setOpenAPIVersion('3.1.0')
    .addServer(API_PREFIX, 'REST API v1 of this service')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'kbp_…', description: 'An access token "kbp_…" bound to one knowledge base; made with `kbp token create`' },
      'bearer',
    )
    .addGlobalResponse(...anyRouteErrors)
    .build();
}

/** The operation's parameters with the documented path parameters, in the order of the path. */
function withPathParameters(path: string, parameters: SchemaObject[] = []): SchemaObject[] {
  const names = [...path.matchAll(/\{([A-Za-z_]+)\}/g)].map((match) => match[1]);
  const declared = (name: string) => pathParameters[name] ?? parameters.find((p) => p.in === 'path' && p.name === name);
  const inPath = names.map(declared).filter((p): p is SchemaObject => p !== undefined);
  return [...inPath.map((p) => structuredClone(p)), ...parameters.filter((p) => p.in !== 'path')];
}

/** Answers sorted by status, each with a description and the X-Request-Id header. */
function describedResponses(responses: Record<string, SchemaObject>): Record<string, SchemaObject> {
  const sorted = Object.entries(responses).sort(([a], [b]) => a.localeCompare(b));
  return Object.fromEntries(sorted.map(([status, response]) => [status, {
    ...response,
    description: response.description || responseDescriptions[status] || '',
    headers: { ...(response.headers as Record<string, SchemaObject> | undefined), 'X-Request-Id': { $ref: `#/components/headers/${REQUEST_ID}` } },
  }]));
}

/** A request body with a field the DTO does not declare is refused (400), and so is a PATCH that
 * sends none (`{}`): say so in its schema. */
function closeRequestBody(document: OpenAPIObject, operation: SchemaObject, method: string): void {
  const content = (operation.requestBody as { content?: Record<string, { schema?: { $ref?: string } }> } | undefined)?.content;
  for (const media of Object.values(content ?? {})) {
    const name = media.schema?.$ref?.replace('#/components/schemas/', '');
    const schema = name ? document.components?.schemas?.[name] : media.schema;
    if (!schema) continue;
    (schema as SchemaObject).additionalProperties = false;
    if (method === 'patch') (schema as SchemaObject).minProperties = 1;
  }
}

function finish(document: OpenAPIObject): OpenAPIObject {
  const paths: OpenAPIObject['paths'] = {};
  for (const [fullPath, item] of Object.entries(document.paths)) {
    const path = fullPath.startsWith(`${API_PREFIX}/`) ? fullPath.slice(API_PREFIX.length) : fullPath;
    for (const method of methods) {
      const operation = (item as Record<string, SchemaObject | undefined>)[method];
      if (!operation) continue;
      operation.parameters = [...withPathParameters(path, operation.parameters as SchemaObject[] | undefined), { $ref: `#/components/parameters/${REQUEST_ID}` }];
      operation.responses = describedResponses(operation.responses as Record<string, SchemaObject>);
      closeRequestBody(document, operation, method);
    }
    paths[path] = item;
  }
  document.paths = paths;
  document.components = { ...document.components, parameters: { [REQUEST_ID]: structuredClone(requestIdParameter) }, headers: { [REQUEST_ID]: structuredClone(requestIdHeader) } };
  if (document.info.contact && Object.keys(document.info.contact).length === 0) delete document.info.contact;
  rewriteSchemas(document as unknown as SchemaObject, toJsonSchema2020);
  markAdditions(document);
  return document;
}

/** Builds the document from the app's controllers (call before the app is initialised or after). */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  return finish(SwaggerModule.createDocument(app, documentConfig()));
}

/** The committed form of the document (openapi/openapi.json). */
export function serializeOpenApi(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
