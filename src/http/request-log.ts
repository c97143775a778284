// The request log (pino-http): one lean line per answered request, at info: method, route (the
// matched pattern, else the path), status, duration in ms and the request id. No headers, so no
// token. Mounted only when info is logged: at warn a request costs nothing here.
import type { NextFunction, Request, Response } from 'express';
import type { Logger as Pino } from 'pino';
import { pinoHttp } from 'pino-http';

// Timed here to the hundredth of a millisecond: pino-http's own responseTime is whole
// milliseconds, and most answers take less than one.
const started = Symbol('started');

type TimedRequest = Request & { [started]?: number };

/** Paths are the client's choice: a line keeps only so much of one. */
const MAX_PATH_LENGTH = 256;

function routeOf(request: Request): string {
  const pattern = (request.route as { path?: unknown } | undefined)?.path;
  return typeof pattern === 'string' ? pattern : request.originalUrl.split('?')[0].slice(0, MAX_PATH_LENGTH);
}

function lineOf(request: TimedRequest, response: Response): object {
  const ms = Math.round((performance.now() - (request[started] ?? performance.now())) * 100) / 100;
  return { method: request.method, route: routeOf(request), status: response.statusCode, ms };
}

export function requestLog(logger: Pino) {
  const log = pinoHttp<Request, Response>({
    logger,
    genReqId: (request) => request.id,
    // Bind only the request id (quiet*) where pino-http would bind the whole request and response.
    quietReqLogger: true,
    quietResLogger: true,
    customSuccessObject: lineOf,
    customErrorObject: lineOf,
  });
  return (request: TimedRequest, response: Response, next: NextFunction): void => {
    request[started] = performance.now();
    log(request, response, next);
  };
}
