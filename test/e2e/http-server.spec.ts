// The HTTP server makes requests and responses with the prototypes Express gives them, so that
// Express setting them again on every request changes nothing (src/http/express-adapter.ts).
import { IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { Express } from 'express';
import { describeEachBackend } from '../support/e2e';

describeEachBackend('HTTP server', (h) => {
  it("makes every request and response with Express's prototypes, still Node's own kinds", async () => {
    const base = await h().fresh();
    const express = h().app.getHttpAdapter().getInstance() as Express;
    const server = h().app.getHttpServer() as Server;
    const seen: boolean[] = [];
    const check = (request: IncomingMessage, response: ServerResponse): void => {
      seen.push(
        Object.getPrototypeOf(request) === express.request && Object.getPrototypeOf(response) === express.response
        && request instanceof IncomingMessage && response instanceof ServerResponse,
      );
    };
    // Runs before Express's handler, so it sees what the server made.
    server.prependListener('request', check);
    try {
      expect((await base.call('get', `/bases/${base.baseId}/info`)).status).toBe(200);
      expect((await base.call('get', base.pagesPath('nothere'))).status).toBe(404);
    } finally {
      server.off('request', check);
    }
    expect(seen).toEqual([true, true]);
  });
});
