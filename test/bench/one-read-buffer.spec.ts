// The load generator's connections read into one buffer (bench/one-read-buffer.ts): every read is a
// view of it, the bytes are the server's, and autocannon still counts every answer and status.
import autocannon from 'autocannon';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import net from 'node:net';
import { readIntoOneBuffer } from '../../bench/one-read-buffer';

/** About 1 MB, not a multiple of a read, and a different byte at each position modulo 251. */
const BIG = Buffer.from(Array.from({ length: 1_000_003 }, (_, i) => i % 251));

describe('reading into one buffer', () => {
  let server: Server;
  let port: number;
  /** Answers in turn: big 200, small 404, big 404, small 200 … */
  const answered = { 200: 0, 404: 0 };
  /** The server's sockets of the current test: what they wrote is the bytes sent. */
  const sockets: Socket[] = [];
  const bytesWritten = () => sockets.reduce((sum, socket) => sum + socket.bytesWritten, 0);

  beforeAll(async () => {
    let turn = 0;
    server = createServer((_request, response) => {
      const status = turn % 3 === 1 ? 404 : 200;
      const body = turn % 2 === 0 ? BIG : Buffer.from('{"small":true}');
      turn++;
      answered[status]++;
      response.writeHead(status, { 'content-type': 'application/octet-stream', 'content-length': body.length });
      response.end(body);
    });
    server.on('connection', (socket: Socket) => sockets.push(socket));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    answered[200] = answered[404] = 0;
    sockets.length = 0;
  });

  it("gives 'data' listeners views of one buffer, holding exactly the bytes the server sent", async () => {
    const restore = readIntoOneBuffer();
    const socket = net.connect(port, '127.0.0.1');
    restore();
    const buffers = new Set<ArrayBufferLike>();
    const copies: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => {
      buffers.add(chunk.buffer);
      copies.push(Buffer.from(chunk));
    });
    socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await once(socket, 'close');
    const received = Buffer.concat(copies);
    expect(copies.length).toBeGreaterThan(1);
    expect(buffers.size).toBe(1);
    expect(received.subarray(received.length - BIG.length).equals(BIG)).toBe(true);
    expect(received.length).toBe(bytesWritten());
  });

  it('leaves autocannon counting every answer, its status and its bytes', async () => {
    const restore = readIntoOneBuffer();
    const statuses = { 200: 0, 404: 0 };
    let bytes = 0;
    try {
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon({ url: `http://127.0.0.1:${port}`, connections: 4, amount: 120, timeout: 10 }, (error, done) => (error ? reject(error) : resolve(done)));
        instance.on('response', (_client, status, size) => {
          statuses[status as 200 | 404]++;
          bytes += size;
        });
      });
      expect(result.errors).toBe(0);
    } finally {
      restore();
    }
    expect(statuses[200] + statuses[404]).toBe(120);
    expect(statuses).toEqual(answered);
    expect(bytes).toBe(bytesWritten());
  });
});
