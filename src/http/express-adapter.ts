// Nest's Express adapter, with an HTTP server that makes every request and response with the
// prototype Express gives them. Express sets it on each one (Object.setPrototypeOf in app.handle),
// which moves both objects to new hidden classes in V8 on every request: about 26,000 instructions,
// 7% of a page detail. Made with that prototype, they keep it: Express's call changes nothing.
import { IncomingMessage, ServerResponse, createServer } from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';

/** A constructor making what `base` makes, with `prototype` as the object's prototype. */
function constructingWith<T extends Function>(base: T, prototype: object): T {
  function Made(...args: unknown[]): object {
    return Reflect.construct(base, args, Made) as object;
  }
  Made.prototype = prototype;
  return Made as unknown as T;
}

export class PrototypedExpressAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    // Whatever the options ask for (HTTPS, connection tracking) stays Nest's own way.
    if (options?.httpsOptions || options?.forceCloseConnections || options?.return503OnClosing) {
      super.initHttpServer(options);
      return;
    }
    const app = this.getInstance<Express>();
    this.httpServer = createServer(
      {
        IncomingMessage: constructingWith(IncomingMessage, app.request),
        ServerResponse: constructingWith(ServerResponse, app.response),
      },
      app,
    );
  }
}
