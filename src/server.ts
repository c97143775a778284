// Puts the REST API on the network: builds the app over a store, listens, and stops cleanly.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { LogLevel } from './config.ts';
import { buildApp } from './http/app.ts';
import type { Store } from './store/store.ts';

export interface ServerOptions {
  store: Store;
  host: string;
  /** 0 lets the system choose a free port; `url` tells which one. */
  port: number;
  bodyLimit: number;
  logLevel: LogLevel;
}

export interface RunningServer {
  app: FastifyInstance;
  /** Where a client on this machine reaches the service, e.g. http://127.0.0.1:8080. */
  url: string;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const app = buildApp({
    store: options.store,
    bodyLimit: options.bodyLimit,
    logger: options.logLevel === 'silent' ? false : { level: options.logLevel },
  });
  try {
    await app.listen({ host: options.host, port: options.port });
  } catch (error) {
    await app.close();
    throw new Error(`Cannot listen on ${options.host}:${options.port}: ${(error as Error).message}`);
  }
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://${clientHost(options.host)}:${port}` };
}

/** A wildcard address is not one a client can dial, so point it at this machine. */
function clientHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Runs `stop` once on the first SIGINT or SIGTERM, then lets the process end by itself. A second
 * signal while stopping, or a stop that leaves something open for 10 s, ends the process at once.
 */
export function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    setTimeout(() => process.exit(process.exitCode ?? 0), 10_000).unref();
    stop().catch((error: unknown) => {
      process.stderr.write(`error: stopping after ${signal} failed: ${(error as Error).message}\n`);
      process.exitCode = 1;
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
