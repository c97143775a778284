// The conformance suite's client takes no credentials: a loopback proxy in front of the service
// adds the bearer token to each request, and passes everything else (Host, Origin) as sent.
import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BearerProxy {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function bearerProxy(): Promise<BearerProxy & { target(port: number, token: string): void }> {
  let targetPort = 0;
  let bearer = '';
  const server: Server = createServer((incoming, outgoing) => {
    const upstream = httpRequest({
      host: '127.0.0.1', port: targetPort, method: incoming.method, path: incoming.url,
      headers: { ...incoming.headers, authorization: `Bearer ${bearer}` },
    }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    target(toPort, token) {
      targetPort = toPort;
      bearer = token;
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
