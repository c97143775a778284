// A compact JSON Schema (2020-12) of the OpenAPI 3.1 document structure: the objects, their
// fixed fields and required members, per the OpenAPI Specification 3.1. Schema Objects inside are
// left open here; openapi-31.ts checks each of them against JSON Schema 2020-12 itself.
const extensions = { '^x-': true };

/** An object with these fixed fields (plus x- extensions) and nothing else. */
const fixed = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
  patternProperties: extensions,
  unevaluatedProperties: false,
});

const mapOf = (value: unknown, keyPattern = '^[a-zA-Z0-9._-]+$') => ({ type: 'object', propertyNames: { pattern: keyPattern }, additionalProperties: value });
const orRef = (name: string) => ({ oneOf: [{ $ref: '#/$defs/reference' }, { $ref: `#/$defs/${name}` }] });
const text = { type: 'string' };
const flag = { type: 'boolean' };

export const openApi31StructureSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'kb-pages:openapi-3.1-structure',
  ...fixed(
    {
      openapi: { type: 'string', pattern: '^3\\.1\\.\\d+(-.+)?$' },
      info: { $ref: '#/$defs/info' },
      jsonSchemaDialect: text,
      servers: { type: 'array', items: { $ref: '#/$defs/server' } },
      paths: { type: 'object', propertyNames: { pattern: '^(/|x-)' }, additionalProperties: { $ref: '#/$defs/pathItem' } },
      webhooks: mapOf({ $ref: '#/$defs/pathItem' }, '.*'),
      components: { $ref: '#/$defs/components' },
      security: { type: 'array', items: { $ref: '#/$defs/securityRequirement' } },
      tags: { type: 'array', items: { $ref: '#/$defs/tag' } },
      externalDocs: { $ref: '#/$defs/externalDocs' },
    },
    ['openapi', 'info'],
  ),
  anyOf: [{ required: ['paths'] }, { required: ['components'] }, { required: ['webhooks'] }],
  $defs: {
    reference: { type: 'object', properties: { $ref: text, summary: text, description: text }, required: ['$ref'], additionalProperties: false },
    info: fixed(
      {
        title: text, summary: text, description: text, termsOfService: text, version: text,
        contact: fixed({ name: text, url: text, email: text }),
        license: fixed({ name: text, identifier: text, url: text }, ['name']),
      },
      ['title', 'version'],
    ),
    server: fixed({ url: text, description: text, variables: mapOf(fixed({ enum: { type: 'array', items: text, minItems: 1 }, default: text, description: text }, ['default']), '.*') }, ['url']),
    externalDocs: fixed({ description: text, url: text }, ['url']),
    tag: fixed({ name: text, description: text, externalDocs: { $ref: '#/$defs/externalDocs' } }, ['name']),
    pathItem: fixed({
      $ref: text, summary: text, description: text,
      get: { $ref: '#/$defs/operation' }, put: { $ref: '#/$defs/operation' }, post: { $ref: '#/$defs/operation' },
      delete: { $ref: '#/$defs/operation' }, options: { $ref: '#/$defs/operation' }, head: { $ref: '#/$defs/operation' },
      patch: { $ref: '#/$defs/operation' }, trace: { $ref: '#/$defs/operation' },
      servers: { type: 'array', items: { $ref: '#/$defs/server' } },
      parameters: { type: 'array', items: orRef('parameter') },
    }),
    operation: fixed({
      tags: { type: 'array', items: text }, summary: text, description: text,
      externalDocs: { $ref: '#/$defs/externalDocs' }, operationId: text,
      parameters: { type: 'array', items: orRef('parameter') },
      requestBody: orRef('requestBody'),
      responses: { $ref: '#/$defs/responses' },
      callbacks: mapOf(true, '.*'), deprecated: flag,
      security: { type: 'array', items: { $ref: '#/$defs/securityRequirement' } },
      servers: { type: 'array', items: { $ref: '#/$defs/server' } },
    }),
    parameter: {
      ...fixed(
        {
          name: text, in: { enum: ['query', 'header', 'path', 'cookie'] }, description: text, required: flag,
          deprecated: flag, allowEmptyValue: flag, style: text, explode: flag, allowReserved: flag,
          schema: true, example: true, examples: mapOf(true, '.*'), content: mapOf({ $ref: '#/$defs/mediaType' }, '.*'),
        },
        ['name', 'in'],
      ),
      // A path parameter is always required; a parameter has a schema or a content, not both.
      if: { properties: { in: { const: 'path' } } },
      then: { properties: { required: { const: true } }, required: ['required'] },
      oneOf: [{ required: ['schema'] }, { required: ['content'] }],
    },
    requestBody: fixed({ description: text, content: mapOf({ $ref: '#/$defs/mediaType' }, '.*'), required: flag }, ['content']),
    mediaType: fixed({ schema: true, example: true, examples: mapOf(true, '.*'), encoding: mapOf(true, '.*') }),
    responses: {
      type: 'object',
      propertyNames: { pattern: '^([1-5](\\d\\d|XX)|default|x-.*)$' },
      minProperties: 1,
      additionalProperties: orRef('response'),
    },
    response: fixed(
      { description: text, headers: mapOf(orRef('header'), '.*'), content: mapOf({ $ref: '#/$defs/mediaType' }, '.*'), links: mapOf(true, '.*') },
      ['description'],
    ),
    header: fixed({ description: text, required: flag, deprecated: flag, style: text, explode: flag, schema: true, example: true, examples: mapOf(true, '.*'), content: mapOf({ $ref: '#/$defs/mediaType' }, '.*') }),
    components: fixed({
      schemas: mapOf({ type: ['object', 'boolean'] }),
      responses: mapOf(orRef('response')), parameters: mapOf(orRef('parameter')), examples: mapOf(true),
      requestBodies: mapOf(orRef('requestBody')), headers: mapOf(orRef('header')),
      securitySchemes: mapOf(orRef('securityScheme')), links: mapOf(true), callbacks: mapOf(true),
      pathItems: mapOf({ $ref: '#/$defs/pathItem' }),
    }),
    securityScheme: {
      ...fixed(
        {
          type: { enum: ['apiKey', 'http', 'mutualTLS', 'oauth2', 'openIdConnect'] }, description: text,
          name: text, in: { enum: ['query', 'header', 'cookie'] }, scheme: text, bearerFormat: text,
          flows: { type: 'object' }, openIdConnectUrl: text,
        },
        ['type'],
      ),
      allOf: [
        { if: { properties: { type: { const: 'http' } } }, then: { required: ['scheme'] } },
        { if: { properties: { type: { const: 'apiKey' } } }, then: { required: ['name', 'in'] } },
        { if: { properties: { type: { const: 'oauth2' } } }, then: { required: ['flows'] } },
        { if: { properties: { type: { const: 'openIdConnect' } } }, then: { required: ['openIdConnectUrl'] } },
      ],
    },
    securityRequirement: { type: 'object', additionalProperties: { type: 'array', items: text } },
  },
};
