// Readiness while stopping: down from the moment the service starts draining, so a balancer that
// polls /readyz sends it nothing new.
import { Injectable } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import { DrainState } from './drain-state';

@Injectable()
export class DrainHealthIndicator {
  constructor(
    private readonly drain: DrainState,
    private readonly indicators: HealthIndicatorService,
  ) {}

  isReady(): HealthIndicatorResult<'service'> {
    const service = this.indicators.check('service');
    return this.drain.draining ? service.down('the service is stopping') : service.up();
  }
}
