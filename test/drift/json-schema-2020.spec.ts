// The OpenAPI 3.0 schema forms @nestjs/swagger may emit, rewritten as JSON Schema 2020-12 (OpenAPI 3.1).
import { toJsonSchema2020 } from '../../src/docs/json-schema-2020';

describe('toJsonSchema2020', () => {
  it('turns nullable into a type union with null, and null into an allowed enum value', () => {
    expect(toJsonSchema2020({ type: 'string', enum: ['O', 'L'], nullable: true })).toEqual({ type: ['string', 'null'], enum: ['O', 'L', null] });
    expect(toJsonSchema2020({ type: ['integer'], nullable: true })).toEqual({ type: ['integer', 'null'] });
    expect(toJsonSchema2020({ type: 'string', nullable: false })).toEqual({ type: 'string' });
  });

  it('allows null beside a $ref, which carries no type of its own', () => {
    expect(toJsonSchema2020({ $ref: '#/components/schemas/Page', nullable: true })).toEqual({ anyOf: [{ $ref: '#/components/schemas/Page' }, { type: 'null' }] });
  });

  it('turns the boolean exclusive bounds into numbers and example into examples', () => {
    expect(toJsonSchema2020({ type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: false, example: 3 }))
      .toEqual({ type: 'integer', exclusiveMinimum: 0, maximum: 9, examples: [3] });
  });

  it('rewrites schemas nested in properties, items, compositions and tuples', () => {
    const nested = toJsonSchema2020({
      type: 'object',
      properties: { view: { type: 'string', nullable: true }, list: { type: 'array', items: { type: 'string', example: 'a' } } },
      allOf: [{ type: 'object', additionalProperties: { type: 'number', nullable: true } }],
      items: [{ type: 'string', nullable: true }],
    });
    expect(nested).toEqual({
      type: 'object',
      properties: { view: { type: ['string', 'null'] }, list: { type: 'array', items: { type: 'string', examples: ['a'] } } },
      allOf: [{ type: 'object', additionalProperties: { type: ['number', 'null'] } }],
      prefixItems: [{ type: ['string', 'null'] }],
    });
  });
});
