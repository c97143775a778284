// createApp(): the one place that configures the Nest application, for main, the kbp command and
// every test. Bodies are read by the routes that take one (after the guards), so Nest's own body
// parser is off; Express settings that cost without serving the API are off too.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
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
  // Paths are case-sensitive, as the route table behind 405 and the preflight is; Express reads
  // this setting once, when its router is first made, so it is set on a fresh instance.
  const server = express().set('case sensitive routing', true);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), new ExpressAdapter(server), {
    bodyParser: false,
    abortOnError: false,
    logger: config.logLevel === 'silent' || !options.logLine ? false : ['error', 'warn'],
  });
  app.set('etag', false);
  app.disable('x-powered-by');
  const verbose = ['info', 'debug', 'trace'].includes(config.logLevel);
  if (options.logLine && verbose) app.use(accessLog(options.logLine));
  app.use(cors);
  setupDocs(app);
  await app.init();
  collectRoutes(app.getHttpAdapter().getInstance());
  answerClientErrors(app.getHttpServer());
  return app;
}
