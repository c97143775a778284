// JSON values and texts nested many levels deep, built in loops: building or comparing them by
// recursion (toEqual, JSON.stringify) would exhaust the stack at the depths the tests use.
export type Container = 'array' | 'object';
export const containers: Container[] = ['array', 'object'];

/** `inner` wrapped `depth` times in an array ([[inner]]) or an object ({"a":{"a":inner}}). */
export function deepValue(container: Container, depth: number, inner: unknown = 1): unknown {
  let value = inner;
  for (let level = 0; level < depth; level++) value = container === 'array' ? [value] : { a: value };
  return value;
}

/** The JSON text of deepValue(container, depth), written without building the value. */
export function deepJson(container: Container, depth: number): string {
  return container === 'array' ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}
