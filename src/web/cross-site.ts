// Cross-site request forgery: an unsafe request that a cookie authenticates must come from our own
// pages. Browsers say where a request comes from in Sec-Fetch-Site (Fetch Metadata); older ones
// only in Origin, which must then be ours. A request that says neither is refused too.
export interface RequestOrigin {
  method: string;
  secFetchSite?: string;
  origin?: string;
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the request may go on; `ownOrigins` are the origins our pages are served from. */
export function sameSiteRequest(request: RequestOrigin, ownOrigins: readonly string[]): boolean {
  if (safeMethods.has(request.method.toUpperCase())) return true;
  const site = request.secFetchSite?.trim().toLowerCase();
  // 'none' is a navigation the user started (a bookmark, the address bar): no page sent it.
  if (site) return site === 'same-origin' || site === 'none';
  const origin = request.origin?.trim().toLowerCase();
  return origin !== undefined && origin !== 'null' && ownOrigins.some((own) => own.toLowerCase() === origin);
}

/** The origin (scheme://host[:port]) of a URL. */
export function originOf(url: string): string {
  return new URL(url).origin;
}
