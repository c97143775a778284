// The JSON schemas of the MCP tools, taken from the REST API's OpenAPI document (built from the
// DTOs' decorators), so the DTOs stay the one source of what a field may hold: a tool's arguments
// are a request body's fields or an operation's query parameters, its result the REST answer.
import type { OpenAPIObject } from '@nestjs/swagger';
import type { SchemaObject } from '../docs/json-schema-2020';

const COMPONENT_REF = '#/components/schemas/';
const DEFS_REF = '#/$defs/';

/** A schema of the document, with its component references pointing at `$defs` and no `x-` marks. */
function localised(schema: unknown, referenced: Set<string>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => localised(item, referenced));
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-') || key === 'example') continue;
    if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_REF)) {
      const name = value.slice(COMPONENT_REF.length);
      referenced.add(name);
      out.$ref = DEFS_REF + name;
    } else {
      out[key] = localised(value, referenced);
    }
  }
  return out;
}

export class ToolSchemas {
  private readonly components: Record<string, unknown>;

  constructor(private readonly document: OpenAPIObject) {
    this.components = (document.components?.schemas ?? {}) as Record<string, unknown>;
  }

  /** `root` with every component it refers to, at any depth, under `$defs`. */
  private withDefs(root: SchemaObject): SchemaObject {
    const referenced = new Set<string>();
    const schema = localised(root, referenced) as SchemaObject;
    const defs: SchemaObject = {};
    for (let pending = [...referenced]; pending.length > 0;) {
      const name = pending.pop()!;
      if (name in defs) continue;
      const found = new Set<string>();
      defs[name] = localised(this.components[name], found);
      pending.push(...[...found].filter((each) => !(each in defs)));
    }
    return Object.keys(defs).length === 0 ? schema : { ...schema, $defs: defs };
  }

  /** A request body's fields (a DTO's component), plus `extra` fields such as the page's id. */
  body(component: string, extra: SchemaObject = {}, required: string[] = []): SchemaObject {
    const dto = this.components[component] as SchemaObject;
    return this.withDefs({
      ...dto,
      type: 'object',
      properties: { ...extra, ...(dto.properties as SchemaObject) },
      required: [...required, ...((dto.required as string[] | undefined) ?? [])],
    });
  }

  /** The query parameters of an operation, as the properties of one object. */
  query(operationId: string): SchemaObject {
    const properties: SchemaObject = {};
    const required: string[] = [];
    for (const parameter of this.operation(operationId).parameters ?? []) {
      if (!('in' in parameter) || parameter.in !== 'query') continue;
      properties[parameter.name] = { ...(parameter.schema as SchemaObject), description: parameter.description };
      if (parameter.required) required.push(parameter.name);
    }
    return this.withDefs({ type: 'object', properties, required, additionalProperties: false });
  }

  /** A path parameter's schema and description, as a property. */
  pathParameter(operationId: string, name: string): SchemaObject {
    const parameter = (this.operation(operationId).parameters ?? []).find((each) => 'in' in each && each.in === 'path' && each.name === name);
    if (!parameter || !('schema' in parameter)) throw new Error(`The operation ${operationId} has no path parameter ${name}.`);
    return { ...(parameter.schema as SchemaObject), description: parameter.description };
  }

  /** What a tool answers: the REST answer's component, or the error envelope of a tool error. */
  result(component: string | SchemaObject): SchemaObject {
    const success = typeof component === 'string' ? { $ref: COMPONENT_REF + component } : component;
    return this.withDefs({ type: 'object', anyOf: [success, { $ref: `${COMPONENT_REF}ErrorResponse` }] });
  }

  private operation(operationId: string) {
    for (const path of Object.values(this.document.paths)) {
      for (const operation of Object.values(path)) {
        if (typeof operation === 'object' && operation !== null && 'operationId' in operation && operation.operationId === operationId) {
          return operation as { parameters?: ({ in: string; name: string; required?: boolean; description?: string; schema?: unknown } | { $ref: string })[] };
        }
      }
    }
    throw new Error(`The OpenAPI document has no operation ${operationId}.`);
  }
}
