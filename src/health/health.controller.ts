// Health checks for load balancers and container runtimes (terminus): /healthz (the process
// answers) and /readyz (not stopping, and the database answers; else 503 in the error shape).
// No token needed.
import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheck, HealthCheckService, type HealthCheckResult, type HealthIndicatorResult } from '@nestjs/terminus';
import { ApiExcludeController } from '@nestjs/swagger';
import { serviceUnavailable } from '../errors/domain-error';
import { Public } from '../http/decorators/protection';
import { DatabaseHealthIndicator } from './database.health';
import { DrainHealthIndicator } from './drain.health';

@ApiExcludeController()
@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly drain: DrainHealthIndicator,
    private readonly database: DatabaseHealthIndicator,
  ) {}

  @Get('healthz')
  @HealthCheck()
  healthz(): Promise<HealthCheckResult> {
    return this.health.check([]);
  }

  @Get('readyz')
  @HealthCheck()
  async readyz(): Promise<HealthCheckResult> {
    try {
      return await this.health.check([() => this.drain.isReady(), () => this.database.isReady()]);
    } catch (error) {
      throw notReady(error);
    }
  }
}

/** Terminus's 503 as our error: the message names each check that is down; no details beyond. */
function notReady(error: unknown): unknown {
  if (!(error instanceof ServiceUnavailableException)) return error;
  const failed = (error.getResponse() as Partial<HealthCheckResult>).error ?? {};
  const reasons = Object.values(failed as HealthIndicatorResult).map((detail) => detail.message).filter((message) => typeof message === 'string');
  return serviceUnavailable(`Not ready: ${reasons.length > 0 ? reasons.join('; ') : 'the service is stopping'}.`);
}
