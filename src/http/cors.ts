// CORS: every answer (errors included) allows any origin and exposes Location and X-Request-Id;
// OPTIONS on a known path is the preflight, answered here with 204 and no token. Browser-based MCP
// clients send MCP-Protocol-Version with their discovery requests, so it is allowed too.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RouteTable } from './route-table';

export function cors(routes: RouteTable): RequestHandler {
  return (request: Request, response: Response, next: NextFunction): void => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Expose-Headers', 'Location, X-Request-Id');
    if (request.method === 'OPTIONS' && routes.find(request.path)) {
      response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE');
      response.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Request-Id, MCP-Protocol-Version');
      response.setHeader('Access-Control-Max-Age', '86400');
      response.status(204).end();
      return;
    }
    next();
  };
}
