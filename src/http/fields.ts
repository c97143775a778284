// Composite field decorators: one declaration gives the validation rule and its OpenAPI schema,
// so the two cannot drift. `Optional` lets `undefined` through, and `null` only when allowed
// (@IsOptional would let null through everywhere: typestack/class-validator#491).
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';

interface FieldOptions {
  required?: boolean;
  nullable?: boolean;
  description?: string;
  example?: unknown;
  /** The value an omitted field takes (the service applies it), told in the description. */
  default?: unknown;
}

/** The description with the default in words, not as a schema `default`: openapi-typescript (its
 * default options) types a property with a `default` as required, so a typed client could not
 * leave the field out. */
function withDefault(description: string | undefined, value: unknown): string | undefined {
  if (value === undefined) return description;
  const said = `default \`${typeof value === 'string' && value !== '' ? value : JSON.stringify(value)}\``;
  return description ? `${description}; ${said}` : said;
}

function Optional(nullable: boolean): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined && !(nullable && value === null));
}

function documented(options: FieldOptions, schema: ApiPropertyOptions): PropertyDecorator {
  const { required = true, nullable = false, example } = options;
  const description = withDefault(options.description, options.default);
  const full = { ...schema, description, ...(example === undefined ? {} : { example }), ...(nullable ? { nullable: true } : {}) } as ApiPropertyOptions;
  const decorators = [required ? ApiProperty(full) : ApiPropertyOptional(full)];
  if (!required) decorators.push(Optional(nullable));
  return applyDecorators(...decorators);
}

const must = (what: string) => ({ message: `The field "$property" must be ${what}.` });

export function TextField(options: FieldOptions & { minOneNonSpace?: boolean; maxLength?: number } = {}): PropertyDecorator {
  const decorators = [documented(options, { type: String, maxLength: options.maxLength, ...(options.minOneNonSpace ? { minLength: 1, pattern: '\\S' } : {}) })];
  decorators.push(IsString(must('a string')));
  if (options.minOneNonSpace) decorators.push(Matches(/\S/, { message: 'The field "$property" must contain at least one non-whitespace character.' }));
  if (options.maxLength !== undefined) decorators.push(MaxLength(options.maxLength, { message: `The field "$property" must be at most ${options.maxLength} characters long.` }));
  return applyDecorators(...decorators);
}

export function EnumField(values: readonly string[], options: FieldOptions = {}): PropertyDecorator {
  const allowed = values.map((v) => JSON.stringify(v)).join(', ') + (options.nullable ? ' or null' : '');
  return applyDecorators(
    documented(options, { type: String, enum: [...values] }),
    IsIn([...values], { message: `The field "$property" must be one of ${allowed}.` }),
  );
}

export function IntegerField(min: number, max: number, options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(
    documented(options, { type: 'integer', minimum: min, maximum: max }),
    IsInt(must('a whole number (a JSON integer, not a string)')),
    Min(min, { message: `The field "$property" must be at least ${min}.` }),
    Max(max, { message: `The field "$property" must be at most ${max}.` }),
  );
}

/** A query parameter written in decimal digits, turned into a number; anything else stays as sent and fails. */
export function QueryIntegerField(min: number, max: number | undefined, description: string): PropertyDecorator {
  const decorators = [
    ApiPropertyOptional({ type: 'integer', minimum: min, ...(max === undefined ? {} : { maximum: max }), description }),
    Optional(false),
    Transform(({ value }) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value)),
    IsInt({ message: 'The parameter "$property" must be a whole number.' }),
    Min(min, { message: `The parameter "$property" must be at least ${min}.` }),
  ];
  if (max !== undefined) decorators.push(Max(max, { message: `The parameter "$property" must be at most ${max}.` }));
  return applyDecorators(...decorators);
}
