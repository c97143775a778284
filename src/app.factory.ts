// createApp(): the one place that configures the Nest application, for main, the kbp command and
// every test. Bodies are read by the routes that take one (after the guards), so Nest's own body
// parser is off; Express settings that cost without serving the API are off too.
import 'reflect-metadata';
import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { AppModule } from './app.module';
import type { AppConfig } from './config/config';
import { setupDocs } from './docs/setup-docs';
import { answerClientErrors } from './http/client-errors';
import { cors } from './http/cors';
import { keepConnectionsAlive } from './http/keep-alive';
import { PrototypedExpressAdapter } from './http/express-adapter';
import { requestId } from './http/request-id';
import { requestLog } from './http/request-log';
import { RouteTable } from './http/route-table';
import { createLogger, nestLoggerOf } from './logging/logger';
import { webMiddleware } from './web/web-middleware';

export interface CreateAppOptions {
  /** Where the JSON log lines go (request lines at info, Nest's warnings and errors); without it
   * (tests) nothing is logged. */
  logLine?: (line: string) => void;
  /** Modules mounted beside the app's own, under its global guard chain and filter (tests' routes). */
  modules?: Type[];
}

export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  // Paths are case-sensitive, as the route table behind 405 and the preflight is; Express reads
  // this setting once, when its router is first made, so it is set on a fresh instance.
  const server = express().set('case sensitive routing', true);
  const logger = options.logLine && config.logLevel !== 'silent' ? createLogger(config.logLevel, options.logLine) : undefined;
  const root = AppModule.forRoot(config);
  root.imports = [...(root.imports ?? []), ...(options.modules ?? [])];
  const app = await NestFactory.create<NestExpressApplication>(root, new PrototypedExpressAdapter(server), {
    bodyParser: false,
    abortOnError: false,
    logger: logger ? nestLoggerOf(logger) : false,
  });
  app.set('etag', false);
  app.disable('x-powered-by');
  // Behind a balancer, the client's address and https come from its X-Forwarded-* headers.
  app.set('trust proxy', config.trustProxy);
  // Before anything that answers (the CORS preflight included), so every answer has them.
  app.use(requestId);
  if (logger?.isLevelEnabled('info')) app.use(requestLog(logger));
  const routes = app.get(RouteTable);
  app.use(cors(routes));
  app.use(webMiddleware(config));
  setupDocs(app);
  await app.init();
  routes.collect(app.getHttpAdapter().getInstance());
  answerClientErrors(app.getHttpServer(), routes);
  keepConnectionsAlive(app.getHttpServer(), config.keepAliveSeconds);
  return app;
}
