// The application: configuration and database for all, the feature modules, the global pipeline
// (one guard chain, one validation pipe, one exception filter) and the app's route table.
import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { AuthModule } from './auth/auth.module';
import { BasesModule } from './bases/bases.module';
import { CacheReportAtShutdown } from './cache/cache-report';
import type { AppConfig } from './config/config';
import { AppConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { DocsModule } from './docs/docs.module';
import { EnvelopeFilter } from './errors/envelope.filter';
import { HealthModule } from './health/health.module';
import { AccessChainGuard } from './http/guards/access-chain.guard';
import { AccessGuardsModule } from './http/guards/access-guards.module';
import { RouteTable } from './http/route-table';
import { validationPipe } from './http/validation';
import { McpModule } from './mcp/mcp.module';
import { OauthModule } from './oauth/oauth.module';
import { PagesModule } from './pages/pages.module';
import { ReadingModule } from './reading/reading.module';
import { SearchModule } from './search/search.module';
import { TreeModule } from './tree/tree.module';
import { WebModule } from './web/web.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        // The configuration the caller built (kbp serve: loadConfig, which checks the environment
        // against its schema, with its options merged in): the app reads no environment itself.
        AppConfigModule.forRoot(config),
        DatabaseModule,
        AuthModule,
        AccessGuardsModule,
        BasesModule,
        // The search module provides the index that page writes keep in step.
        PagesModule.withSearchIndex(SearchModule),
        SearchModule,
        TreeModule,
        // What each visitor of the web UI may read (visibility).
        ReadingModule,
        HealthModule,
        DocsModule,
        // OAuth sign-in for MCP clients.
        OauthModule,
        // The MCP server at /mcp, beside the REST API, with its rules.
        McpModule,
        // The web pages: sign-in, account, tokens, administration.
        WebModule,
      ],
      providers: [
        RouteTable,
        CacheReportAtShutdown,
        { provide: APP_GUARD, useExisting: AccessChainGuard },
        { provide: APP_PIPE, useFactory: validationPipe },
        { provide: APP_FILTER, useClass: EnvelopeFilter },
      ],
    };
  }
}

