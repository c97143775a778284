// Every field of our request bodies is a scalar (a string, a number, null), so a field holding an
// object or an array is a 400 whatever it holds. It must be refused without walking into it:
// class-transformer's plainToInstance copies every nested value by recursion, and a value nested
// some thousands deep (a few kilobytes of "[[[[") exhausts the stack. Nothing here looks deeper
// than the body's own fields.

export type JsonObject = Record<string, unknown>;

/** An object or an array (JSON's two containers), as opposed to a scalar. */
export function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** An object that is not an array: the shape of every request body of ours. */
export function isJsonObject(value: unknown): value is JsonObject {
  return isContainer(value) && !Array.isArray(value);
}

/** The fields of `body` that hold an object or an array, in the body's order. */
export function nestedFields(body: JsonObject): string[] {
  return Object.keys(body).filter((field) => isContainer(body[field]));
}

/**
 * A copy of `body` in which each object or array is an empty one of its kind: every rule of a
 * scalar field fails on it as on the original (none looks inside), and nothing is left to recurse into.
 */
export function withContainersEmptied(body: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(body).map(([field, value]) => [field, emptied(value)]));
}

function emptied(value: unknown): unknown {
  if (!isContainer(value)) return value;
  return Array.isArray(value) ? [] : {};
}
