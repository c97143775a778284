// Is this a valid OpenAPI 3.1 document? Its structure against openapi-31.schema.ts, then every
// Schema Object in it against the JSON Schema 2020-12 meta-schema and compiled in ajv's strict
// mode (which refuses 3.0 leftovers such as `nullable` or `example` as unknown keywords, but not
// the `x-` extensions 3.1 allows), every $ref resolved, every path template parameter declared,
// every operationId unique.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { allowExtensions } from '../support/schema-extensions';
import { openApi31StructureSchema } from './openapi-31.schema';

type Json = Record<string, any>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every Schema Object of the document with where it is, as a JSON pointer. */
function schemasOf(document: Json): [string, Json][] {
  const found: [string, Json][] = Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => [`#/components/schemas/${name}`, schema as Json]);
  const fromContent = (content: unknown, where: string) => {
    for (const [type, media] of Object.entries(isObject(content) ? content : {})) if (isObject(media?.schema)) found.push([`${where}/content/${type}/schema`, media.schema]);
  };
  for (const kind of ['parameters', 'headers']) {
    for (const [name, component] of Object.entries((document.components?.[kind] ?? {}) as Json)) {
      if (isObject(component.schema)) found.push([`#/components/${kind}/${name}/schema`, component.schema]);
    }
  }
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Json)) {
      if (!httpMethods.includes(method)) continue;
      const where = `#/paths/${path.replaceAll('/', '~1')}/${method}`;
      (operation.parameters ?? []).forEach((p: Json, i: number) => isObject(p.schema) && found.push([`${where}/parameters/${i}/schema`, p.schema]));
      fromContent(operation.requestBody?.content, `${where}/requestBody`);
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Json)) {
        fromContent(response.content, `${where}/responses/${status}`);
        for (const [name, header] of Object.entries((response.headers ?? {}) as Json)) {
          if (isObject(header.schema)) found.push([`${where}/responses/${status}/headers/${name}/schema`, header.schema]);
        }
      }
    }
  }
  return found;
}

function refsOf(value: unknown, where = '#'): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refsOf(v, `${where}/${i}`));
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([key, v]) => (key === '$ref' && typeof v === 'string' ? [[v, where] as [string, string]] : refsOf(v, `${where}/${key}`)));
}

export function resolvePointer(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref.slice(2).split('/').map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~')).reduce((node: any, key) => node?.[key], document);
}

/** What keeps the document from being valid OpenAPI 3.1; empty when nothing does. */
export function openApi31Problems(document: Json): string[] {
  const problems: string[] = [];
  // strictRequired off: the structure names required members inside anyOf/if-then branches.
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  addFormats(ajv);
  if (!ajv.validate(openApi31StructureSchema, document)) problems.push(`structure: ${ajv.errorsText(ajv.errors, { separator: '\n  ' })}`);

  // Schemas compile with the components under their own pointers, as a 3.1 tool resolves them.
  const schemas = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(schemas);
  // ajv understands OpenAPI 3.0's `nullable`; JSON Schema 2020-12 (OpenAPI 3.1) has no such keyword.
  schemas.removeKeyword('nullable');
  allowExtensions(schemas, schemasOf(document).map(([, schema]) => schema));
  const local = (schema: unknown): unknown => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"components#/$defs/'));
  try {
    schemas.addSchema({ $id: 'components', $defs: local(document.components?.schemas ?? {}) as Json });
  } catch (error) {
    problems.push(`#/components/schemas: ${(error as Error).message}`);
  }
  for (const [where, schema] of schemasOf(document)) {
    if (!schemas.validateSchema(schema)) problems.push(`${where}: not JSON Schema 2020-12: ${schemas.errorsText(schemas.errors)}`);
    try {
      schemas.compile(local(schema) as Json);
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
    }
  }

  for (const [ref, where] of refsOf(document)) if (resolvePointer(document, ref) === undefined) problems.push(`${where}: $ref ${ref} does not resolve`);

  const operationIds = new Map<string, string>();
  for (const [path, item] of Object.entries((document.paths ?? {}) as Json)) {
    const inTemplate = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
    for (const [method, operation] of Object.entries(item as Json)) {
      if (!httpMethods.includes(method)) continue;
      const declared = ((operation.parameters ?? []) as Json[]).filter((p) => p.in === 'path').map((p) => p.name).sort();
      if (JSON.stringify(declared) !== JSON.stringify(inTemplate)) problems.push(`${method} ${path}: path parameters ${declared} instead of ${inTemplate}`);
      const id = operation.operationId;
      if (id !== undefined && operationIds.has(id)) problems.push(`${method} ${path}: operationId ${id} also used by ${operationIds.get(id)}`);
      if (id !== undefined) operationIds.set(id, `${method} ${path}`);
    }
  }
  return problems;
}
