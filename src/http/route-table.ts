// Every path the app routes, with its methods, read from its Express router once the app is set
// up: 405 with Allow for a known path, and CORS preflight only where a route exists. One table per
// app (a provider), so two apps in one process each answer from their own routes.
import { Injectable } from '@nestjs/common';
import type { Express } from 'express';

export interface KnownPath {
  /** As routed, with its parameters: `/api/v1/bases/:base_id/pages`. */
  path: string;
  pattern: RegExp;
  methods: Set<string>;
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

function patternOf(path: string): RegExp {
  const source = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+').replace(/\*[A-Za-z_]+/g, '.*');
  return new RegExp(`^${source}/?$`);
}

@Injectable()
export class RouteTable {
  private known: KnownPath[] = [];

  /** Reads the routes of the app's router (call after the app is initialised). */
  collect(app: Express): void {
    const router = (app as unknown as { router?: { stack: Layer[] } }).router;
    const byPath = new Map<string, Set<string>>();
    for (const layer of router?.stack ?? []) {
      if (!layer.route) continue;
      for (const path of [layer.route.path].flat()) {
        const methods = byPath.get(path) ?? new Set<string>();
        for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== '_all') methods.add(method.toUpperCase());
        byPath.set(path, methods);
      }
    }
    this.known = [...byPath].map(([path, methods]) => ({ path, pattern: patternOf(path), methods }));
  }

  /** Every path routed, with its methods (what a test of every route goes through). */
  all(): readonly KnownPath[] {
    return this.known;
  }

  find(path: string): KnownPath | undefined {
    return this.known.find((known) => known.pattern.test(path));
  }

  /** The Allow of a 405 at `path`: that path's methods; off every known path (or with no path
   * to read) the methods the service offers anywhere. */
  allowAt(path: string | undefined): string {
    const known = path === undefined ? undefined : this.find(path);
    return allowHeader(known?.methods ?? new Set(this.known.flatMap((each) => [...each.methods])));
  }
}

/** The path of a request target in origin-form (`/a?b`) or absolute-form (`http://host/a?b`), as
 * Express routes it; anything else (`*`, CONNECT's `host:port`) names no path and comes back as it
 * is, which no route matches. */
export function pathOf(target: string): string {
  const path = target.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/, '').split(/[?#]/)[0];
  return path === '' ? '/' : path;
}

// Allow names methods in one order, whatever order the controllers declare them in: reads, writes,
// then OPTIONS (any other method just before it), so the service's value reads
// GET, HEAD, POST, PATCH, DELETE, OPTIONS and a path's is that list without what it does not offer.
const methodOrder = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const rankOf = (method: string): number => (methodOrder.includes(method) ? methodOrder.indexOf(method) : methodOrder.length - 1);

/** The methods offered, with HEAD wherever GET is and OPTIONS (the preflight) everywhere. */
export function allowHeader(offered: Set<string>): string {
  const methods = new Set(offered);
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  return [...methods].sort((a, b) => rankOf(a) - rankOf(b)).join(', ');
}
