// autocannon reads answers through a socket's 'data' events, so Node allocates a fresh buffer for
// every read off the socket. Reading a 6 MB answer (the uncompressed tree at 100,000 pages) cost a
// plain client about 4 ms of CPU that way, and about 1.2 ms reading into one buffer used again for
// every read (Node's `onread` option), so the load generator, not the server, bounded that row.
// Nothing keeps a read's bytes past its 'data' event (bodies are dropped: discard-bodies.ts; the
// parser turns header lines into strings), so every connection reads into the same buffer, and its
// 'data' listeners get a view of the bytes just read.
import net from 'node:net';

const READ_BYTES = 64 * 1024;

/** Makes net.connect(port, host) read into one buffer; returns what puts net.connect back. */
export function readIntoOneBuffer(): () => void {
  const buffer = Buffer.allocUnsafe(READ_BYTES);
  const connect = net.connect;
  // autocannon connects with net.connect(port, hostname) over plain TCP.
  (net as { connect: unknown }).connect = (...args: unknown[]): net.Socket => {
    const [port, host] = args;
    // Fails loudly if autocannon connects another way, rather than measure differently unnoticed.
    if (args.length !== 2 || typeof host !== 'string') throw new Error('autocannon called net.connect with other arguments than (port, host): check bench/one-read-buffer.ts');
    // true: go on reading (false would pause the socket).
    const callback = (bytes: number): boolean => socket.emit('data', buffer.subarray(0, bytes)) || true;
    const socket: net.Socket = connect({ port: Number(port), host, onread: { buffer, callback } });
    return socket;
  };
  return () => void ((net as { connect: unknown }).connect = connect);
}
