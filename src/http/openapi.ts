// The OpenAPI 3.1 document, generated from the operation table and its schemas.
import { errorCatalogue } from '../domain/errors.ts';
import { API_PREFIX, operations, type Operation } from './routes.ts';
import { errorSchema } from './schemas.ts';

export const API_VERSION = '1.1.0';

interface ObjectSchema {
  required?: readonly string[];
  properties?: Record<string, { description?: string } & object>;
}

const errorDescriptions: Record<number, string> = {
  400: 'BAD_REQUEST: unparsable JSON, not an object, missing, invalid or unknown field, empty PATCH, bad limit/offset, empty q',
  401: 'UNAUTHORIZED: token missing, malformed, unknown, revoked or expired',
  403: 'FORBIDDEN: token bound to another knowledge base, user not the owner, or write without the write scope',
  404: 'NOT_FOUND: knowledge base or page does not exist, is soft-deleted or belongs to another base',
  405: 'METHOD_NOT_ALLOWED: method not offered on this path (see the Allow header)',
  413: 'PAYLOAD_TOO_LARGE: request body above the size limit (1 MiB by default)',
  415: 'UNSUPPORTED_MEDIA_TYPE: POST or PATCH without Content-Type: application/json',
  500: 'INTERNAL_ERROR: server-side failure',
  503: 'SERVICE_UNAVAILABLE: the database cannot be reached; retry later',
};

function parametersOf(schema: object | undefined, where: 'path' | 'query') {
  const { properties = {}, required = [] } = (schema ?? {}) as ObjectSchema;
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: where, required: where === 'path' || required.includes(name), description, schema: rest };
  });
}

const errorResponse = (status: number) => ({
  description: errorDescriptions[status],
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function operationObject(op: Operation) {
  const errors = [401, 403, 404, 405, 500, 503, ...op.errors].sort();
  const success = op.success.schema
    ? { description: op.success.description, content: { 'application/json': { schema: op.success.schema } } }
    : { description: op.success.description };
  return {
    operationId: op.operationId,
    summary: op.summary,
    security: [{ bearer: op.write ? ['read', 'write'] : ['read'] }],
    parameters: [...parametersOf(op.params, 'path'), ...parametersOf(op.querystring, 'query')],
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: op.body } } } } : {}),
    responses: {
      [op.success.status]: op.success.status === 201
        ? { ...success, headers: { Location: { schema: { type: 'string' }, description: '/api/v1/bases/{base_id}/pages/{content_id}' } } }
        : success,
      ...Object.fromEntries(errors.map((status) => [status, errorResponse(status)])),
    },
  };
}

export function buildOpenApi(): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const op of operations) {
    const path = op.path.replace(/:([a-z_]+)/g, '{$1}');
    paths[path] = { ...paths[path], [op.method.toLowerCase()]: operationObject(op) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'kb-pages REST API',
      version: API_VERSION,
      description: 'Hierarchical knowledge-base pages. The text manual is at /api/v1/manual.',
    },
    servers: [{ url: API_PREFIX }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'A token "kbp_…" bound to one knowledge base' },
      },
      schemas: { Error: { ...errorSchema, properties: { error: { ...errorSchema.properties.error, properties: {
        code: { type: 'string', enum: Object.keys(errorCatalogue) },
        message: errorSchema.properties.error.properties.message,
      } } } } },
    },
    paths,
  };
}
