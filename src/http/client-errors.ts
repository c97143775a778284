// What Node's HTTP server answers on its own, before the framework sees the request, still gets
// the error shape: an unknown or lower-case method is 405, headers over the limit 431, anything
// else the parser rejects 400; each with the CORS header and a request id, then the connection closes. CONNECT
// (which Node would drop unanswered) is 405 too, and an Expect header other than 100-continue
// (which Node would refuse with a bare 417) is ignored, as RFC 9110 allows.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { errorStatus, type ErrorCode } from '../errors/error-codes';
import { errorBody } from '../errors/envelope.filter';

const reasons: Record<number, string> = { 400: 'Bad Request', 405: 'Method Not Allowed', 431: 'Request Header Fields Too Large' };
const wrongMethod = 'The request method is not one this service offers; use GET, POST, PATCH or DELETE in capitals.';

function describe(error: NodeJS.ErrnoException): [ErrorCode, string] {
  if (error.code === 'HPE_HEADER_OVERFLOW') return ['REQUEST_HEADER_FIELDS_TOO_LARGE', 'The request headers are larger than this service accepts.'];
  if (error.code === 'HPE_INVALID_METHOD') return ['METHOD_NOT_ALLOWED', wrongMethod];
  return ['BAD_REQUEST', 'The request could not be read as HTTP/1.1.'];
}

/** Writes the error as the last answer on the connection, and closes it. */
function answerAndClose(socket: Duplex, code: ErrorCode, message: string): void {
  const status = errorStatus[code];
  const body = errorBody(code, message);
  socket.end(
    `HTTP/1.1 ${status} ${reasons[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nAccess-Control-Allow-Origin: *\r\nX-Request-Id: ${randomUUID()}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

/** The answer Node is still writing on this connection (pipelined requests), if any. */
export function responseInFlight(socket: Socket): ServerResponse | undefined {
  return (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
}

export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const [code, message] = describe(error);
    const inFlight = responseInFlight(socket);
    if (!inFlight) return answerAndClose(socket, code, message);
    // An earlier request on this connection is still being answered: that answer goes first.
    inFlight.once('finish', () => (socket.writable ? answerAndClose(socket, code, message) : socket.destroy()));
    inFlight.once('close', () => {
      if (!inFlight.writableFinished) socket.destroy();
    });
  });
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => answerAndClose(socket, 'METHOD_NOT_ALLOWED', wrongMethod));
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => server.emit('request', request, response));
}
