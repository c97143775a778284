// Readiness of the database: it answers a ping within a short time. A database that hangs makes
// /readyz answer 503 after this long instead of hanging the probe.
import { Injectable } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import { UnitOfWork } from '../database/unit-of-work';

export const DATABASE_READY_TIMEOUT_MS = 1500;

@Injectable()
export class DatabaseHealthIndicator {
  constructor(
    private readonly db: UnitOfWork,
    private readonly indicators: HealthIndicatorService,
  ) {}

  async isReady(): Promise<HealthIndicatorResult<'database'>> {
    const result = await this.indicators.check('database').attempt(() => this.db.ping()).withTimeout(DATABASE_READY_TIMEOUT_MS);
    // The driver's own message may name hosts and ports: the public answer says only what is wrong.
    if (result.database.status === 'up') return result;
    return this.indicators.check('database').down('the database does not answer');
  }
}
