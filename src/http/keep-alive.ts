// How long the service keeps an idle connection open. Node's own 5 s is shorter than any balancer
// keeps its upstream connections (nginx and AWS ALB 60 s, GCP 600 s): the service would close a
// connection just as the balancer, or a client's pool, sends its next request on it, which then
// gets no answer at all, and nobody retries a POST.
import type { Server } from 'node:http';

export function keepConnectionsAlive(server: Server, seconds: number): void {
  server.keepAliveTimeout = seconds * 1000;
  // Above the idle time, so a request arriving late on a kept connection is still read whole.
  server.headersTimeout = server.keepAliveTimeout + 1000;
  // Node refuses to read a request whose headers may take longer than the whole request may.
  server.requestTimeout = Math.max(server.requestTimeout, server.headersTimeout);
}
