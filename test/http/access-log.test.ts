// With a logger, the service writes one access-log line per answered request.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { buildApp } from '../../src/http/app.ts';
import { pagesPath, setupFor } from '../support/fixtures.ts';

test('one access-log line per request, with method, url and status', async (t) => {
  const ctx = await setupFor(t);
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = buildApp({ store: ctx.store, logger: { level: 'info', stream } });
  t.after(() => app.close());
  const res = await app.inject({ method: 'GET', url: `/api/v1${pagesPath(ctx)}`, headers: { authorization: `Bearer ${ctx.token}` } });
  assert.equal(res.statusCode, 200);
  const requests = lines.filter((line) => line.url !== undefined);
  assert.equal(requests.length, 1);
  assert.equal(requests[0].method, 'GET');
  assert.equal(requests[0].url, `/api/v1${pagesPath(ctx)}`);
  assert.equal(requests[0].status, 200);
});
