// The guard chain, and what runs it again when a kept access no longer holds (KeptAccessInterceptor):
// the app's global guard and, on MySQL/MariaDB, its global interceptor.
import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth/auth.module';
import { KeptAccessInterceptor } from '../kept-access.interceptor';
import { AccessChainGuard, accessGuardSteps } from './access-chain.guard';
import { RouteProtections } from './route-protection';

@Module({
  imports: [AuthModule],
  providers: [RouteProtections, ...accessGuardSteps, AccessChainGuard, KeptAccessInterceptor],
  exports: [AccessChainGuard, KeptAccessInterceptor],
})
export class AccessGuardsModule {}
