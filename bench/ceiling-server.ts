// Ceiling 1: a bare node:http server answering one fixed, already serialised page-sized JSON body.
// No framework, no routing, no database: what this runtime's HTTP stack can do for such answers.
// With a file as argument it answers the bytes of that file instead (the tree's own answer, for the
// tree's ceiling). Prints the URL it listens on as its first line of output.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixedAnswer } from './fixed-answer';

const bodyFile = process.argv[2];
const body = bodyFile ? readFileSync(bodyFile) : Buffer.from(JSON.stringify(fixedAnswer()));

const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
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
