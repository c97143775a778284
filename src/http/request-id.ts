// Every answer carries X-Request-Id: the client's own when it is a sane value (bounded, a safe
// charset, so it cannot forge log lines or headers), else a fresh UUID. Log lines carry it too.
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** A request id of the client's that is kept (the OpenAPI document gives it as the header's pattern). */
export const SANE_REQUEST_ID = /^[\w.:+/=-]{1,128}$/;

export function requestId(request: Request, response: Response, next: NextFunction): void {
  const sent = request.headers['x-request-id'];
  const id = typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
  request.id = id;
  response.setHeader('X-Request-Id', id);
  next();
}
