// Health checks for load balancers and container runtimes: /healthz (the process answers) and
// /readyz (the database answers; 503 when it does not). No token needed.
import { Controller, Get, HttpCode } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { UnitOfWork } from '../database/unit-of-work';
import { serviceUnavailable } from '../errors/domain-error';
import { Public } from '../http/decorators/protection';

@ApiExcludeController()
@Public()
@Controller()
export class HealthController {
  constructor(private readonly db: UnitOfWork) {}

  @Get('healthz')
  @HttpCode(200)
  healthz(): { status: string } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async readyz(): Promise<{ status: string }> {
    try {
      await this.db.ping();
    } catch {
      throw serviceUnavailable('The database does not answer.');
    }
    return { status: 'ready' };
  }
}
