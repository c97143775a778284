// The service configuration for any provider to inject: the AppConfig that createApp was given
// (the CLI builds it from the environment and its options, tests write it out).
import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './config';

export const APP_CONFIG = Symbol('APP_CONFIG');

@Global()
@Module({})
export class AppConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: AppConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}
