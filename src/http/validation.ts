// The one ValidationPipe: whitelist, unknown fields rejected and named, no implicit conversion,
// a first failure worded as what to fix, and no body field holding an object or an array let
// through to class-transformer (scalar-fields.ts).
import { ValidationPipe, type ArgumentMetadata, type ValidationError, type ValidationPipeOptions } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { badRequest } from '../errors/domain-error';
import { isJsonObject, nestedFields, withContainersEmptied } from './scalar-fields';

/** Old field names that clients still send, and what to send instead. */
const renamedFields: ReadonlyMap<string, string> = new Map([['type', 'content_type'], ['lang', 'content_lang']]);

function firstFailure(errors: ValidationError[]): ValidationError | undefined {
  for (const error of errors) {
    if (error.constraints && Object.keys(error.constraints).length > 0) return error;
    const nested = firstFailure(error.children ?? []);
    if (nested) return nested;
  }
  return undefined;
}

/** The message of the first failed constraint, naming the field. */
export function describeValidation(errors: ValidationError[]): string {
  const failure = firstFailure(errors);
  if (!failure) return 'The request is invalid.';
  const [constraint, message] = Object.entries(failure.constraints!)[0];
  return constraint === 'whitelistValidation' ? unknownField(failure.property) : message;
}

function unknownField(field: string): string {
  const renamed = renamedFields.get(field);
  const hint = renamed ? `; send "${renamed}" instead` : '';
  return `Unknown field "${field}"${hint}.`;
}

const fieldsOfDto = new WeakMap<Function, ReadonlySet<string>>();

/** The fields a DTO class declares rules for: the only fields its bodies may carry. */
function declaredFields(metatype: Function): ReadonlySet<string> {
  let fields = fieldsOfDto.get(metatype);
  if (!fields) {
    fields = new Set(getMetadataStorage().getTargetValidationMetadatas(metatype, '', false, false).map((rule) => rule.propertyName));
    fieldsOfDto.set(metatype, fields);
  }
  return fields;
}

export const validationOptions: ValidationPipeOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  transform: true,
  // Implicit conversion turns 'false' into true (typestack/class-transformer#306): never.
  transformOptions: { enableImplicitConversion: false },
  stopAtFirstError: true,
  validationError: { target: false, value: false },
  exceptionFactory: (errors) => badRequest(describeValidation(errors)),
};

/**
 * Refuses a body whose fields hold objects or arrays before plainToInstance recurses into them.
 * A body that is not an object never gets here: it was refused when read (json-body.interceptor.ts).
 * Unknown fields are named here too, first, as the whitelist would: a field named like a member of
 * Object.prototype (`toString`, `valueOf`) is dropped by plainToInstance unseen, and so would
 * otherwise be accepted and ignored.
 */
class ScalarBodyValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'body' || !isJsonObject(value)) return super.transform(value, metadata);
    const declared = metadata.metatype && declaredFields(metadata.metatype);
    if (declared && declared.size > 0) {
      const unknown = Object.keys(value).find((field) => !declared.has(field));
      if (unknown !== undefined) throw badRequest(unknownField(unknown));
    }
    const nested = nestedFields(value);
    if (nested.length === 0) return super.transform(value, metadata);
    // Validated with those values emptied, the body fails as it would with shallow ones, with the
    // same message: an unknown field named as unknown, a known one told what it must be.
    await super.transform(withContainersEmptied(value), metadata);
    throw badRequest(`The field "${nested[0]}" must not be an object or an array.`);
  }
}

export function validationPipe(): ValidationPipe {
  return new ScalarBodyValidationPipe(validationOptions);
}
