// buildApp: the Fastify application of the REST API v1. It only listens when server.ts says so,
// so tests drive it in-process.
import Fastify, {
  LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions,
} from 'fastify';
import { authorize, type Access } from '../app/authorize.ts';
import { unsupportedMediaType } from '../domain/errors.ts';
import type { Store } from '../store/store.ts';
import { errorHandler, sendError } from './errors.ts';
import { registerDocuments } from './documents.ts';
import { allowHeader, findKnownPath, knownPaths } from './paths.ts';
import { API_PREFIX, operations, type Operation } from './routes.ts';
import { errorSchema } from './schemas.ts';
import { validatorCompiler } from './validation.ts';

declare module 'fastify' {
  interface FastifyRequest {
    access: Access | null;
  }
}

export interface AppOptions {
  store: Store;
  /** Largest accepted request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  logger?: FastifyServerOptions['logger'];
}

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Location',
};

const preflightHeaders = {
  'access-control-allow-methods': 'GET, POST, PATCH, DELETE',
  'access-control-allow-headers': 'Authorization, Content-Type',
  'access-control-max-age': '86400',
};

/**
 * The access log: one line per answered request, written when the answer is complete. Fastify's
 * own request logging writes two lines (incoming, completed), serialising the request; each line
 * is a write to stdout. Measured on info requests, the two lines cost about a quarter of the
 * requests/s, this one about a tenth.
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
      remoteAddress: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

function isJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0].trim().toLowerCase() === 'application/json';
}

function registerOperation(app: FastifyInstance, store: Store, op: Operation): void {
  app.route({
    method: op.method,
    url: API_PREFIX + op.path,
    schema: {
      params: op.params,
      ...(op.querystring ? { querystring: op.querystring } : {}),
      ...(op.body ? { body: op.body } : {}),
      response: {
        ...(op.success.schema ? { [op.success.status]: op.success.schema } : {}),
        '4xx': errorSchema,
        '5xx': errorSchema,
      },
    },
    // Access is checked before the body is read, so the order of errors is 401, 403, 404, 415, 400.
    onRequest: async (request) => {
      const baseId = (request.params as { base_id: string }).base_id;
      request.access = await authorize(store, { authorization: request.headers.authorization, baseId, write: op.write });
      if (op.body && !isJson(request.headers['content-type'])) throw unsupportedMediaType();
    },
    handler: async (request, reply) => {
      const result = await op.handle({ store, access: request.access!, request, reply });
      return op.success.status === 204 ? reply.send() : result;
    },
  });
}

/**
 * Clients often send `Content-Type: application/json` on every request; an empty body then
 * means "no body" (a DELETE goes through; a POST gets the ordinary 400 for a missing object).
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else parseJson(request, body as string, done);
  });
}

export function buildApp(options: AppOptions): FastifyInstance {
  const logger = options.logger ?? false;
  const app = Fastify({
    logger,
    ...(logger ? { logController: new AccessLog() } : {}),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // Path parameters of any length reach the routes, so a long base_id or content_id gets the
    // ordinary 403/404 instead of the router's own 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 10_000 },
    // Errors the router answers before any route (a malformed percent-encoding) take the same shape.
    frameworkErrors: (error, request, reply) => errorHandler(error, request, reply.headers(corsHeaders)),
  });
  app.decorateRequest('access', null);
  app.setValidatorCompiler(validatorCompiler);
  // Presenters already shape every answer exactly (the tests hold answers to the schemas), and
  // V8's JSON.stringify measured 3-6x faster here than schema-compiled serializers.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler(errorHandler);
  acceptEmptyJsonBodies(app);

  // Set as the request comes in, so every answer carries them, errors included (Fastify keeps the
  // reply's headers when it answers an error). A synchronous hook: an async onSend hook cost each
  // request a promise and a trip through Fastify's onSend machinery.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(corsHeaders);
    done();
  });

  app.setNotFoundHandler((request, reply) => {
    const known = findKnownPath(request.url);
    if (!known) return sendError(reply, 'NOT_FOUND', `There is no ${request.url.split('?')[0]}; the API lives under ${API_PREFIX}.`);
    const allow = allowHeader(known);
    reply.header('Allow', allow);
    return sendError(reply, 'METHOD_NOT_ALLOWED', `${request.method} is not offered here; use ${allow}.`);
  });

  for (const known of knownPaths) {
    app.options(known.path, (_request, reply) => reply.code(204).headers(preflightHeaders).send());
  }
  for (const op of operations) registerOperation(app, options.store, op);
  registerDocuments(app);
  return app;
}
