// The guard chain: the app's global guard.
import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth/auth.module';
import { AccessChainGuard, accessGuardSteps } from './access-chain.guard';
import { RouteProtections } from './route-protection';

@Module({
  imports: [AuthModule],
  providers: [RouteProtections, ...accessGuardSteps, AccessChainGuard],
  exports: [AccessChainGuard],
})
export class AccessGuardsModule {}
