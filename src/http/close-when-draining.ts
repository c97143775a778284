// While the service drains, every answer says `Connection: close` (and Node closes the connection
// after it), so a proxy never sends another request on a connection of a stopping process.
import type { NextFunction, Request, Response } from 'express';
import type { DrainState } from '../health/drain-state';

export function closeConnectionsWhileDraining(drain: DrainState) {
  return (_request: Request, response: Response, next: NextFunction): void => {
    if (drain.draining) response.setHeader('Connection', 'close');
    next();
  };
}
