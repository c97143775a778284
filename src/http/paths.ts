// Every path the service knows, with the methods it offers, for 404/405/Allow and CORS preflight.
import { API_PREFIX, operations } from './routes.ts';

export interface KnownPath {
  pattern: RegExp;
  /** Fastify route path. */
  path: string;
  methods: string[];
}

function patternOf(path: string): RegExp {
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[a-z_]+/g, '[^/]+');
  return new RegExp(`^${source}/?$`);
}

export const documentPaths = [`${API_PREFIX}/openapi.json`, `${API_PREFIX}/manual`];

function collect(): KnownPath[] {
  const byPath = new Map<string, string[]>();
  for (const op of operations) {
    const path = API_PREFIX + op.path;
    byPath.set(path, [...(byPath.get(path) ?? []), op.method]);
  }
  for (const path of documentPaths) byPath.set(path, ['GET']);
  return [...byPath].map(([path, methods]) => ({ path, pattern: patternOf(path), methods }));
}

export const knownPaths: KnownPath[] = collect();

export function allowHeader(known: KnownPath): string {
  const methods = new Set(known.methods);
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  return [...methods].join(', ');
}

export function findKnownPath(url: string): KnownPath | undefined {
  const path = url.split('?')[0];
  return knownPaths.find((known) => known.pattern.test(path));
}
