// The validation pipe answers a body whose fields nest objects or arrays however deep exactly as the
// stock ValidationPipe, with the same options, answers the body with them shallow: the same 400
// message, naming the field (unknown ones as unknown), and never a stack overflow.
import { ValidationPipe, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import fc from 'fast-check';
import { DomainError } from '../../../src/errors/domain-error';
import { validationOptions, validationPipe } from '../../../src/http/validation';
import { CreatePageDto } from '../../../src/pages/dto/create-page.dto';
import { UpdatePageDto } from '../../../src/pages/dto/update-page.dto';
import { containers, deepValue } from '../../support/deep-json';

const guarded = validationPipe();
const stock = new ValidationPipe(validationOptions);

/** Each request DTO with a body it accepts, and the fields to try in it: its own, old names, unknown ones. */
const dtos = [
  { name: 'CreatePageDto', metatype: CreatePageDto, valid: { title: 'x' }, fields: ['title', 'body', 'content_type', 'content_lang', 'level', 'view', 'type', 'lang', 'extra'] },
  { name: 'UpdatePageDto', metatype: UpdatePageDto, valid: { body: 'b' }, fields: ['title', 'body', 'content_type', 'content_lang', 'view', 'level', 'type', 'lang', 'extra'] },
];

/** What a pipe answers for a body: the accepted DTO as JSON, or the refusal's code and message. */
async function answer(pipe: PipeTransform, metatype: new () => object, body: unknown): Promise<string> {
  const metadata: ArgumentMetadata = { type: 'body', metatype, data: undefined };
  try {
    return `accepted ${JSON.stringify(await pipe.transform(body, metadata))}`;
  } catch (error) {
    if (error instanceof DomainError) return `${error.code}: ${error.message}`;
    throw error;
  }
}

describe.each(dtos)('the validation pipe on a $name body', ({ metatype, valid, fields }) => {
  const cases = fields.flatMap((field) => containers.flatMap((container) => [1, 10_000, 100_000].map((depth) => [field, container, depth] as const)));

  it.each(cases)('with "%s" holding an %s %i deep answers as for one level, naming the field', async (field, container, depth) => {
    const shallow = await answer(stock, metatype, { ...valid, [field]: deepValue(container, 1) });
    expect(shallow).toMatch(new RegExp(`^BAD_REQUEST: .*"${field}"`));
    expect(await answer(guarded, metatype, { ...valid, [field]: deepValue(container, depth) })).toBe(shallow);
  });

  it('answers the first failure a shallow body would, when several fields are nested or wrong', async () => {
    const [first, second] = fields;
    const bodies = [
      { [first]: 1, [second]: [[1]] },
      { [second]: [[1]], [first]: 1 },
      { [first]: { a: {} }, [second]: [[1]], extra: 'x' },
      { [second]: 'x', extra: [[1]] },
    ];
    for (const body of bodies) {
      const deep = Object.fromEntries(Object.entries(body).map(([field, value]) => [field, typeof value === 'object' ? deepValue('array', 100_000, value) : value]));
      expect(await answer(guarded, metatype, deep)).toBe(await answer(stock, metatype, body));
    }
  });

  it('accepts what it accepted before', async () => {
    expect(await answer(guarded, metatype, valid)).toBe(await answer(stock, metatype, valid));
    expect(await answer(guarded, metatype, valid)).toMatch(/^accepted /);
  });
});

/**
 * Prototype keys never reach the pipe: the body reader refuses them (json-body.interceptor.ts).
 * Names of Object.prototype's members the stock pipe accepts and drops; this one refuses (below).
 */
const prototypeKeys = ['__proto__', 'constructor', 'prototype'];
const objectMembers = Object.getOwnPropertyNames(Object.prototype);
const fieldName = fc.oneof(fc.constantFrom(...dtos[1].fields), fc.string({ maxLength: 8 }).filter((key) => !prototypeKeys.includes(key) && !objectMembers.includes(key)));
const jsonBody = fc.dictionary(fieldName, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 })
  .map((body) => JSON.parse(JSON.stringify(body)) as Record<string, unknown>);

/** Each object or array value of `body` wrapped `depth` more times in a container of its own kind. */
function deepened(body: Record<string, unknown>, depth: number): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).map(([field, value]) => {
    if (typeof value !== 'object' || value === null) return [field, value];
    return [field, deepValue(Array.isArray(value) ? 'array' : 'object', depth, value)];
  }));
}

describe('the validation pipe on any JSON object body', () => {
  it.each(dtos)('answers a $name body as the stock pipe answers it, however deep its nested values go', async ({ metatype }) => {
    await fc.assert(fc.asyncProperty(jsonBody, fc.integer({ min: 0, max: 20_000 }), async (body, depth) => {
      // Each pipe gets its own copy: the stock one deletes prototype keys nested in the body.
      const expected = await answer(stock, metatype, structuredClone(body));
      expect(await answer(guarded, metatype, deepened(structuredClone(body), depth))).toBe(expected);
    }), { numRuns: 300 });
  });
});

describe('a body field named like a member of Object.prototype', () => {
  // plainToInstance drops such a field unseen, so the stock pipe accepts the body and ignores it.
  const members = ['toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'toLocaleString', 'propertyIsEnumerable', '__defineGetter__'];
  const cases = dtos.flatMap(({ name, metatype, valid }) => members.flatMap((field) => ['x', 1, null, {}, []].map((value) => [name, field, value, metatype, valid] as const)));

  it.each(cases)('on a %s body, "%s": %j is refused as an unknown field, not ignored', async (_name, field, value, metatype, valid) => {
    expect(await answer(guarded, metatype, { ...valid, [field]: value })).toBe(`BAD_REQUEST: Unknown field "${field}".`);
  });

  it('is named before any other failure, as the whitelist names unknown fields first', async () => {
    expect(await answer(guarded, CreatePageDto, { valueOf: 'x' })).toBe('BAD_REQUEST: Unknown field "valueOf".');
    expect(await answer(stock, CreatePageDto, { colour: 'x' })).toBe('BAD_REQUEST: Unknown field "colour".');
  });
});

