// Where sign-in sends a visitor back to: only a path of this service, never another site.
export const HOME_PATH = '/';

/** `next` when it is a path of this service (`/…`, not `//host` or `/\host`, no control character), else undefined. */
export function localPath(next: unknown): string | undefined {
  return typeof next === 'string' && /^\/(?![/\\])/.test(next) && !/[\u0000-\u001f\u007f]/.test(next) ? next : undefined;
}

/** A local path, else the home page. */
export function safeNext(next: unknown): string {
  return localPath(next) ?? HOME_PATH;
}

export function signInPath(next?: string): string {
  const back = next === undefined ? undefined : safeNext(next);
  return back && back !== HOME_PATH ? `/signin?next=${encodeURIComponent(back)}` : '/signin';
}
