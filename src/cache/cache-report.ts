// Logs what every cache of the process holds when the app stops (debug level): entries, size
// against bound, hits and misses, one line per cache.
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { cacheReports } from './cache-registry';

@Injectable()
export class CacheReportAtShutdown implements OnApplicationShutdown {
  private readonly logger = new Logger('Caches');

  onApplicationShutdown(): void {
    for (const { name, unit, entries, size, bound, hits, misses, instances } of cacheReports()) {
      this.logger.debug(`${name}: ${entries} entries, ${size} of ${bound} ${unit}, ${hits} hits, ${misses} misses${instances > 1 ? ` (${instances} apps)` : ''}`);
    }
  }
}
