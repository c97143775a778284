// @nestjs/swagger writes the version string "3.1.0" but may still emit schema keywords in their
// OpenAPI 3.0 form. OpenAPI 3.1 schemas are JSON Schema 2020-12: this rewrites what changed
// (nullable, example, boolean exclusive bounds) so that the document validates as 3.1.
export type SchemaObject = Record<string, unknown>;

const isObject = (value: unknown): value is SchemaObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `nullable: true` becomes a type union with "null" (and null among the enum values). */
function withoutNullable(schema: SchemaObject): SchemaObject {
  const { nullable, ...rest } = schema;
  if (nullable !== true) return rest;
  if (Array.isArray(rest.enum) && !rest.enum.includes(null)) rest.enum = [...rest.enum, null];
  if (typeof rest.type === 'string') return { ...rest, type: [rest.type, 'null'] };
  if (Array.isArray(rest.type)) return rest.type.includes('null') ? rest : { ...rest, type: [...rest.type, 'null'] };
  // A $ref or a composition carries no type of its own: allow null beside it.
  return { anyOf: [rest, { type: 'null' }] };
}

/** The 3.0 boolean form `exclusiveMinimum: true` + `minimum: n` is `exclusiveMinimum: n` in 2020-12. */
function numericBounds(schema: SchemaObject): SchemaObject {
  const out = { ...schema };
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag] === true) {
      out[flag] = out[bound];
      delete out[bound];
    } else {
      delete out[flag];
    }
  }
  return out;
}

/** `example` (deprecated in 3.1) becomes the JSON Schema `examples` array. */
function examples(schema: SchemaObject): SchemaObject {
  if (!('example' in schema)) return schema;
  const { example, ...rest } = schema;
  return Array.isArray(rest.examples) ? rest : { ...rest, examples: [example] };
}

const schemaMaps = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
const schemaLists = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const singleSchemas = ['items', 'additionalProperties', 'not', 'contains', 'if', 'then', 'else', 'propertyNames', 'unevaluatedProperties'];

/** The schema and every schema inside it, in JSON Schema 2020-12 form. */
export function toJsonSchema2020(schema: SchemaObject): SchemaObject {
  let out = examples(numericBounds(schema));
  for (const key of schemaMaps) {
    if (isObject(out[key])) {
      out[key] = Object.fromEntries(Object.entries(out[key]).map(([name, sub]) => [name, isObject(sub) ? toJsonSchema2020(sub) : sub]));
    }
  }
  for (const key of schemaLists) {
    if (Array.isArray(out[key])) out[key] = out[key].map((sub: unknown) => (isObject(sub) ? toJsonSchema2020(sub) : sub));
  }
  // 3.0 tuple form `items: [..]` is `prefixItems` in 2020-12.
  if (Array.isArray(out.items)) {
    const { items, ...rest } = out;
    out = { ...rest, prefixItems: items.map((sub: unknown) => (isObject(sub) ? toJsonSchema2020(sub) : sub)) };
  }
  for (const key of singleSchemas) {
    if (isObject(out[key])) out[key] = toJsonSchema2020(out[key]);
  }
  return withoutNullable(out);
}

/** Replaces every Schema Object of an OpenAPI document (components, parameters, bodies, answers, headers) by `rewrite(schema)`. */
export function rewriteSchemas(document: SchemaObject, rewrite: (schema: SchemaObject) => SchemaObject): void {
  const components = isObject(document.components) ? document.components : {};
  if (isObject(components.schemas)) {
    for (const [name, schema] of Object.entries(components.schemas)) if (isObject(schema)) components.schemas[name] = rewrite(schema);
  }
  const holders: SchemaObject[] = [];
  const collectContent = (content: unknown) => {
    if (isObject(content)) for (const media of Object.values(content)) if (isObject(media)) holders.push(media);
  };
  const collectResponse = (response: unknown) => {
    if (!isObject(response)) return;
    collectContent(response.content);
    if (isObject(response.headers)) for (const header of Object.values(response.headers)) if (isObject(header)) holders.push(header);
  };
  for (const item of Object.values(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    for (const operation of [item, ...Object.values(item)]) {
      if (!isObject(operation)) continue;
      if (Array.isArray(operation.parameters)) for (const p of operation.parameters) if (isObject(p)) holders.push(p);
      if (isObject(operation.requestBody)) collectContent(operation.requestBody.content);
      if (isObject(operation.responses)) for (const response of Object.values(operation.responses)) collectResponse(response);
    }
  }
  for (const holder of holders) if (isObject(holder.schema)) holder.schema = rewrite(holder.schema);
}
