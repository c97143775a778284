// kbp serve: the options and settings of the service; the HTTP stack loads only when it runs.
import type { Command } from 'commander';
import { ConfigError, loadConfig, parsePort, type AppConfig } from '../config/config';
import { parseDatabaseUrl } from '../database/data-source';
import { databaseUrl } from './context';

interface ServeOptions {
  host?: string;
  port?: string;
  demo: boolean;
}

/** HOST, PORT and the other settings of the environment, then the options, which win. */
function serveConfig(options: ServeOptions, command: Command): AppConfig {
  const config = loadConfig();
  if (options.host !== undefined) {
    if (options.host.trim() === '') throw new ConfigError('--host needs an address, for example 127.0.0.1 or 0.0.0.0.');
    config.host = options.host.trim();
  }
  if (options.port !== undefined) config.port = parsePort(options.port.trim(), '--port');
  config.databaseUrl = databaseUrl(command);
  parseDatabaseUrl(config.databaseUrl);
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
KB_LOG_LEVEL (fatal, error, warn, info, debug, trace or silent; default info: JSON lines on
stdout, one per request), KB_KEEPALIVE_SECONDS (how long an idle connection stays open;
default 65, above the idle timeout of the balancer in front), KB_DRAIN_SECONDS (default 3),
KB_STOP_TIMEOUT_SECONDS (default 10), KB_PUBLIC_URL (where browsers reach the service, for
sign-in links and the cookie's Secure flag; default http://HOST:PORT), KB_TRUST_PROXY (Express's
trust proxy: true, a hop count or addresses, when a balancer sets X-Forwarded-For; default false),
KB_SIGNIN_ATTEMPTS_PER_ADDRESS (sign-in attempts one address may make in 15 minutes; default 30).
Stops cleanly on SIGINT (Ctrl-C) or SIGTERM: first it drains (/readyz answers 503, it still
serves) until no connection is open or KB_DRAIN_SECONDS pass; then it takes no new connections,
closes each open one after its next answer (idle ones after as long again), lets the requests in
flight finish and closes the database. A stop that takes longer than KB_STOP_TIMEOUT_SECONDS
(more than twice KB_DRAIN_SECONDS) in all exits with status 1.`)
    .action(async (options: ServeOptions, command: Command) => {
      const config = serveConfig(options, command);
      const { serve } = require('./server') as typeof import('./server');
      await serve(config, { demo: options.demo });
    });
}
