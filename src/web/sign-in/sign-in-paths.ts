// Where sign-in sends a visitor back to: only a path of this service, never another site.
export const HOME_PATH = '/';

/** A local path (`/…`, not `//host` or `/\host`), else the home page. */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || !/^\/(?![/\\])/.test(next) || /[\u0000-\u001f]/.test(next)) return HOME_PATH;
  return next;
}

export function signInPath(next?: string): string {
  const back = next === undefined ? undefined : safeNext(next);
  return back && back !== HOME_PATH ? `/signin?next=${encodeURIComponent(back)}` : '/signin';
}
