/** Characters V8 can hold at one byte each (Latin-1); a string with any other is held at two a character. */
const BEYOND_ONE_BYTE = /[^\u0000-\u00ff]/;

/**
 * The bytes a string's characters take in V8's heap: one a character when all of them are Latin-1
 * (English text), else two (Japanese). A bound in characters would hold half the memory it allows
 * in English bodies, or drop pages that fit.
 */
export function stringBytes(text: string): number {
  return BEYOND_ONE_BYTE.test(text) ? 2 * text.length : text.length;
}
