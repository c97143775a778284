// Runs the service for kbp serve: the app of createApp() over the migrated database, listening;
// the demo for a newcomer; a graceful (drained), bounded stop on SIGINT or SIGTERM.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../app.factory';
import { MembersService } from '../auth/members.service';
import { TokensService } from '../auth/tokens.service';
import { UsersService } from '../auth/users.service';
import { BasesService } from '../bases/bases.service';
import { DEFAULT_DATABASE_URL, publicUrlOf, type AppConfig } from '../config/config';
import { parseDatabaseUrl } from '../database/data-source';
import { UnitOfWork } from '../database/unit-of-work';
import { AccountsService } from '../identity/accounts.service';
import { OneTimeLinksService } from '../identity/one-time-links.service';
import { stdoutLines } from '../logging/line-batcher';
import { PagesService } from '../pages/pages.service';
import { openFailure, printableUrl } from './database-url';
import { createDemoIfEmpty, dbOptionFor, welcomeText, type Demo } from './demo';
import { stopGracefully, trackConnections } from './graceful-stop';
import { stopOnSignals } from './shutdown';

/** A wildcard address is not one a client can dial, so point it at this machine. */
function clientHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Opens and migrates the database once before the app is built: a database that cannot be opened
 * is then one plain error line, where Nest would first log it with its stack.
 */
async function migrateFirst(databaseUrl: string): Promise<void> {
  let db: UnitOfWork;
  try {
    db = await UnitOfWork.open(parseDatabaseUrl(databaseUrl));
  } catch (error) {
    throw openFailure(databaseUrl, error);
  }
  await db.close();
}

/** Listens on the app's own server; Nest's listen() would also log a failure with its stack. */
function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export async function serve(config: AppConfig, options: { demo: boolean }): Promise<void> {
  await migrateFirst(config.databaseUrl);
  const log = stdoutLines();
  // The service's own lines come after the request lines queued before them.
  const say = (line: string) => {
    log.flush();
    console.log(line);
  };
  const app = await createApp(config, { logLine: log.line });
  const connections = trackConnections(app.getHttpServer());
  try {
    await listen(app.getHttpServer(), config.port, config.host);
  } catch (error) {
    await app.close();
    throw new Error(`Cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  const { port } = app.getHttpServer().address() as AddressInfo;
  const url = `http://${clientHost(config.host)}:${port}`;
  // The demo is made once the port is ours, so a start that cannot listen never makes a demo
  // whose token nobody saw.
  let demo: Demo | null;
  try {
    demo = options.demo
      ? await createDemoIfEmpty({
        bases: app.get(BasesService), users: app.get(UsersService), members: app.get(MembersService),
        tokens: app.get(TokensService), pages: app.get(PagesService),
        accounts: app.get(AccountsService), links: app.get(OneTimeLinksService),
      })
      : null;
  } catch (error) {
    await app.close();
    throw error;
  }
  stopOnSignals(async () => {
    await stopGracefully(app, { connections, drainMs: config.drainSeconds * 1000, log: say });
    say('kb-pages stopped.');
  }, config.stopTimeoutSeconds * 1000);
  say(`kb-pages is listening on ${url} (database: ${printableUrl(config.databaseUrl)})`);
  say(`API documentation (Swagger UI): ${url}/api/v1/docs`);
  if (demo) say(welcomeText(demo, url, dbOptionFor(config.databaseUrl, config.databaseUrl === DEFAULT_DATABASE_URL), publicUrlOf(config, port)));
}
