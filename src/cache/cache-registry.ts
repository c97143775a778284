// Every cache of the process, for reports of what they hold. Held weakly: a cache goes with the
// service that made it (tests and the bench make many apps in one process).
export interface CacheReport {
  name: string;
  /** What size and bound count: 'entries', 'bytes', or the cache's own unit. */
  unit: string;
  entries: number;
  size: number;
  bound: number;
  /** Gets that found an entry, and gets that found none. */
  hits: number;
  misses: number;
}

interface ReportsSize {
  report(): CacheReport;
}

const caches = new Set<WeakRef<ReportsSize>>();

export function registerCache(cache: ReportsSize): void {
  caches.add(new WeakRef(cache));
}

/** The caches alive in the process, summed by name (one app's caches each have a name of their own). */
export function cacheReports(): (CacheReport & { instances: number })[] {
  const byName = new Map<string, CacheReport & { instances: number }>();
  for (const ref of caches) {
    const cache = ref.deref();
    if (!cache) {
      caches.delete(ref);
      continue;
    }
    const report = cache.report();
    const sum = byName.get(report.name);
    if (!sum) {
      byName.set(report.name, { ...report, instances: 1 });
      continue;
    }
    sum.entries += report.entries;
    sum.size += report.size;
    sum.bound += report.bound;
    sum.hits += report.hits;
    sum.misses += report.misses;
    sum.instances++;
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}
