// The OpenAPI document describes the contract's interface version 1.1.0; what this service adds to
// the contract is marked `x-kb-pages-addition: true` exactly where it sits (and nowhere else), and
// the manual lists it under "Additions to the contract".
import request from 'supertest';
import { ADDITION } from '../../src/docs/contract-additions';
import { contractOperations, tokenOperation } from '../support/contract-operations';
import { backends, createHarness, type Harness } from '../support/e2e';
import { resolvePointer } from './openapi-31';

type Json = Record<string, any>;

const operation = (method: string, path: string) => `#/paths/${path.replaceAll('/', '~1')}/${method}`;
const lists = ['/bases/{base_id}/pages', '/bases/{base_id}/search'].map((path) => operation('get', path));

/** Where the additions sit; a parameter is named instead of numbered. */
const additions = [
  operation(tokenOperation[0], tokenOperation[1]),
  '#/components/parameters/RequestId',
  '#/components/headers/RequestId',
  ...lists.flatMap((list) => [`${list}/parameters/limit`, `${list}/parameters/offset`, `${list}/responses/400`]),
  `${operation('post', '/bases/{base_id}/pages')}/responses/413`,
  `${operation('patch', '/bases/{base_id}/pages/{content_id}')}/responses/413`,
  ...[...contractOperations, tokenOperation].map(([method, path]) => `${operation(method, path)}/responses/503`),
  '#/components/schemas/PageResponse/properties/view',
].sort();

/** Every place in `value` that carries the mark, as a JSON pointer, with its value. */
function marks(value: unknown, where = '#'): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => marks(item, `${where}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => (key === ADDITION ? [[where, item] as [string, unknown]] : marks(item, `${where}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`)));
}

describe('additions to the contract', () => {
  let h: Harness;
  let doc: Json;
  let manual: string;

  beforeAll(async () => {
    h = await createHarness(backends[0]);
    const http = request(h.app.getHttpServer());
    doc = JSON.parse((await http.get('/api/v1/openapi.json')).text);
    manual = (await http.get('/api/v1/manual')).text;
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A parameter's pointer with its name for its index. */
  const named = (pointer: string) => {
    const parameter = /^(.*\/parameters)\/(\d+)$/.exec(pointer);
    return parameter ? `${parameter[1]}/${(resolvePointer(doc, pointer) as Json).name}` : pointer;
  };

  it('documents the interface version of the contract, 1.1.0, and says what the mark means', () => {
    expect(doc.info.version).toBe('1.1.0');
    expect(doc.info.description).toContain(`${ADDITION}: true`);
  });

  it('marks each addition where it sits, and nothing else', () => {
    const found = marks(doc);
    expect(found.map(([where]) => named(where)).sort()).toEqual(additions);
    expect(found.every(([, value]) => value === true)).toBe(true);
  });

  it('lists the additions in the manual under one heading', () => {
    const section = /\n## Additions to the contract\n([\s\S]*?)(\n## |$)/.exec(manual)?.[1] ?? '';
    for (const named of ['`GET /bases/{base_id}/token`', '`X-Request-Id`', '`limit`', '`offset`', '400', '413 `PAYLOAD_TOO_LARGE`', '503 `SERVICE_UNAVAILABLE`', '`view`', ADDITION, '1.1.0']) {
      expect([named, section.includes(named)]).toEqual([named, true]);
    }
    expect(manual.match(/^## Additions to the contract$/gm)).toHaveLength(1);
  });
});
