import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { DatabaseHealthIndicator } from './database.health';
import { DrainHealthIndicator } from './drain.health';
import { DrainState } from './drain-state';
import { HealthController } from './health.controller';

// logger: false: a failed check is already the 503 answer (and its request line); terminus would
// also log each one, at error level, on every probe of a balancer.
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [DrainState, DrainHealthIndicator, DatabaseHealthIndicator],
  exports: [DrainState],
})
export class HealthModule {}
