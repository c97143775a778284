// Once a stopping service has closed its listener, every answer says `Connection: close` (and Node
// closes the connection after it), so a proxy sends nothing more on a connection of that process.
import type { NextFunction, Request, Response } from 'express';
import type { DrainState } from '../health/drain-state';

export function closeConnectionsWhileDraining(drain: DrainState) {
  return (_request: Request, response: Response, next: NextFunction): void => {
    if (drain.closingConnections) response.setHeader('Connection', 'close');
    next();
  };
}
