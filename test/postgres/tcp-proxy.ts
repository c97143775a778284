// A TCP proxy in front of the PostgreSQL server: taking it down is the database going away for
// the store behind it (without touching the real server), bringing it up is the database coming back.
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Local ports of the proxy's connections to the server: pg_stat_activity.client_port of its backends. */
  upstreamPorts(): number[];
  /** Stops accepting and cuts every open connection: connects are refused from now on. */
  down(): Promise<void>;
  /** Accepts connections again, on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const upstreams = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const listen = () => new Promise<void>((resolve, reject) => {
    const listening = createServer((client) => {
      const upstream = connect(target.port, target.host);
      sockets.add(client);
      upstreams.add(upstream);
      const cut = () => { client.destroy(); upstream.destroy(); sockets.delete(client); upstreams.delete(upstream); };
      client.on('error', cut).on('close', cut);
      upstream.on('error', cut).on('close', cut);
      client.pipe(upstream).pipe(client);
    });
    listening.once('error', reject);
    listening.listen(port, '127.0.0.1', () => {
      port = (listening.address() as AddressInfo).port;
      server = listening;
      resolve();
    });
  });

  const down = async () => {
    const closing = server;
    server = null;
    for (const socket of [...sockets, ...upstreams]) socket.destroy();
    sockets.clear();
    upstreams.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  return {
    get port() { return port; },
    upstreamPorts: () => [...upstreams].map((s) => s.localPort).filter((p): p is number => p !== undefined),
    down,
    up: listen,
    close: down,
  };
}
