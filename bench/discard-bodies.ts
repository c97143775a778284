// autocannon appends the body of every answer to a string (PipelinedRequestsQueue.addBody), decoding
// it as UTF-8, only to compare it with `expectBody`, which the bench never sets: the probe checks the
// answer, the load only counts statuses and times. For the 6 MB tree at 100,000 pages that decoding
// cost the load generator's core 5–10 ms an answer, so it, not the server, set the tree's latency
// (the bare node:http ceiling answering the same bytes had the same p50). Bodies are now dropped as
// they come; their bytes are still read off the socket and parsed.
import PipelinedRequestsQueue = require('autocannon/lib/pipelinedRequestsQueue');

export function discardResponseBodies(): void {
  // Fails loudly if another autocannon version moved the method, rather than measure differently unnoticed.
  if (typeof PipelinedRequestsQueue.prototype.addBody !== 'function') {
    throw new Error('autocannon/lib/pipelinedRequestsQueue has no addBody: check bench/discard-bodies.ts against this autocannon version');
  }
  PipelinedRequestsQueue.prototype.addBody = () => {};
}
