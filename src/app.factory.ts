// createApp(): the one place that configures the Nest application, for main, the kbp command and
// every test. Bodies are read by the routes that take one (after the guards), so Nest's own body
// parser is off; Express settings that cost without serving the API are off too.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import type { AppConfig } from './config/config';
import { setupDocs } from './docs/setup-docs';
import { accessLog } from './http/access-log';
import { answerClientErrors } from './http/client-errors';
import { cors } from './http/cors';
import { collectRoutes } from './http/route-table';

export interface CreateAppOptions {
  /** Where access-log lines go; none when absent (tests) or when the log level is above info. */
  logLine?: (line: string) => void;
}

export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    abortOnError: false,
    logger: config.logLevel === 'silent' || !options.logLine ? false : ['error', 'warn'],
  });
  app.set('etag', false);
  app.disable('x-powered-by');
  app.enableShutdownHooks();
  const verbose = ['info', 'debug', 'trace'].includes(config.logLevel);
  if (options.logLine && verbose) app.use(accessLog(options.logLine));
  app.use(cors);
  setupDocs(app);
  await app.init();
  collectRoutes(app.getHttpAdapter().getInstance());
  answerClientErrors(app.getHttpServer());
  return app;
}
