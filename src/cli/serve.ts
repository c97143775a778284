// kbp serve: migrate the database, offer the demo to a newcomer, run the REST API until a signal.
// The HTTP stack and the demo are imported only here, so the other commands start quickly.
import type { Command } from 'commander';
import { ConfigError, loadConfig, parsePort, postgresSettingsFrom, type Config } from '../config.ts';
import { DEFAULT_DATABASE_URL, openStore } from '../store/open-store.ts';
import { databaseUrl } from './context.ts';
import { printableUrl } from './db.ts';

interface ServeOptions {
  host?: string;
  port?: string;
  demo: boolean;
}

function serveConfig(options: ServeOptions, command: Command): Config {
  const config = loadConfig();
  if (options.host !== undefined) {
    if (options.host.trim() === '') throw new ConfigError('--host needs an address, for example 127.0.0.1 or 0.0.0.0.');
    config.host = options.host.trim();
  }
  if (options.port !== undefined) config.port = parsePort(options.port.trim(), '--port');
  config.databaseUrl = databaseUrl(command);
  return config;
}

export function registerServeCommand(program: Command): void {
  program.command('serve')
    .description('Run the REST API service (creates or migrates the database first)')
    .option('--host <HOST>', 'address to listen on (default: $HOST, else 127.0.0.1)')
    .option('--port <PORT>', 'port to listen on, 0 for any free one (default: $PORT, else 8080)')
    .option('--no-demo', 'do not create the demo knowledge base on a database that has none')
    .addHelpText('after', `
Environment: KB_DATABASE_URL, HOST, PORT, KB_BODY_LIMIT (bytes, default 1048576),
KB_LOG_LEVEL (fatal, error, warn, info, debug, trace or silent; default info).
On PostgreSQL: KB_PG_POOL_MAX (connections, default 10), KB_PG_STATEMENT_TIMEOUT_MS
(default 10000, 0 for none), KB_PG_CONNECT_TIMEOUT_MS (default 5000).
Stops cleanly on SIGINT (Ctrl-C) or SIGTERM.`)
    .action(async (options: ServeOptions, command: Command) => {
      const config = serveConfig(options, command);
      const postgres = postgresSettingsFrom();
      const { startServer, stopOnSignals } = await import('../server.ts');
      const { createDemoIfEmpty, dbOptionFor, welcomeText } = await import('./demo.ts');
      const store = await openStore(config.databaseUrl, postgres);
      let started;
      try {
        started = await startServer({ ...config, store });
      } catch (error) {
        await store.close();
        throw error;
      }
      const { app, url } = started;
      const stop = async () => {
        await app.close();
        await store.close();
      };
      // The demo is made once the port is ours, so a start that cannot listen never makes a demo
      // whose token nobody saw.
      let demo;
      try {
        demo = options.demo ? await createDemoIfEmpty(store) : null;
      } catch (error) {
        await stop();
        throw error;
      }
      stopOnSignals(async () => {
        await stop();
        console.log('kb-pages stopped.');
      });
      console.log(`kb-pages is listening on ${url} (database: ${printableUrl(config.databaseUrl)})`);
      if (demo) {
        console.log(welcomeText(demo, url, dbOptionFor(config.databaseUrl, config.databaseUrl === DEFAULT_DATABASE_URL)));
      }
    });
}
