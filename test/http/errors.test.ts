// Request bodies and the order of checks after authorization (decisions "Order of checks" 6–8),
// and the one error shape, 500 included (spec "Errors").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  addUser, assertError, call, createPage, createToken, pagesPath, setupFor, storeReplacing, withStore, type TestContext,
} from '../support/fixtures.ts';

/** A request with exactly these headers and payload: call() would add a JSON content type. */
function raw(ctx: TestContext, method: 'POST' | 'PATCH', path: string, headers: Record<string, string>, payload?: string) {
  return ctx.app.inject({ method, url: `/api/v1${path}`, headers, payload });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function readToken(ctx: TestContext): Promise<string> {
  const userId = await addUser(ctx.store, ctx.baseId, 'owner');
  return createToken(ctx.store, { baseId: ctx.baseId, userId, scope: 'read' });
}

test('POST with Content-Type text/plain is 415 UNSUPPORTED_MEDIA_TYPE', async (t) => {
  const ctx = await setupFor(t);
  const res = await raw(ctx, 'POST', pagesPath(ctx), { ...bearer(ctx.token), 'content-type': 'text/plain' }, '{"title":"x"}');
  assertError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  assert.match(res.json().error.message, /application\/json/);
});

test('POST without a Content-Type is 415 UNSUPPORTED_MEDIA_TYPE', async (t) => {
  const ctx = await setupFor(t);
  assertError(await raw(ctx, 'POST', pagesPath(ctx), bearer(ctx.token), '{"title":"x"}'), 415, 'UNSUPPORTED_MEDIA_TYPE');
});

test('POST without a Content-Type and without a body is 415 UNSUPPORTED_MEDIA_TYPE', async (t) => {
  const ctx = await setupFor(t);
  assertError(await raw(ctx, 'POST', pagesPath(ctx), bearer(ctx.token)), 415, 'UNSUPPORTED_MEDIA_TYPE');
});

test('PATCH with Content-Type text/plain is 415 and changes nothing', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'Kept' });
  const res = await raw(ctx, 'PATCH', pagesPath(ctx, page.content_id), { ...bearer(ctx.token), 'content-type': 'text/plain' }, '{"title":"x"}');
  assertError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  assert.equal((await call(ctx, 'GET', pagesPath(ctx, page.content_id))).json().title, 'Kept');
});

test('POST with a JSON look-alike media type is 415', async (t) => {
  const ctx = await setupFor(t);
  for (const type of ['application/jsonx', 'application/vnd.api+json', 'text/json']) {
    assertError(await raw(ctx, 'POST', pagesPath(ctx), { ...bearer(ctx.token), 'content-type': type }, '{"title":"x"}'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  }
});

for (const type of ['application/json; charset=utf-8', 'application/json;charset=UTF-8', 'Application/JSON', 'APPLICATION/JSON; Charset=utf-8']) {
  test(`POST accepts Content-Type "${type}" (parameters allowed, case-insensitive)`, async (t) => {
    const ctx = await setupFor(t);
    const res = await raw(ctx, 'POST', pagesPath(ctx), { ...bearer(ctx.token), 'content-type': type }, '{"title":"x"}');
    assert.equal(res.statusCode, 201, res.body);
  });
}

test('PATCH accepts Content-Type with a charset parameter', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'x' });
  const res = await raw(ctx, 'PATCH', pagesPath(ctx, page.content_id), { ...bearer(ctx.token), 'content-type': 'application/json; charset=utf-8' }, '{"title":"y"}');
  assert.equal(res.statusCode, 200, res.body);
});

test('415 comes after authentication: no token and text/plain is 401', async (t) => {
  const ctx = await setupFor(t);
  const res = await raw(ctx, 'POST', pagesPath(ctx), { 'content-type': 'text/plain' }, 'hello');
  assertError(res, 401, 'UNAUTHORIZED');
});

test('415 comes after the scope check: a read-scope token and text/plain is 403', async (t) => {
  const ctx = await setupFor(t);
  const res = await raw(ctx, 'POST', pagesPath(ctx), { ...bearer(await readToken(ctx)), 'content-type': 'text/plain' }, 'hello');
  assertError(res, 403, 'FORBIDDEN');
});

test('400 comes after 415: text/plain with unparsable JSON is 415', async (t) => {
  const ctx = await setupFor(t);
  const res = await raw(ctx, 'POST', pagesPath(ctx), { ...bearer(ctx.token), 'content-type': 'text/plain' }, '{not json');
  assertError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
});

test('400 comes after the scope check: a read-scope token with an invalid body is 403', async (t) => {
  const ctx = await setupFor(t);
  const res = await call(ctx, 'POST', pagesPath(ctx), { token: await readToken(ctx), body: { nope: 1 } });
  assertError(res, 403, 'FORBIDDEN');
});

test('unparsable JSON is 400 BAD_REQUEST', async (t) => {
  const ctx = await setupFor(t);
  const res = await call(ctx, 'POST', pagesPath(ctx), { body: '{"title": "x",' });
  assertError(res, 400, 'BAD_REQUEST');
  assert.match(res.json().error.message, /JSON/);
});

for (const [label, payload] of [['__proto__', '{"title":"x","__proto__":{"admin":true}}'], ['constructor.prototype', '{"title":"x","constructor":{"prototype":{"admin":true}}}']]) {
  test(`a body with a ${label} key is 400 BAD_REQUEST`, async (t) => {
    const ctx = await setupFor(t);
    assertError(await call(ctx, 'POST', pagesPath(ctx), { body: payload }), 400, 'BAD_REQUEST');
  });
}

test('an empty body with Content-Type application/json is 400 BAD_REQUEST', async (t) => {
  const ctx = await setupFor(t);
  assertError(await raw(ctx, 'POST', pagesPath(ctx), { ...bearer(ctx.token), 'content-type': 'application/json' }), 400, 'BAD_REQUEST');
});

for (const [label, payload] of [['an array', '[]'], ['a string', '"x"'], ['a number', '1'], ['null', 'null'], ['an array of an object', '[{"title":"x"}]']]) {
  test(`a POST body that is ${label}, not a JSON object, is 400 BAD_REQUEST`, async (t) => {
    const ctx = await setupFor(t);
    assertError(await call(ctx, 'POST', pagesPath(ctx), { body: payload }), 400, 'BAD_REQUEST');
    assert.equal((await call(ctx, 'GET', pagesPath(ctx))).json().total, 0);
  });

  test(`a PATCH body that is ${label}, not a JSON object, is 400 BAD_REQUEST`, async (t) => {
    const ctx = await setupFor(t);
    const page = await createPage(ctx, { title: 'x' });
    assertError(await call(ctx, 'PATCH', pagesPath(ctx, page.content_id), { body: payload }), 400, 'BAD_REQUEST');
  });
}

test('a body larger than the limit is 413 PAYLOAD_TOO_LARGE in the error shape', async (t) => {
  const ctx = await setupFor(t, { bodyLimit: 1000 });
  const res = await call(ctx, 'POST', pagesPath(ctx), { body: { title: 'big', body: 'x'.repeat(2000) } });
  assertError(res, 413, 'PAYLOAD_TOO_LARGE');
  assert.equal((await call(ctx, 'GET', pagesPath(ctx))).json().total, 0);
});

test('a PATCH body larger than the limit is 413 PAYLOAD_TOO_LARGE', async (t) => {
  const ctx = await setupFor(t, { bodyLimit: 1000 });
  const page = await createPage(ctx, { title: 'small' });
  assertError(await call(ctx, 'PATCH', pagesPath(ctx, page.content_id), { body: { body: 'x'.repeat(2000) } }), 413, 'PAYLOAD_TOO_LARGE');
});

test('a body just under the limit is accepted', async (t) => {
  const ctx = await setupFor(t, { bodyLimit: 1000 });
  const res = await call(ctx, 'POST', pagesPath(ctx), { body: { title: 'fits', body: 'x'.repeat(900) } });
  assert.equal(res.statusCode, 201);
});

test('the default body limit accepts a body of almost 1 MiB', async (t) => {
  const ctx = await setupFor(t);
  const res = await call(ctx, 'POST', pagesPath(ctx), { body: { title: 'large', body: 'x'.repeat(1000 * 1000) } });
  assert.equal(res.statusCode, 201);
});

test('the default body limit refuses a body over 1 MiB with 413', async (t) => {
  const ctx = await setupFor(t);
  const res = await call(ctx, 'POST', pagesPath(ctx), { body: { title: 'huge', body: 'x'.repeat(1024 * 1024 + 1) } });
  assertError(res, 413, 'PAYLOAD_TOO_LARGE');
});

test('the page 404 comes after body validation: PATCH of an unknown page with an invalid body is 400', async (t) => {
  const ctx = await setupFor(t);
  assertError(await call(ctx, 'PATCH', pagesPath(ctx, 'zzzzzz'), { body: {} }), 400, 'BAD_REQUEST');
  assertError(await call(ctx, 'PATCH', pagesPath(ctx, 'zzzzzz'), { body: { level: -1 } }), 400, 'BAD_REQUEST');
});

test('the page 404 comes after body validation: PATCH of a deleted page with an invalid body is 400', async (t) => {
  const ctx = await setupFor(t);
  const page = await createPage(ctx, { title: 'x' });
  await call(ctx, 'DELETE', pagesPath(ctx, page.content_id));
  assertError(await call(ctx, 'PATCH', pagesPath(ctx, page.content_id), { body: { title: '' } }), 400, 'BAD_REQUEST');
});

for (const id of ['ABCDEF', 'abc', 'abcdefg', 'ab-cde', 'ab%20cd']) {
  test(`a malformed content_id "${id}" is 404 NOT_FOUND on GET, PATCH and DELETE`, async (t) => {
    const ctx = await setupFor(t);
    assertError(await call(ctx, 'GET', pagesPath(ctx, id)), 404, 'NOT_FOUND');
    assertError(await call(ctx, 'PATCH', pagesPath(ctx, id), { body: { title: 'x' } }), 404, 'NOT_FOUND');
    assertError(await call(ctx, 'DELETE', pagesPath(ctx, id)), 404, 'NOT_FOUND');
  });
}

test('a content_id is matched exactly: the upper-case form of a real id is 404', async (t) => {
  const ctx = await setupFor(t);
  let page = await createPage(ctx, { title: 'x' });
  while (!/[a-z]/.test(page.content_id)) page = await createPage(ctx, { title: 'x' });
  assertError(await call(ctx, 'GET', pagesPath(ctx, page.content_id.toUpperCase())), 404, 'NOT_FOUND');
});

test('a failure inside the service is 500 INTERNAL_ERROR without stack trace or SQL', async (t) => {
  const ctx = await setupFor(t);
  const failing = await withStore(ctx, storeReplacing(ctx.store, 'countPages', async () => {
    throw new Error('SQL secret: SELECT count(*) FROM pages');
  }));
  t.after(() => failing.close());
  const res = await call(failing, 'GET', `/bases/${ctx.baseId}/info`);
  assertError(res, 500, 'INTERNAL_ERROR');
  assert.doesNotMatch(res.body, /secret|SELECT|at |\.ts/);
});

test('a failure inside a write is 500 in the error shape with the CORS header', async (t) => {
  const ctx = await setupFor(t);
  const failing = await withStore(ctx, storeReplacing(ctx.store, 'createPage', async () => {
    throw new TypeError('secret column missing');
  }));
  t.after(() => failing.close());
  const res = await call(failing, 'POST', pagesPath(ctx), { body: { title: 'x' } });
  assertError(res, 500, 'INTERNAL_ERROR');
  assert.doesNotMatch(res.body, /secret|at /);
  assert.equal(res.headers['access-control-allow-origin'], '*');
});

test('error responses carry Content-Type application/json; charset=utf-8', async (t) => {
  const ctx = await setupFor(t);
  const responses = [
    await call(ctx, 'GET', pagesPath(ctx, 'zzzzzz')),
    await call(ctx, 'GET', `/bases/${ctx.baseId}/info`, { token: null }),
    await call(ctx, 'PUT', pagesPath(ctx)),
    await call(ctx, 'GET', '/nowhere'),
    await call(ctx, 'POST', pagesPath(ctx), { body: '{' }),
  ];
  for (const res of responses) assert.equal(res.headers['content-type'], 'application/json; charset=utf-8', res.body);
});
