// Stopping the service without losing a request behind a proxy that keeps connections alive
// (nginx's upstream keepalive, whose idle timeout is shorter than Node's 5 s): drain first, while
// still listening; then stop listening, let the requests in flight finish, close the database.
import type { INestApplication } from '@nestjs/common';
import type { Server as HttpServer } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { DrainState } from '../health/drain-state';
import { responseInFlight } from '../http/client-errors';

/** How often the drain looks whether any connection is still open. */
const POLL_MS = 50;

/**
 * Once the listener is closed, how long a connection accepted just before may take to bring its
 * request before the idle connections are closed: closing it unread would fail a request that
 * the proxy already sent (and will not retry if it is a POST).
 */
const LATE_REQUEST_GRACE_MS = 500;

/** The server's open connections, kept from the start: a stop must reach the requests already in flight. */
export function trackConnections(server: HttpServer): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return sockets;
}

/** The answers still being made when the drain begins close their connection too: the
 * middleware that says so for the rest (close-when-draining.ts) ran before the drain. */
function closeAfterAnswersInFlight(sockets: Set<Socket>): void {
  for (const socket of sockets) {
    const response = responseInFlight(socket);
    if (response && !response.headersSent) response.setHeader('Connection', 'close');
  }
}

/** Waits until no connection is open or `ms` have passed; answers how many are still open. */
async function connectionsLeftAfter(sockets: Set<Socket>, ms: number): Promise<number> {
  const deadline = performance.now() + ms;
  for (;;) {
    const left = deadline - performance.now();
    if (sockets.size === 0 || left <= 0) return sockets.size;
    await sleep(Math.min(POLL_MS, left));
  }
}

/**
 * Closes the listener and resolves once every connection has ended. Node's http close() would
 * also close the idle connections at once, a connection whose request is still on its way
 * among them; net's close() only stops accepting.
 */
function stopListening(server: HttpServer): Promise<void> {
  return new Promise((resolve) => NetServer.prototype.close.call(server, () => resolve()));
}

export interface StopOptions {
  /** The server's connections, from trackConnections(). */
  connections: Set<Socket>;
  drainMs: number;
  log(line: string): void;
}

export async function stopGracefully(app: INestApplication, { connections, drainMs, log }: StopOptions): Promise<void> {
  const server = app.getHttpServer() as HttpServer;
  app.get(DrainState).start();
  closeAfterAnswersInFlight(connections);
  log(`kb-pages is draining: /readyz answers 503 and every answer closes its connection; waiting up to ${drainMs / 1000} s for open connections to close.`);
  const left = await connectionsLeftAfter(connections, drainMs);
  // Closed before it is said, so whoever reads the line finds the port closed.
  const ended = stopListening(server);
  log(`kb-pages is stopping (${left === 0 ? 'no connection open' : `${left} connection(s) still open`}): no new connections, finishing the requests in flight.`);
  if (left > 0) {
    await Promise.race([ended, sleep(LATE_REQUEST_GRACE_MS)]);
    // The drain delay has passed: an idle connection has had no request since the drain began (any
    // answer since closed its connection), longer than the proxy keeps one idle when
    // KB_DRAIN_SECONDS exceeds its keepalive timeout; so the proxy is not reusing it.
    server.closeIdleConnections();
  }
  await ended;
  log('kb-pages answered every request; closing the database.');
  await app.close();
}
