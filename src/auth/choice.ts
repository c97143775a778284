// One of a fixed set of words (view, role, scope), refused in plain words otherwise.
import { badRequest } from '../errors/domain-error';

export function oneOf<T extends string>(allowed: readonly T[], value: string, what: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw badRequest(`The ${what} must be one of ${allowed.join(', ')}, not "${value}".`);
  }
  return value as T;
}
