// Stopping the service without losing a request behind a proxy that keeps connections alive
// (nginx's upstream keepalive, whose idle timeout is shorter than ours): drain first, still
// listening and keeping connections alive; then stop listening and close each connection after its
// next answer; let the requests in flight finish; close the database.
import type { INestApplication } from '@nestjs/common';
import type { Server as HttpServer } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { DrainState } from '../health/drain-state';
import { responseInFlight } from '../http/client-errors';

/** How often the drain looks whether any connection is still open. */
const POLL_MS = 50;

/** The server's open connections, kept from the start: a stop must reach the requests already in flight. */
export function trackConnections(server: HttpServer): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return sockets;
}

/**
 * From now on every answer closes its connection (Node closes it after a `Connection: close`):
 * the answers still being made, and those to requests yet to come on the open connections, set at
 * the server ahead of the app, so no request pays for it before a stop.
 */
function closeEachConnectionAfterItsAnswer(server: HttpServer, sockets: Set<Socket>): void {
  for (const socket of sockets) {
    const response = responseInFlight(socket);
    if (response && !response.headersSent) response.setHeader('Connection', 'close');
  }
  server.prependListener('request', (_request, response) => response.setHeader('Connection', 'close'));
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
  log(`kb-pages is draining: /readyz answers 503; serving on for up to ${drainMs / 1000} s while connections are open.`);
  const left = await connectionsLeftAfter(connections, drainMs);
  // The listener closes while the proxy still keeps its connections to us: it reuses those and
  // seldom opens a new one, and a new one still waiting to be accepted when the listener closes
  // is reset after the proxy may have sent a request on it (a POST it will not retry). Answers
  // kept connections alive until now for the same reason.
  const ended = stopListening(server);
  closeEachConnectionAfterItsAnswer(server, connections);
  log(`kb-pages is stopping (${left === 0 ? 'no connection open' : `${left} connection(s) still open`}): no new connections; each open one closes after its next answer.`);
  if (left > 0) {
    // A connection that has had no request for this long (longer than the proxy keeps one idle)
    // is one the proxy will not reuse: closing it cannot cut a request off.
    await Promise.race([ended, sleep(drainMs)]);
    server.closeIdleConnections();
  }
  await ended;
  log('kb-pages answered every request; closing the database.');
  await app.close();
}
