// A load balancer of our own on 127.0.0.1 in front of several service processes on one database,
// as a deployment has: one public address (the services' KB_PUBLIC_URL) for everything, and a
// test that says which process answers next (`pin`) and sees which one answered each request.
import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface Forwarded {
  method: string;
  /** Path and query. */
  path: string;
  /** Index of the upstream that answered. */
  upstream: number;
  status: number;
}

export interface Balancer {
  /** http://127.0.0.1:PORT, known before any upstream is. */
  url: string;
  /** The upstreams' http://127.0.0.1:PORT, in order; set once they listen. */
  setUpstreams(urls: string[]): void;
  /** Every request from now on goes to upstream `index`. */
  pin(index: number): void;
  /** Requests forwarded so far, oldest first. */
  log: Forwarded[];
  close(): Promise<void>;
}

export async function startBalancer(): Promise<Balancer> {
  let upstreams: URL[] = [];
  let pinned = 0;
  const log: Forwarded[] = [];

  const server: Server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const upstream = pinned;
    const target = upstreams[upstream];
    if (!target) {
      outgoing.writeHead(502).end('no upstream');
      return;
    }
    // The Host header stays the balancer's, as a reverse proxy that preserves it sends.
    const proxied = forward({
      host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers,
    }, (answer) => {
      log.push({ method: incoming.method ?? '', path: incoming.url ?? '', upstream, status: answer.statusCode ?? 0 });
      outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(outgoing);
    });
    proxied.on('error', (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end(String(error));
    });
    incoming.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}`,
    log,
    setUpstreams(urls) {
      upstreams = urls.map((url) => new URL(url));
    },
    pin(index) {
      if (index < 0 || index >= upstreams.length) throw new Error(`no upstream ${index} of ${upstreams.length}`);
      pinned = index;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
