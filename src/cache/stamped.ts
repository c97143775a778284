/**
 * A kept value with the stamp it was read at (an outline version, a change stamp): it answers only
 * a reader that read the very same stamp, so another process's change is seen at once.
 */
export interface Stamped<T, S = number> {
  readonly stamp: S;
  readonly value: T;
}

/** The value when it was kept at `stamp`. */
export function valueAt<T, S>(kept: Stamped<T, S> | undefined, stamp: S): T | undefined {
  return kept !== undefined && kept.stamp === stamp ? kept.value : undefined;
}
