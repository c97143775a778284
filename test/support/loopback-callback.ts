// What a native MCP client runs to catch the end of an OAuth sign-in (RFC 8252 §7.3): an HTTP server
// on 127.0.0.1, on a port the kernel picks, whose /callback the authorization server redirects
// the browser to with the code (or the error) in the query.
import { createServer, type Server } from 'node:http';

export interface LoopbackCallback {
  /** http://127.0.0.1:PORT/callback, the redirect URI to register. */
  redirectUri: string;
  /** Resolves with the query of the next request to /callback (each call waits for a new one). */
  next(): Promise<URLSearchParams>;
  close(): Promise<void>;
}

export async function startLoopbackCallback(): Promise<LoopbackCallback> {
  let waiting: ((query: URLSearchParams) => void) | undefined;
  const arrived: URLSearchParams[] = [];

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><html lang="en"><title>Signed in</title><p>You may close this window.</p></html>');
    if (waiting) {
      const resolve = waiting;
      waiting = undefined;
      resolve(url.searchParams);
    } else {
      arrived.push(url.searchParams);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    next() {
      const early = arrived.shift();
      if (early) return Promise.resolve(early);
      if (waiting) throw new Error('already waiting for a callback');
      return new Promise((resolve) => { waiting = resolve; });
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
