// The one ValidationPipe: whitelist, unknown fields rejected and named, no implicit conversion,
// and a first failure worded as what to fix.
import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { badRequest } from '../errors/domain-error';

/** Old field names that clients still send, and what to send instead. */
const renamedFields: Record<string, string> = { type: 'content_type', lang: 'content_lang' };

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
  if (constraint === 'whitelistValidation') {
    const hint = renamedFields[failure.property] ? `; send "${renamedFields[failure.property]}" instead` : '';
    return `Unknown field "${failure.property}"${hint}.`;
  }
  return message;
}

export function validationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    // Implicit conversion turns 'false' into true (typestack/class-transformer#306): never.
    transformOptions: { enableImplicitConversion: false },
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => badRequest(describeValidation(errors)),
  });
}
