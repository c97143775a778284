// The ceiling: a bare node:http server in its own process answering one fixed JSON body, shaped and
// sized like a page detail answer of the benchmark corpus (about 2.3 KB), so the service's figures
// read as a share of what this machine's HTTP stack (and the load generator) can do for such answers.
// With the argument `small` it answers a 600-byte body instead, for comparison with figures taken so.
// Prints the URL it listens on as its first line of output.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generatePages } from './corpus.ts';

const page = generatePages(1, 1).next().value!;
const small = process.argv[2] === 'small';
const body = small ? JSON.stringify({
  content_id: 'abc123',
  title: 'サーバー設定の手順について',
  body: 'The server reads its config file before the cache starts. '.repeat(6),
  type: 'M',
  level: 2,
  path: ['運用', '設定', 'サーバー設定の手順について'],
  lang: 'ja',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
}) : JSON.stringify({
  content_id: 'abc123',
  title: page.title,
  body: page.body,
  type: page.type,
  level: 2,
  path: ['運用', '設定', page.title],
  lang: page.lang,
  view: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
const stop = () => {
  server.close();
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
