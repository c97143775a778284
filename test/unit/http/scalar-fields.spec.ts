// Body fields holding objects or arrays: found and emptied without looking inside them, so a value
// nested a million levels deep is read as a shallow one is; every scalar is left as it is.
import fc from 'fast-check';
import { isJsonObject, nestedFields, withContainersEmptied, type JsonObject } from '../../../src/http/scalar-fields';
import { containers, deepJson, deepValue } from '../../support/deep-json';

const DEEP = 1_000_000;

/** Every kind of JSON value a field can hold, each with what emptying makes of it (scalars: itself). */
const scalars: [string, unknown][] = [
  ['null', null], ['true', true], ['false', false], ['0', 0], ['-1.5', -1.5], ['1e308', 1e308],
  ['an empty string', ''], ['a string', 'x'], ['a string that reads as JSON', '[[{}]]'],
];
const nested: [string, unknown, 'array' | 'object'][] = [
  ['[]', [], 'array'], ['[1, "x", null]', [1, 'x', null], 'array'], ['[[]]', [[]], 'array'],
  ['{}', {}, 'object'], ['{"a": 1}', { a: 1 }, 'object'], ['{"a": {}}', { a: {} }, 'object'],
  ...containers.map((container): [string, unknown, 'array' | 'object'] => [`an ${container} ${DEEP} deep`, deepValue(container, DEEP), container]),
];
const kinds = [
  ...scalars.map(([label, value]) => ({ label, value, empty: value, isNested: false })),
  ...nested.map(([label, value, container]) => ({ label, value, empty: container === 'array' ? [] : {}, isNested: true })),
];
const pairs = kinds.flatMap((first) => kinds.map((second) => [first, second] as const));

describe('nestedFields and withContainersEmptied, for every pair of kinds of value in two fields', () => {
  it.each(pairs.map(([first, second]) => [first.label, second.label, first, second]))('%s then %s', (_first, _second, first, second) => {
    const body: JsonObject = { title: 'x', first: first.value, second: second.value };
    const emptied = withContainersEmptied(body);
    expect(nestedFields(body)).toEqual([...(first.isNested ? ['first'] : []), ...(second.isNested ? ['second'] : [])]);
    expect(Object.keys(emptied)).toEqual(['title', 'first', 'second']);
    expect(emptied).toEqual({ title: 'x', first: first.empty, second: second.empty });
    expect(nestedFields(emptied)).toEqual(nestedFields(body));
    // The body itself is left alone (compared by identity: toEqual would recurse into the deep ones).
    expect([body.title, Object.is(body.first, first.value), Object.is(body.second, second.value)]).toEqual(['x', true, true]);
  });
});

describe('nestedFields and withContainersEmptied', () => {
  it('find nothing nested in an empty body or one of scalars only', () => {
    expect(nestedFields({})).toEqual([]);
    expect(withContainersEmptied({})).toEqual({});
    const flat = Object.fromEntries(scalars.map(([label, value]) => [label, value]));
    expect(nestedFields(flat)).toEqual([]);
    expect(withContainersEmptied(flat)).toEqual(flat);
  });

  it('read a field named like an Object.prototype member as any other', () => {
    const body = JSON.parse('{"toString":[1],"hasOwnProperty":{},"valueOf":2}') as JsonObject;
    expect(nestedFields(body)).toEqual(['toString', 'hasOwnProperty']);
    expect(withContainersEmptied(body)).toEqual({ toString: [], hasOwnProperty: {}, valueOf: 2 });
  });

  it('tell an object body from an array and a scalar', () => {
    expect([{}, { a: 1 }, JSON.parse('{"__proto__":1}')].map(isJsonObject)).toEqual([true, true, true]);
    expect([[], [{}], null, 1, 'x', true, undefined].map(isJsonObject)).toEqual([false, false, false, false, false, false, false]);
  });

  // The body is parsed by V8's JSON.parse, which keeps its own stack: the deepest value the default
  // 1 MiB limit lets through ("[" and "]" at each level) is read whole, and only then refused.
  it.each(containers)('follow JSON.parse on an %s as deep as 1 MiB of JSON can be', (container) => {
    const depth = container === 'array' ? 512 * 1024 : 1024 * 1024 / 6;
    const body = JSON.parse(`{"title":"x","body":${deepJson(container, Math.floor(depth))}}`) as JsonObject;
    expect(nestedFields(body)).toEqual(['body']);
    expect(withContainersEmptied(body)).toEqual({ title: 'x', body: container === 'array' ? [] : {} });
  });
});

/** A JSON object as body-parser gives it: fast-check's values through JSON text and back. */
const jsonBody = fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 })
  .map((body) => JSON.parse(JSON.stringify(body)) as JsonObject);

/** `value` wrapped `depth` more times in a container of its own kind; scalars as they are. */
function deepened(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  return deepValue(Array.isArray(value) ? 'array' : 'object', depth, value);
}

describe('nestedFields and withContainersEmptied, for any JSON object body', () => {
  it('name the fields holding an object or an array, and empty those only, keeping order and scalars', () => {
    fc.assert(fc.property(jsonBody, (body) => {
      const before = JSON.stringify(body);
      const emptied = withContainersEmptied(body);
      expect(Object.keys(emptied)).toEqual(Object.keys(body));
      for (const field of Object.keys(body)) {
        const value = body[field];
        if (Array.isArray(value)) expect(emptied[field]).toEqual([]);
        else if (typeof value === 'object' && value !== null) expect(emptied[field]).toEqual({});
        else expect(Object.is(emptied[field], value)).toBe(true);
      }
      expect(nestedFields(body)).toEqual(Object.keys(body).filter((field) => /^[[{]/.test(JSON.stringify(body[field]))));
      expect(nestedFields(emptied)).toEqual(nestedFields(body));
      expect(JSON.stringify(body)).toBe(before);
    }), { numRuns: 500 });
  });

  it('answer the same however deep the nested values go', () => {
    fc.assert(fc.property(jsonBody, fc.integer({ min: 1, max: 50_000 }), (body, depth) => {
      const deep = Object.fromEntries(Object.entries(body).map(([field, value]) => [field, deepened(value, depth)]));
      expect(nestedFields(deep)).toEqual(nestedFields(body));
      expect(withContainersEmptied(deep)).toEqual(withContainersEmptied(body));
    }), { numRuns: 100 });
  });
});
