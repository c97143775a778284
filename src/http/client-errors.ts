// What Node's HTTP parser rejects before the framework sees it still gets the error shape:
// an unknown or lower-case method is 405, headers over the limit 431, anything else 400; each
// with the CORS header, then the connection closes.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { errorStatus, type ErrorCode } from '../errors/error-codes';
import { errorBody } from '../errors/envelope.filter';

const reasons: Record<number, string> = { 400: 'Bad Request', 405: 'Method Not Allowed', 431: 'Request Header Fields Too Large' };

function describe(error: NodeJS.ErrnoException): [ErrorCode, string] {
  if (error.code === 'HPE_HEADER_OVERFLOW') return ['REQUEST_HEADER_FIELDS_TOO_LARGE', 'The request headers are larger than this service accepts.'];
  if (error.code === 'HPE_INVALID_METHOD') return ['METHOD_NOT_ALLOWED', 'The request method is not one this service offers; use GET, POST, PATCH or DELETE in capitals.'];
  return ['BAD_REQUEST', 'The request could not be read as HTTP/1.1.'];
}

export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || (error.code === 'ECONNRESET')) {
      socket.destroy();
      return;
    }
    const [code, message] = describe(error);
    const status = errorStatus[code];
    const body = errorBody(code, message);
    socket.end(
      `HTTP/1.1 ${status} ${reasons[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
