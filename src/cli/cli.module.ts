// What the administration commands need: the database and the services of bases, users,
// members, tokens and accounts; no HTTP stack.
import { Module, type DynamicModule } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BasesModule } from '../bases/bases.module';
import type { AppConfig } from '../config/config';
import { AppConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { IdentityModule } from '../identity/identity.module';

@Module({})
export class CliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: CliModule, imports: [AppConfigModule.forRoot(config), DatabaseModule, BasesModule, AuthModule, IdentityModule] };
  }
}
