// PostgreSQL text cannot hold U+0000, which JSON strings (and SQLite) can. Text is stored with
// U+0000 written as U+FFFF "0" and U+FFFF itself doubled; text without either (nearly all of
// it) is stored unchanged. Substring search keeps working because terms are encoded alike.
const ESCAPE = '\uFFFF';
const needsEncoding = /[\u0000\uFFFF]/;

export function encodeText(text: string): string {
  if (!needsEncoding.test(text)) return text;
  return text.replace(/[\u0000\uFFFF]/g, (c) => (c === '\u0000' ? `${ESCAPE}0` : ESCAPE + ESCAPE));
}

export function decodeText(text: string): string {
  if (!text.includes(ESCAPE)) return text;
  return text.replace(/\uFFFF([\s\S])/g, (_, c: string) => (c === '0' ? '\u0000' : c));
}

export function encodeNullable(text: string | null): string | null {
  return text === null ? null : encodeText(text);
}

export function decodeNullable(text: string | null): string | null {
  return text === null ? null : decodeText(text);
}
