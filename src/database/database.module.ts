// The database for every module: the UnitOfWork over the configured backend, migrated on open
// and closed when the app shuts down.
import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { parseDatabaseUrl } from './data-source';
import { UnitOfWork } from './unit-of-work';

@Global()
@Module({
  providers: [
    {
      provide: UnitOfWork,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => UnitOfWork.open(parseDatabaseUrl(config.databaseUrl)),
    },
  ],
  exports: [UnitOfWork],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(UnitOfWork) private readonly db: UnitOfWork) {}

  async onApplicationShutdown(): Promise<void> {
    await this.db.close();
  }
}
