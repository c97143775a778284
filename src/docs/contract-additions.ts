// What this service adds to the contract of REST API v1 (interface version 1.1.0): each addition
// carries `x-kb-pages-addition: true` where it sits in the OpenAPI document (on the component
// when a $ref points to one), so that a client can tell what the contract promises from what only
// this service offers. The manual lists the same under "Additions to the contract".
import type { OpenAPIObject } from '@nestjs/swagger';
import type { SchemaObject } from './json-schema-2020';

export const ADDITION = 'x-kb-pages-addition';

/** Operations the contract does not have: the calling token describes itself. */
const operations = ['get /bases/{base_id}/token'];

/** Query parameters the contract leaves open ("Paging parameters: not shown"). */
const queryParameters = ['limit', 'offset'];

/** Headers the contract does not name, as request parameters and as answer headers. */
const headers = ['X-Request-Id'];

/** Answers the contract's error table does not list: a body over the size limit, a database out of reach. */
const statuses = ['413', '503'];

/** The contract answers 400 only to a request body; a GET here answers it to a bad limit, offset or q. */
const getStatuses = ['400'];

/** Answer fields the contract leaves open ("whether the page detail also carries view: not shown"). */
const fields: [schema: string, property: string][] = [['PageResponse', 'view']];

const isObject = (value: unknown): value is SchemaObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object a Reference Object points to (a $ref's siblings are ignored by tools), else the object itself. */
function target(document: SchemaObject, item: unknown): SchemaObject | undefined {
  if (!isObject(item)) return undefined;
  if (typeof item.$ref !== 'string') return item;
  const keys = item.$ref.replace(/^#\//, '').split('/').map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'));
  const found = keys.reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), document);
  return isObject(found) ? found : undefined;
}

function mark(item: SchemaObject | undefined): void {
  if (item) item[ADDITION] = true;
}

export function markAdditions(openApi: OpenAPIObject): void {
  const document = openApi as unknown as SchemaObject;
  for (const [path, item] of Object.entries(openApi.paths)) {
    for (const [method, operation] of Object.entries(item as SchemaObject)) {
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      if (operations.includes(`${method} ${path}`)) mark(operation);
      for (const parameter of (Array.isArray(operation.parameters) ? operation.parameters : []).map((p) => target(document, p))) {
        const added = parameter?.in === 'query' ? queryParameters : parameter?.in === 'header' ? headers : [];
        if (added.includes(String(parameter?.name))) mark(parameter);
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        const answer = target(document, response);
        if (statuses.includes(status) || (method === 'get' && getStatuses.includes(status))) mark(answer);
        for (const [name, header] of Object.entries(isObject(answer?.headers) ? answer.headers : {})) if (headers.includes(name)) mark(target(document, header));
      }
    }
  }
  const schemas = openApi.components?.schemas as Record<string, SchemaObject> | undefined;
  for (const [schema, property] of fields) {
    const properties = schemas?.[schema]?.properties;
    mark(isObject(properties) && isObject(properties[property]) ? properties[property] : undefined);
  }
}
