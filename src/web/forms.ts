// Reading a posted form (application/x-www-form-urlencoded, parsed flat): each field once, as text.
export type Form = Record<string, unknown>;

/** The field's text ('' when absent; the first value when a field was sent twice). */
export function field(form: unknown, name: string): string {
  if (typeof form !== 'object' || form === null || !Object.hasOwn(form, name)) return '';
  const value = (form as Form)[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

/** A positive whole number from a path or form field, or undefined. */
export function wholeNumber(text: string): number | undefined {
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined;
}
