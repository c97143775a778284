// expectMatchesOpenApi(res): the answer is one the committed OpenAPI document (openapi/openapi.json)
// promises for its method and path: a listed status, the documented media type and headers, and
// a body valid against the schema. Objects may not carry fields the document does not name.
// The drift test (test/drift/openapi.spec.ts) keeps the committed document equal to the code's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Response } from 'supertest';
import { allowExtensions } from './schema-extensions';

export const OPENAPI_FILE = join(__dirname, '..', '..', 'openapi', 'openapi.json');

type Json = Record<string, any>;

interface OpenApi {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, Json> };
}

let loaded: { document: OpenApi; ajv: Ajv2020; templates: [RegExp, string][] } | undefined;
const validators = new Map<string, ValidateFunction>();
const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The committed document, read once per test file. */
export function openApiDocument(): OpenApi {
  return load().document;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Component refs pointed into the schema registered as "openapi"; object schemas closed. */
function forTests(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(forTests);
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [key, sub] of Object.entries(value)) {
    if (key === '$ref' && typeof sub === 'string') out.$ref = sub.replace('#/components/schemas/', 'openapi#/$defs/');
    else if (key === 'properties' && isObject(sub)) out.properties = Object.fromEntries(Object.entries(sub).map(([k, v]) => [k, forTests(v)]));
    else out[key] = forTests(sub);
  }
  if (isObject(out.properties) && !('additionalProperties' in out) && !('unevaluatedProperties' in out)) out.additionalProperties = false;
  return out;
}

function load(): NonNullable<typeof loaded> {
  if (loaded) return loaded;
  const document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApi;
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv, ['uri', 'email']);
  // The decisions promise more than RFC 3339: UTC with milliseconds and "Z".
  ajv.addFormat('date-time', { validate: (s: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(s) && !Number.isNaN(Date.parse(s)) });
  allowExtensions(ajv, document);
  ajv.addSchema({ $id: 'openapi', $defs: forTests(document.components?.schemas ?? {}) as Json });
  const templates = Object.keys(document.paths).map((template): [RegExp, string] => {
    const source = template.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
    return [new RegExp(`^${source}$`), template];
  });
  loaded = { document, ajv, templates };
  return loaded;
}

/** The documented path template of a request path (without the server prefix), or undefined. */
export function documentedPath(requestPath: string): string | undefined {
  const { document, templates } = load();
  const prefix = document.servers?.[0]?.url ?? '';
  let path = decodeURI(requestPath.split('?')[0]);
  if (prefix && path.startsWith(`${prefix}/`)) path = path.slice(prefix.length);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return templates.find(([pattern]) => pattern.test(path))?.[1];
}

function validatorFor(key: string, schema: Json): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = load().ajv.compile(forTests(schema) as Json);
    validators.set(key, validate);
  }
  return validate;
}

/**
 * Checks a supertest answer against the document and returns what it covered, as
 * "METHOD /documented/path STATUS" (HEAD counts as GET; a 405 counts for every operation of its path).
 */
export function expectMatchesOpenApi(res: Response): string[] {
  const request = (res as unknown as { req: { method: string; path: string } }).req;
  const method = request.method.toLowerCase();
  const path = documentedPath(request.path);
  const where = `${request.method} ${request.path} answered ${res.status}`;
  if (!path) throw new Error(`${where}: no path of openapi/openapi.json matches (regenerate it if the route is new).`);
  const item = load().document.paths[path];
  const operationMethod = method === 'head' ? 'get' : method;
  const operation = item[operationMethod];
  if (!operation) {
    if (res.status !== 405) throw new Error(`${where}: the document has no ${operationMethod.toUpperCase()} ${path}.`);
    if (!res.headers.allow) throw new Error(`${where}: a 405 must name the methods offered in an Allow header.`);
  }
  const covered = operation ? [operationMethod] : Object.keys(item).filter((key) => httpMethods.includes(key));
  const status = String(res.status);
  const response = (operation ?? item[covered[0]]).responses?.[status] as Json | undefined;
  if (!response) throw new Error(`${where}, a status the document does not list for ${operationMethod.toUpperCase()} ${path}.`);

  for (const [name, header] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
    if (header.required !== false && res.headers[name.toLowerCase()] === undefined) throw new Error(`${where} without the documented ${name} header.`);
  }
  const content = response.content as Record<string, Json> | undefined;
  if (!content) {
    if (res.text) throw new Error(`${where} with a body, but the document promises none: ${res.text.slice(0, 200)}`);
    return covered.map((m) => `${m.toUpperCase()} ${path} ${status}`);
  }
  const contentType = String(res.headers['content-type'] ?? '');
  const mediaType = contentType.split(';')[0].trim().toLowerCase();
  const media = content[mediaType];
  if (!media) throw new Error(`${where} as ${contentType || 'no content type'}; the document promises ${Object.keys(content).join(', ')}.`);
  if (mediaType === 'application/json' && contentType.replace(/\s/g, '').toLowerCase() !== 'application/json;charset=utf-8') {
    throw new Error(`${where} as "${contentType}", not "application/json; charset=utf-8".`);
  }
  if (method === 'head') {
    if (res.text) throw new Error(`${where}: a HEAD answer has no body.`);
  } else if (media.schema) {
    const body = mediaType === 'application/json' ? JSON.parse(res.text) : res.text;
    const validate = validatorFor(`${operationMethod} ${path} ${status} ${mediaType}`, media.schema);
    if (!validate(body)) {
      throw new Error(`${where}, a body that does not match the document: ${load().ajv.errorsText(validate.errors)}\n${res.text.slice(0, 500)}`);
    }
  }
  return covered.map((m) => `${m.toUpperCase()} ${path} ${status}`);
}
