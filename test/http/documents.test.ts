// The published descriptions: GET /api/v1/openapi.json and GET /api/v1/manual
// (spec "Versioning"; decisions "URLs").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import { call, createOutline, createPage, pagesPath, setupFor, type TestContext } from '../support/fixtures.ts';

const operations = [
  ['get', '/bases/{base_id}/info'],
  ['get', '/bases/{base_id}/pages'],
  ['post', '/bases/{base_id}/pages'],
  ['get', '/bases/{base_id}/pages/{content_id}'],
  ['patch', '/bases/{base_id}/pages/{content_id}'],
  ['delete', '/bases/{base_id}/pages/{content_id}'],
  ['get', '/bases/{base_id}/search'],
  ['get', '/bases/{base_id}/tree'],
] as const;

const successStatus: Record<string, string> = { get: '200', post: '201', patch: '200', delete: '204' };

async function openApi(ctx: TestContext): Promise<any> {
  const res = await call(ctx, 'GET', '/openapi.json', { token: null });
  assert.equal(res.statusCode, 200);
  return res.json();
}

function operation(doc: any, method: string, path: string): any {
  const op = doc.paths?.[path]?.[method];
  assert.ok(op, `${method.toUpperCase()} ${path} is documented`);
  return op;
}

/** Every "$ref" in the document, with where it occurs. */
function refsOf(value: unknown, where = '#'): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refsOf(v, `${where}/${i}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (k === '$ref' ? [[String(v), where] as [string, string]] : refsOf(v, `${where}/${k}`)));
  }
  return [];
}

function resolve(doc: any, ref: string): unknown {
  return ref.replace(/^#\//, '').split('/').reduce((node: any, key) => node?.[key], doc);
}

test('GET /api/v1/openapi.json needs no token and is JSON', async (t) => {
  const ctx = await setupFor(t);
  const res = await call(ctx, 'GET', '/openapi.json', { token: null });
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /^application\/json/);
});

test('the OpenAPI document is version 3.1.0 and describes interface version 1.1.0 under /api/v1', async (t) => {
  const ctx = await setupFor(t);
  const doc = await openApi(ctx);
  assert.equal(doc.openapi, '3.1.0');
  assert.equal(doc.info.version, '1.1.0');
  assert.equal(typeof doc.info.title, 'string');
  assert.deepEqual(doc.servers.map((s: { url: string }) => s.url), ['/api/v1']);
});

test('the OpenAPI document describes exactly the eight operations', async (t) => {
  const ctx = await setupFor(t);
  const doc = await openApi(ctx);
  const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item as object).map((m) => `${m} ${path}`));
  assert.deepEqual(documented.sort(), operations.map(([m, p]) => `${m} ${p}`).sort());
});

for (const [method, path] of operations) {
  test(`OpenAPI ${method.toUpperCase()} ${path} declares its path parameters as required`, async (t) => {
    const ctx = await setupFor(t);
    const op = operation(await openApi(ctx), method, path);
    const inPath = [...path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]);
    const declared = op.parameters.filter((p: any) => p.in === 'path');
    assert.deepEqual(declared.map((p: any) => p.name).sort(), inPath.sort());
    for (const p of declared) assert.equal(p.required, true);
    assert.equal(typeof op.operationId, 'string');
  });

  test(`OpenAPI ${method.toUpperCase()} ${path} documents its success answer and its errors`, async (t) => {
    const ctx = await setupFor(t);
    const doc = await openApi(ctx);
    const op = operation(doc, method, path);
    const status = successStatus[method];
    assert.ok(op.responses[status], `success ${status}`);
    if (status === '204') assert.equal(op.responses[status].content, undefined);
    else assert.ok(op.responses[status].content['application/json'].schema);
    const errors = ['401', '403', '404', '405', '500'];
    if (method === 'post' || method === 'patch') errors.push('400', '413', '415');
    if (path.endsWith('/pages') && method === 'get') errors.push('400');
    if (path.endsWith('/search')) errors.push('400');
    for (const code of errors) {
      const ref = op.responses[code]?.content?.['application/json']?.schema?.$ref;
      assert.ok(ref, `error ${code} is documented`);
      assert.deepEqual(resolve(doc, ref), doc.components.schemas.Error);
      assert.ok(op.responses[code].description, `error ${code} has a description`);
    }
  });

  test(`OpenAPI ${method.toUpperCase()} ${path} requires a bearer token with the right scope`, async (t) => {
    const ctx = await setupFor(t);
    const doc = await openApi(ctx);
    const op = operation(doc, method, path);
    const [requirement] = op.security ?? doc.security;
    const [scheme] = Object.keys(requirement);
    assert.equal(doc.components.securitySchemes[scheme].type, 'http');
    assert.equal(doc.components.securitySchemes[scheme].scheme.toLowerCase(), 'bearer');
    assert.equal(requirement[scheme].includes('write'), method !== 'get');
  });
}

test('OpenAPI documents limit and offset on the page list as optional query integers', async (t) => {
  const ctx = await setupFor(t);
  const doc = await openApi(ctx);
  for (const path of ['/bases/{base_id}/pages', '/bases/{base_id}/search']) {
    const query = operation(doc, 'get', path).parameters.filter((p: any) => p.in === 'query');
    const limit = query.find((p: any) => p.name === 'limit');
    const offset = query.find((p: any) => p.name === 'offset');
    assert.deepEqual([limit.required, limit.schema.type, limit.schema.minimum, limit.schema.maximum], [false, 'integer', 1, 1000]);
    assert.deepEqual([offset.required, offset.schema.type, offset.schema.minimum], [false, 'integer', 0]);
  }
});

test('OpenAPI documents q of search as a required query string', async (t) => {
  const ctx = await setupFor(t);
  const q = operation(await openApi(ctx), 'get', '/bases/{base_id}/search').parameters.find((p: any) => p.name === 'q');
  assert.deepEqual([q.in, q.required, q.schema.type], ['query', true, 'string']);
});

test('OpenAPI documents the POST body: title required, content_type and content_lang with defaults, nothing else', async (t) => {
  const ctx = await setupFor(t);
  const op = operation(await openApi(ctx), 'post', '/bases/{base_id}/pages');
  const schema = op.requestBody.content['application/json'].schema;
  assert.equal(op.requestBody.required, true);
  assert.deepEqual(schema.required, ['title']);
  assert.deepEqual(Object.keys(schema.properties).sort(), ['body', 'content_lang', 'content_type', 'title']);
  assert.equal(schema.additionalProperties, false);
  assert.deepEqual([schema.properties.content_type.default, schema.properties.content_lang.default, schema.properties.body.default], ['M', 'ja', '']);
  assert.deepEqual(schema.properties.content_type.enum, ['T', 'H', 'M']);
  assert.deepEqual(schema.properties.content_lang.enum, ['ja', 'en']);
  assert.equal(schema.properties.title.maxLength, 255);
});

test('OpenAPI documents the PATCH body: every field optional, view nullable, level 0 to 100', async (t) => {
  const ctx = await setupFor(t);
  const op = operation(await openApi(ctx), 'patch', '/bases/{base_id}/pages/{content_id}');
  const schema = op.requestBody.content['application/json'].schema;
  assert.deepEqual(schema.required ?? [], []);
  assert.equal(schema.minProperties, 1);
  assert.equal(schema.additionalProperties, false);
  assert.deepEqual(Object.keys(schema.properties).sort(), ['body', 'content_lang', 'content_type', 'level', 'title', 'view']);
  assert.ok(schema.properties.view.enum.includes(null));
  assert.deepEqual([schema.properties.level.type, schema.properties.level.minimum, schema.properties.level.maximum], ['integer', 0, 100]);
});

test('OpenAPI documents the Location header of the 201 answer', async (t) => {
  const ctx = await setupFor(t);
  const op = operation(await openApi(ctx), 'post', '/bases/{base_id}/pages');
  assert.ok(op.responses['201'].headers.Location);
});

test('every $ref of the OpenAPI document resolves', async (t) => {
  const ctx = await setupFor(t);
  const doc = await openApi(ctx);
  for (const [ref, where] of refsOf(doc)) assert.ok(resolve(doc, ref), `${ref} at ${where}`);
});

test('every answer of the API matches the schema its operation documents', async (t) => {
  const ctx = await setupFor(t);
  const doc = await openApi(ctx);
  const ajv = new Ajv({ strict: false });
  ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  const ids = await createOutline(ctx, [0, 1, 2, 3]);
  const page = await createPage(ctx, { title: 'Searchable' });
  const check = async (method: string, docPath: string, res: Awaited<ReturnType<typeof call>>) => {
    const schema = operation(doc, method, docPath).responses[String(res.statusCode)]?.content?.['application/json']?.schema;
    assert.ok(schema, `${method} ${docPath} answered an undocumented ${res.statusCode}`);
    const resolved = schema.$ref ? resolve(doc, schema.$ref) : schema;
    assert.ok(ajv.validate(resolved as object, res.json()), `${method} ${docPath}: ${ajv.errorsText()}`);
  };
  await check('get', '/bases/{base_id}/info', await call(ctx, 'GET', `/bases/${ctx.baseId}/info`));
  await check('get', '/bases/{base_id}/pages', await call(ctx, 'GET', pagesPath(ctx)));
  await check('get', '/bases/{base_id}/pages/{content_id}', await call(ctx, 'GET', pagesPath(ctx, ids[3])));
  await check('get', '/bases/{base_id}/search', await call(ctx, 'GET', `/bases/${ctx.baseId}/search?q=search`));
  await check('get', '/bases/{base_id}/tree', await call(ctx, 'GET', `/bases/${ctx.baseId}/tree`));
  await check('post', '/bases/{base_id}/pages', await call(ctx, 'POST', pagesPath(ctx), { body: { title: 'x' } }));
  await check('patch', '/bases/{base_id}/pages/{content_id}', await call(ctx, 'PATCH', pagesPath(ctx, page.content_id), { body: { view: 'O' } }));
  await check('patch', '/bases/{base_id}/pages/{content_id}', await call(ctx, 'PATCH', pagesPath(ctx, page.content_id), { body: {} }));
  await check('get', '/bases/{base_id}/pages/{content_id}', await call(ctx, 'GET', pagesPath(ctx, 'zzzzzz')));
  await check('delete', '/bases/{base_id}/pages/{content_id}', await call(ctx, 'DELETE', pagesPath(ctx, 'zzzzzz')));
});

test('the documented page detail, summary, info and tree node fields are the ones the API answers', async (t) => {
  const ctx = await setupFor(t);
  const doc = await openApi(ctx);
  const schemaOf = (method: string, path: string, status = '200') =>
    operation(doc, method, path).responses[status].content['application/json'].schema;
  const fields = (schema: any) => Object.keys(schema.properties).sort();
  assert.deepEqual(fields(schemaOf('get', '/bases/{base_id}/pages/{content_id}')),
    ['body', 'content_id', 'created_at', 'lang', 'level', 'path', 'title', 'type', 'updated_at', 'view']);
  assert.deepEqual(fields(schemaOf('get', '/bases/{base_id}/pages').properties.pages.items),
    ['content_id', 'lang', 'level', 'order', 'title', 'type', 'updated_at']);
  assert.deepEqual(fields(schemaOf('get', '/bases/{base_id}/info')), ['base_id', 'description', 'total_pages', 'view']);
  assert.deepEqual(fields(schemaOf('get', '/bases/{base_id}/tree').properties.tree.items), ['children', 'content_id', 'level', 'title']);
  assert.deepEqual(fields(schemaOf('get', '/bases/{base_id}/search')), ['keywords', 'pages', 'total']);
});

test('GET /api/v1/manual needs no token and is non-empty text/markdown', async (t) => {
  const ctx = await setupFor(t);
  const res = await call(ctx, 'GET', '/manual', { token: null });
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /^text\/markdown/);
  assert.ok(res.body.trim().length > 0);
});

test('the manual mentions every endpoint path and the OpenAPI document', async (t) => {
  const ctx = await setupFor(t);
  const manual = (await call(ctx, 'GET', '/manual', { token: null })).body;
  for (const path of new Set(operations.map(([, p]) => p))) assert.ok(manual.includes(path), path);
  for (const path of ['/api/v1/openapi.json']) assert.ok(manual.includes(path), path);
});
