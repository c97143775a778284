// Ceiling 1: a bare node:http server answering one fixed, already serialised page-sized JSON body.
// No framework, no routing, no database: what this runtime's HTTP stack can do for such answers.
// With a file as argument it answers the bytes of that file instead (the tree's own answer, for the
// tree's ceiling); with a second file, the bytes of that one with Content-Encoding: gzip to requests
// whose Accept-Encoding names gzip (the tree's gzipped answer). Prints the URL it listens on as its
// first line of output.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixedAnswer } from './fixed-answer';

const [bodyFile, gzipFile] = process.argv.slice(2);
const body = bodyFile ? readFileSync(bodyFile) : Buffer.from(JSON.stringify(fixedAnswer()));
const gzipped = gzipFile ? readFileSync(gzipFile) : undefined;

const server = createServer((request, response) => {
  const type = 'application/json; charset=utf-8';
  if (gzipped && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    response.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip', 'content-length': gzipped.length });
    response.end(gzipped);
    return;
  }
  response.writeHead(200, { 'content-type': type, 'content-length': body.length });
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
