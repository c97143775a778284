// What Node's HTTP server answers on its own, before the framework sees the request, still gets
// the error shape: an unknown or lower-case method is 405, headers over the limit 431, anything
// else the parser rejects 400; each with the CORS header and a request id, then the connection closes. CONNECT
// (which Node would drop unanswered) is 405 too, and an Expect header other than 100-continue
// (which Node would refuse with a bare 417) is ignored, as RFC 9110 allows. A 405 carries Allow
// (RFC 9110 §15.5.6), read from the request target as the framework's own 405 would be.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { errorStatus, type ErrorCode } from '../errors/error-codes';
import { errorBody } from '../errors/envelope.filter';
import { pathOf, type RouteTable } from './route-table';

const reasons: Record<number, string> = { 400: 'Bad Request', 405: 'Method Not Allowed', 431: 'Request Header Fields Too Large' };

interface Refusal {
  code: ErrorCode;
  message: string;
  /** The Allow header of a 405. */
  allow?: string;
}

/** What the parser refused: `rawPacket` is the chunk it was reading, `bytesParsed` where in it it stopped. */
type ParserError = NodeJS.ErrnoException & { rawPacket?: Buffer; bytesParsed?: number };

const whitespace = new Set([0x20, 0x09, 0x0d, 0x0a]);

/** The request target of the request the parser stopped in (it stops inside the method, or at the
 * space after it), when it arrived whole, up to the space after it: the chunk may hold requests
 * already answered before it, or end inside it. */
function refusedTarget(error: ParserError): string | undefined {
  const packet = error.rawPacket;
  if (!packet) return undefined;
  let methodStart = Math.min(error.bytesParsed ?? 0, packet.length);
  while (methodStart > 0 && !whitespace.has(packet[methodStart - 1])) methodStart--;
  return /^\S+ (\S+) /.exec(packet.toString('latin1', methodStart))?.[1];
}

function wrongMethod(routes: RouteTable, target: string | undefined): Refusal {
  const allow = routes.allowAt(target === undefined ? undefined : pathOf(target));
  return { code: 'METHOD_NOT_ALLOWED', message: `The request method is not offered here; use one of ${allow} (methods are case-sensitive).`, allow };
}

function describe(error: ParserError, routes: RouteTable): Refusal {
  if (error.code === 'HPE_HEADER_OVERFLOW') return { code: 'REQUEST_HEADER_FIELDS_TOO_LARGE', message: 'The request headers are larger than this service accepts.' };
  if (error.code === 'HPE_INVALID_METHOD') return wrongMethod(routes, refusedTarget(error));
  return { code: 'BAD_REQUEST', message: 'The request could not be read as HTTP/1.1.' };
}

/** Writes the error as the last answer on the connection, and closes it. */
function answerAndClose(socket: Duplex, { code, message, allow }: Refusal): void {
  const status = errorStatus[code];
  const body = errorBody(code, message);
  socket.end(
    `HTTP/1.1 ${status} ${reasons[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n${allow ? `Allow: ${allow}\r\n` : ''}` +
      `Access-Control-Allow-Origin: *\r\nX-Request-Id: ${randomUUID()}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** The answer Node is still writing on this connection (pipelined requests), if any. */
export function responseInFlight(socket: Socket): ServerResponse | undefined {
  return (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
}

export function answerClientErrors(server: Server, routes: RouteTable): void {
  server.on('clientError', (error: ParserError, socket: Socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const refusal = describe(error, routes);
    const inFlight = responseInFlight(socket);
    if (!inFlight) return answerAndClose(socket, refusal);
    // An earlier request on this connection is still being answered: that answer goes first.
    inFlight.once('finish', () => (socket.writable ? answerAndClose(socket, refusal) : socket.destroy()));
    inFlight.once('close', () => {
      if (!inFlight.writableFinished) socket.destroy();
    });
  });
  server.on('connect', (request: IncomingMessage, socket: Duplex) => answerAndClose(socket, wrongMethod(routes, request.url)));
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => server.emit('request', request, response));
}
