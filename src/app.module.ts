// The application: configuration and database for all, the feature modules, and the global
// pipeline (one guard chain, one validation pipe, one exception filter).
import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { AuthModule } from './auth/auth.module';
import { BasesModule } from './bases/bases.module';
import type { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { DocsModule } from './docs/docs.module';
import { EnvelopeFilter } from './errors/envelope.filter';
import { HealthModule } from './health/health.module';
import { AccessChainGuard, accessGuardSteps } from './http/guards/access-chain.guard';
import { validationPipe } from './http/validation';
import { PagesModule } from './pages/pages.module';
import { SearchModule } from './search/search.module';
import { TreeModule } from './tree/tree.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        AuthModule,
        BasesModule,
        PagesModule,
        SearchModule,
        TreeModule,
        HealthModule,
        DocsModule,
      ],
      providers: [
        ...accessGuardSteps,
        { provide: APP_GUARD, useClass: AccessChainGuard },
        { provide: APP_PIPE, useFactory: validationPipe },
        { provide: APP_FILTER, useClass: EnvelopeFilter },
      ],
    };
  }
}
