// The OpenAPI document the app serves is the committed openapi/openapi.json, is valid OpenAPI 3.1,
// and describes the contract of REST API v1. After a deliberate change of the API, rewrite the
// committed file with UPDATE_OPENAPI=1 (or: npm run build && node dist/src/docs/write-openapi.js)
// and review its diff.
import { existsSync, readFileSync } from 'node:fs';
import request from 'supertest';
import { API_VERSION, serializeOpenApi } from '../../src/docs/openapi-document';
import { OPENAPI_FILE, writeOpenApiFile } from '../../src/docs/write-openapi';
import { contractOperations, tokenOperation } from '../support/contract-operations';
import { describeEachBackend } from '../support/e2e';
import { openApi31Problems, resolvePointer } from './openapi-31';

type Json = Record<string, any>;

/** The contract's eight operations and the token one. */
const operations = [...contractOperations, tokenOperation];

const successStatus: Record<string, string> = { get: '200', post: '201', patch: '200', delete: '204' };

function errorsOf(method: string, path: string): string[] {
  const errors = ['401', '403', '404', '405', '500', '503'];
  if (method === 'post' || method === 'patch') errors.push('400', '413', '415');
  if (method === 'get' && (path.endsWith('/pages') || path.endsWith('/search'))) errors.push('400');
  return errors.sort();
}

describeEachBackend('OpenAPI document', (h) => {
  let served: string;
  let doc: Json;

  beforeAll(async () => {
    const res = await request(h().app.getHttpServer()).get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    served = res.text;
    doc = JSON.parse(served);
    if (process.env.UPDATE_OPENAPI === '1') writeOpenApiFile(doc);
  });

  const operation = (method: string, path: string): Json => {
    const op = doc.paths?.[path]?.[method];
    if (!op) throw new Error(`${method.toUpperCase()} ${path} is not documented`);
    return op;
  };
  const schemaOf = (ref: string): Json => resolvePointer(doc, ref) as Json;

  it('is the committed openapi/openapi.json (rewrite it with UPDATE_OPENAPI=1 after a deliberate change)', () => {
    expect(existsSync(OPENAPI_FILE)).toBe(true);
    const committed = readFileSync(OPENAPI_FILE, 'utf8');
    expect(JSON.parse(committed)).toEqual(doc);
    expect(committed).toBe(serializeOpenApi(doc));
  });

  it('is valid OpenAPI 3.1: its structure, and every schema as JSON Schema 2020-12', () => {
    expect(openApi31Problems(doc)).toEqual([]);
  });

  it('the 3.1 check finds what OpenAPI 3.0 would have written', () => {
    const old = structuredClone(doc);
    old.components.schemas.PageResponse.properties.view = { type: 'string', enum: ['O', 'L', 'I'], nullable: true };
    old.paths['/bases/{base_id}/info'].get.responses['200'].description = undefined;
    old.components.schemas.PageSummaryResponse.properties.order.addition = true;
    const problems = openApi31Problems(JSON.parse(JSON.stringify(old)));
    expect(problems.some((p) => p.includes('PageResponse') && p.includes('nullable'))).toBe(true);
    expect(problems.some((p) => p.startsWith('structure:') && p.includes('description'))).toBe(true);
    // 3.1 allows x- extensions in a Schema Object, and no other keyword JSON Schema does not know.
    expect(problems.some((p) => p.includes('PageSummaryResponse') && p.includes('"addition"'))).toBe(true);
    expect(problems.some((p) => p.includes('x-kb-pages-addition'))).toBe(false);
  });

  it('is version 3.1.0 of interface version 1.1.0 (the contract\'s, which a client may check) under the server /api/v1, with a bearer scheme', () => {
    expect([doc.openapi, doc.info.version, doc.info.title]).toEqual(['3.1.0', '1.1.0', 'kb-pages']);
    expect(API_VERSION).toBe('1.1.0');
    expect(doc.servers.map((s: Json) => s.url)).toEqual(['/api/v1']);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('describes exactly the eight operations of the contract and the token one (no health, docs or manual routes)', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item as Json).map((m) => `${m} ${path}`));
    expect(documented.sort()).toEqual(operations.map(([m, p]) => `${m} ${p}`).sort());
  });

  describe.each(operations)('%s %s', (method, path) => {
    it('declares its path parameters as required, with the identifier patterns', () => {
      const declared = operation(method, path).parameters.filter((p: Json) => p.in === 'path');
      expect(declared.map((p: Json) => p.name)).toEqual([...path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]));
      for (const p of declared) {
        expect(p.required).toBe(true);
        expect(p.description).toMatch(/\w/);
        expect(p.schema.pattern).toBe(p.name === 'base_id' ? '^[a-z0-9-]{6,}$' : '^[a-z0-9]{6}$');
      }
      expect(typeof operation(method, path).operationId).toBe('string');
    });

    it('documents its success answer and every error answer with the error envelope', () => {
      const responses = operation(method, path).responses;
      const success = successStatus[method];
      expect(Object.keys(responses).sort()).toEqual([success, ...errorsOf(method, path)].sort());
      if (success === '204') expect(responses[success].content).toBeUndefined();
      else expect(responses[success].content['application/json'].schema).toBeDefined();
      for (const status of errorsOf(method, path)) {
        expect(responses[status].description).toMatch(/\w/);
        expect(responses[status].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorResponse' });
      }
    });

    it('requires the bearer token', () => {
      expect(operation(method, path).security).toEqual([expect.objectContaining({ bearer: expect.any(Array) })]);
    });
  });

  it('documents the error envelope { error: { code, message } }', () => {
    const envelope = schemaOf('#/components/schemas/ErrorResponse');
    expect(envelope.required).toEqual(['error']);
    const detail = envelope.properties.error.$ref ? schemaOf(envelope.properties.error.$ref) : envelope.properties.error;
    expect(detail.required.sort()).toEqual(['code', 'message']);
  });

  it('documents limit and offset of the list and search as optional query integers', () => {
    for (const path of ['/bases/{base_id}/pages', '/bases/{base_id}/search']) {
      const query = operation('get', path).parameters.filter((p: Json) => p.in === 'query');
      const limit = query.find((p: Json) => p.name === 'limit');
      const offset = query.find((p: Json) => p.name === 'offset');
      expect([limit.required, limit.schema.type, limit.schema.minimum, limit.schema.maximum]).toEqual([false, 'integer', 1, 1000]);
      expect([offset.required, offset.schema.type, offset.schema.minimum]).toEqual([false, 'integer', 0]);
    }
  });

  it('documents X-Request-Id: an optional request header of every operation, with the pattern the service keeps, and a header of every answer', () => {
    for (const [method, path] of operations) {
      const resolved = (item: Json): Json => (item.$ref ? schemaOf(item.$ref) : item);
      const parameter = operation(method, path).parameters.map(resolved).find((p: Json) => p.name === 'X-Request-Id');
      expect(parameter).toMatchObject({ in: 'header', required: false, schema: { type: 'string' } });
      const kept = new RegExp(parameter.schema.pattern);
      expect(['edge-7f3a.2026:11/abc+def=', 'x'.repeat(128)].every((id) => kept.test(id))).toBe(true);
      expect(['', 'x'.repeat(129), 'a b', 'a\nb'].some((id) => kept.test(id))).toBe(false);
      for (const [status, response] of Object.entries(operation(method, path).responses as Json)) {
        const header = response.headers?.['X-Request-Id'];
        expect([status, header && resolved(header).schema]).toEqual([status, { type: 'string' }]);
      }
    }
  });

  it('documents q of search as a required query string', () => {
    const q = operation('get', '/bases/{base_id}/search').parameters.find((p: Json) => p.name === 'q');
    expect([q.in, q.required, q.schema.type]).toEqual(['query', true, 'string']);
  });

  it('documents the POST body: title required, the enumerations, no other field', () => {
    const op = operation('post', '/bases/{base_id}/pages');
    expect(op.requestBody.required).toBe(true);
    const schema = schemaOf(op.requestBody.content['application/json'].schema.$ref);
    expect(schema.required).toEqual(['title']);
    expect(Object.keys(schema.properties).sort()).toEqual(['body', 'content_lang', 'content_type', 'title']);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.content_type.enum).toEqual(['T', 'H', 'M']);
    expect(schema.properties.content_lang.enum).toEqual(['ja', 'en']);
    expect(schema.properties.title.maxLength).toBe(255);
  });

  /** Where a `default` sits in a schema or the schemas inside it, $refs followed (a property named "default" is not one). */
  const defaultsIn = (schema: unknown, where: string, seen = new Set<string>()): string[] => {
    if (Array.isArray(schema)) return schema.flatMap((sub, i) => defaultsIn(sub, `${where}/${i}`, seen));
    if (typeof schema !== 'object' || schema === null) return [];
    const { $ref, properties, default: fallback, ...rest } = schema as Json;
    if (typeof $ref === 'string') return seen.has($ref) ? [] : defaultsIn(schemaOf($ref), $ref, new Set([...seen, $ref]));
    return [
      ...(fallback === undefined ? [] : [where]),
      ...Object.entries((properties ?? {}) as Json).flatMap(([name, sub]) => defaultsIn(sub, `${where}/properties/${name}`, seen)),
      ...Object.entries(rest).flatMap(([key, sub]) => defaultsIn(sub, `${where}/${key}`, seen)),
    ];
  };

  it('gives no request body schema and no parameter a default (openapi-typescript would type the field as required), and says the defaults in words', () => {
    for (const [method, path] of operations) {
      const op = operation(method, path);
      const parameters = op.parameters.map((p: Json) => (p.$ref ? schemaOf(p.$ref) : p));
      const found = [
        ...parameters.flatMap((p: Json) => defaultsIn(p.schema, `${method} ${path} parameter ${p.name}`)),
        ...Object.entries((op.requestBody?.content ?? {}) as Json).flatMap(([type, media]) => defaultsIn(media.schema, `${method} ${path} ${type} body`)),
      ];
      expect(found).toEqual([]);
    }
    const create = schemaOf('#/components/schemas/CreatePageDto').properties;
    expect([create.body.description, create.content_type.description, create.content_lang.description].map((d: string) => d.split('; ').at(-1)))
      .toEqual(['default `""`', 'default `M`', 'default `ja`']);
    const list = operation('get', '/bases/{base_id}/pages').parameters;
    expect(list.filter((p: Json) => p.in === 'query').map((p: Json) => p.description.split('; ').at(-1))).toEqual(['default all', 'default 0']);
  });

  it('documents the PATCH body: every field optional but at least one, view nullable, level 0 to 100, no other field', () => {
    const op = operation('patch', '/bases/{base_id}/pages/{content_id}');
    const schema = schemaOf(op.requestBody.content['application/json'].schema.$ref);
    expect(schema.required ?? []).toEqual([]);
    expect(schema.minProperties).toBe(1);
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties).sort()).toEqual(['body', 'content_lang', 'content_type', 'level', 'title', 'view']);
    expect(schema.properties.view.type).toEqual(['string', 'null']);
    expect(schema.properties.view.enum).toEqual(['O', 'L', 'I', null]);
    expect([schema.properties.level.type, schema.properties.level.minimum, schema.properties.level.maximum]).toEqual(['integer', 0, 100]);
  });

  it('documents the fields the API answers for page detail, summary, info, tree node and search', () => {
    const answer = (method: string, path: string, status = '200') => schemaOf(operation(method, path).responses[status].content['application/json'].schema.$ref);
    const fields = (schema: Json) => Object.keys(schema.properties).sort();
    const item = (schema: Json) => schemaOf(schema.items.$ref);
    expect(fields(answer('get', '/bases/{base_id}/pages/{content_id}'))).toEqual(['body', 'content_id', 'created_at', 'lang', 'level', 'path', 'title', 'type', 'updated_at', 'view']);
    expect(fields(item(answer('get', '/bases/{base_id}/pages').properties.pages))).toEqual(['content_id', 'lang', 'level', 'order', 'title', 'type', 'updated_at']);
    expect(fields(answer('get', '/bases/{base_id}/info'))).toEqual(['base_id', 'description', 'total_pages', 'view']);
    expect(fields(item(answer('get', '/bases/{base_id}/tree').properties.tree))).toEqual(['children', 'content_id', 'level', 'title']);
    expect(fields(answer('get', '/bases/{base_id}/search'))).toEqual(['keywords', 'pages', 'total']);
  });

  it('is served compact, exactly as built once at start-up', async () => {
    const again = await request(h().app.getHttpServer()).get('/api/v1/openapi.json');
    expect(again.text).toBe(served);
    expect(served).toBe(JSON.stringify(doc));
  });
});
