// Request validation: bodies are taken exactly as sent (no coercion, no stripping of unknown
// fields); query strings and path parameters arrive as text, so their numbers are coerced.
import { Ajv, type ErrorObject } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

const strictBody = new Ajv({ coerceTypes: false, removeAdditional: false, useDefaults: true, allErrors: false, strict: false });
const textParts = new Ajv({ coerceTypes: true, removeAdditional: false, useDefaults: true, allErrors: false, strict: false });

// OpenAPI keywords that validation ignores.
for (const ajv of [strictBody, textParts]) ajv.addFormat('date-time', true);

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const isBody = httpPart === 'body';
  const part = httpPart ?? 'body';
  const validate = (isBody ? strictBody : textParts).compile(schema);
  // Found once per route, so a part without integers (the path parameters) skips the check.
  const integers = isBody ? new Set<string>() : integerFields(schema);
  return (data: unknown) => {
    const loose = integers.size === 0 ? undefined : nonDecimalInteger(integers, data);
    if (loose) return { error: validationError([loose], part) };
    return validate(data) ? { value: data } : { error: validationError(validate.errors ?? [], part) };
  };
};

function integerFields(schema: object): Set<string> {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return new Set(Object.keys(properties).filter((name) => properties[name]?.type === 'integer'));
}

/** Coercion would also read "0x10", "1e1" or a blank as a number; a query integer is written in digits. */
function nonDecimalInteger(integers: ReadonlySet<string>, data: unknown): ErrorObject | undefined {
  for (const [name, value] of Object.entries((data ?? {}) as Record<string, unknown>)) {
    if (integers.has(name) && typeof value === 'string' && !/^-?\d+$/.test(value)) {
      return { keyword: 'type', instancePath: `/${name}`, schemaPath: '', params: { type: 'integer' } };
    }
  }
  return undefined;
}

const renamedFields: Record<string, string> = { type: 'content_type', lang: 'content_lang' };

function fieldName(error: ErrorObject): string {
  return error.instancePath.replace(/^\//, '').replace(/\//g, '.');
}

/** Says in plain words what to fix. */
export function describeValidationError(error: ErrorObject, part = 'body'): string {
  const field = fieldName(error);
  const where = part === 'body' ? 'field' : 'parameter';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const unknown = String(params.additionalProperty);
      const hint = renamedFields[unknown] ? `; send "${renamedFields[unknown]}" instead` : '';
      return `Unknown field "${unknown}"${hint}.`;
    }
    case 'required':
      return `The ${where} "${String(params.missingProperty)}" is required.`;
    case 'minProperties':
      return 'Send at least one field to change.';
    case 'enum':
      return `The ${where} "${field}" must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'type':
      if (field === '') return 'The request body must be a JSON object.';
      return `The ${where} "${field}" must be ${describeType(String(params.type), part)}.`;
    case 'pattern':
    case 'minLength':
      return `The ${where} "${field}" must contain at least one non-whitespace character.`;
    case 'maxLength':
      return `The ${where} "${field}" must be at most ${String(params.limit)} characters long.`;
    case 'minimum':
    case 'maximum':
      return `The ${where} "${field}" must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(params.limit)}.`;
    default:
      return `The ${where} "${field}" is invalid: ${error.message ?? 'not accepted'}.`;
  }
}

function describeType(type: string, part: string): string {
  if (type === 'integer') return part === 'body' ? 'a whole number (a JSON integer, not a string)' : 'a whole number';
  if (type === 'string,null') return 'a string or null';
  return `a ${type}`;
}

export interface ValidationFailure extends Error {
  validationMessage: string;
}

function validationError(errors: ErrorObject[], part: string): ValidationFailure {
  const message = describeValidationError(errors[0], part);
  return Object.assign(new Error(message), { validationMessage: message });
}
