// The name a holder gives a token, to tell their tokens apart: 1 to 100 characters once trimmed
// (counted as the database counts them, by code point), no control characters (a name is one line
// of a list, on the page and in kbp token list).
import { badRequest } from '../errors/domain-error';

export const TOKEN_NAME_MAX_LENGTH = 100;

const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;

/** The name trimmed, or BAD_REQUEST naming the field. */
export function checkTokenName(raw: unknown): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  const length = [...name].length;
  if (length === 0) throw badRequest('The token name must not be empty.');
  if (length > TOKEN_NAME_MAX_LENGTH) {
    throw badRequest(`The token name must be at most ${TOKEN_NAME_MAX_LENGTH} characters, not ${length}.`);
  }
  if (controlCharacter.test(name)) throw badRequest('The token name must not hold control characters such as a line break.');
  return name;
}
