// Request bodies and the order of checks after authorization (decisions "Order of checks" 6–8),
// and the one error shape, 500 included (spec "Errors").
import { gzipSync } from 'node:zlib';
import { describeEachBackend, expectError, insertToken, insertUser, type Harness, type TestBase } from '../support/e2e';

/** A request with exactly these headers and payload (call() would add a JSON media type). */
function raw(base: TestBase, method: 'post' | 'patch', path: string, headers: Record<string, string>, payload?: string) {
  let req = base.http[method](`/api/v1${path}`);
  for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
  if (payload === undefined) return req;
  // supertest sends a string under the given media type, or as a form without one; a Buffer as is.
  return Object.keys(headers).some((name) => name.toLowerCase() === 'content-type') ? req.send(payload) : req.send(Buffer.from(payload));
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function readToken(h: Harness, base: TestBase): Promise<string> {
  const userId = await insertUser(h.db, base.baseId, 'owner');
  return insertToken(h.db, { baseId: base.baseId, userId, scope: 'read' });
}

const totalPages = async (base: TestBase): Promise<number> => (await base.call('get', base.pagesPath())).body.total;

const notObjects: [string, string][] = [['an array', '[]'], ['a string', '"x"'], ['a number', '1'], ['null', 'null'], ['an array of an object', '[{"title":"x"}]']];

describeEachBackend('request bodies and errors', (h) => {
  it('answers POST with Content-Type text/plain with 415 UNSUPPORTED_MEDIA_TYPE naming application/json', async () => {
    const base = await h().fresh();
    const res = await raw(base, 'post', base.pagesPath(), { ...bearer(base.token), 'Content-Type': 'text/plain' }, '{"title":"x"}');
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(res.body.error.message).toMatch(/application\/json/);
  });

  it('answers POST without a Content-Type with 415', async () => {
    const base = await h().fresh();
    expectError(await raw(base, 'post', base.pagesPath(), bearer(base.token), '{"title":"x"}'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers POST without a Content-Type and without a body with 415', async () => {
    const base = await h().fresh();
    expectError(await raw(base, 'post', base.pagesPath(), bearer(base.token)), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers PATCH with Content-Type text/plain with 415 and changes nothing', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'Kept' });
    const res = await raw(base, 'patch', base.pagesPath(page.content_id), { ...bearer(base.token), 'Content-Type': 'text/plain' }, '{"title":"x"}');
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect((await base.call('get', base.pagesPath(page.content_id))).body.title).toBe('Kept');
  });

  it('answers POST with a JSON look-alike media type with 415', async () => {
    const base = await h().fresh();
    for (const type of ['application/jsonx', 'application/vnd.api+json', 'text/json']) {
      expectError(await raw(base, 'post', base.pagesPath(), { ...bearer(base.token), 'Content-Type': type }, '{"title":"x"}'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it.each(['application/json; charset=utf-8', 'application/json;charset=UTF-8', 'Application/JSON', 'APPLICATION/JSON; Charset=utf-8'])(
    'accepts POST with Content-Type "%s" (parameters allowed, case-insensitive)',
    async (type) => {
      const base = await h().fresh();
      const res = await raw(base, 'post', base.pagesPath(), { ...bearer(base.token), 'Content-Type': type }, '{"title":"x"}');
      expect({ status: res.status, body: res.body.title }).toEqual({ status: 201, body: 'x' });
    },
  );

  it.each(['application/json; charset=utf-16le', 'application/json; charset=utf-7', 'application/json; charset=iso-8859-1', 'application/json; charset="UTF-16"'])(
    'refuses POST with Content-Type "%s" (415, creates nothing)',
    async (type) => {
      const base = await h().fresh();
      const res = await raw(base, 'post', base.pagesPath(), { ...bearer(base.token), 'Content-Type': type }, '{"title":"x"}');
      expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(res.body.error.message).toMatch(/UTF-8/);
      expect((await base.call('get', base.pagesPath())).body.total).toBe(0);
    },
  );

  it('accepts a quoted UTF-8 charset', async () => {
    const base = await h().fresh();
    const res = await raw(base, 'post', base.pagesPath(), { ...bearer(base.token), 'Content-Type': 'application/json; charset="utf-8"' }, '{"title":"x"}');
    expect(res.status).toBe(201);
  });

  it('accepts PATCH with a charset parameter in Content-Type', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'x' });
    const res = await raw(base, 'patch', base.pagesPath(page.content_id), { ...bearer(base.token), 'Content-Type': 'application/json; charset=utf-8' }, '{"title":"y"}');
    expect({ status: res.status, title: res.body.title }).toEqual({ status: 200, title: 'y' });
  });

  it('puts 415 after authentication: no token and text/plain is 401', async () => {
    const base = await h().fresh();
    expectError(await raw(base, 'post', base.pagesPath(), { 'Content-Type': 'text/plain' }, 'hello'), 401, 'UNAUTHORIZED');
  });

  it('puts 415 after the scope check: a read-scope token and text/plain is 403', async () => {
    const base = await h().fresh();
    const res = await raw(base, 'post', base.pagesPath(), { ...bearer(await readToken(h(), base)), 'Content-Type': 'text/plain' }, 'hello');
    expectError(res, 403, 'FORBIDDEN');
  });

  it('puts 400 after 415: text/plain with unparsable JSON is 415', async () => {
    const base = await h().fresh();
    expectError(await raw(base, 'post', base.pagesPath(), { ...bearer(base.token), 'Content-Type': 'text/plain' }, '{not json'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('puts 400 after the scope check: a read-scope token with an invalid body is 403', async () => {
    const base = await h().fresh();
    expectError(await base.call('post', base.pagesPath(), { token: await readToken(h(), base), body: { nope: 1 } }), 403, 'FORBIDDEN');
  });

  it('answers unparsable JSON with 400 BAD_REQUEST that names JSON', async () => {
    const base = await h().fresh();
    const res = await base.call('post', base.pagesPath(), { body: '{"title": "x",' });
    expectError(res, 400, 'BAD_REQUEST');
    expect(res.body.error.message).toMatch(/JSON/);
  });

  it.each([
    ['__proto__', '{"title":"x","__proto__":{"admin":true}}'],
    ['constructor.prototype', '{"title":"x","constructor":{"prototype":{"admin":true}}}'],
  ])('answers a body with a %s key with 400 BAD_REQUEST', async (_label, payload) => {
    const base = await h().fresh();
    expectError(await base.call('post', base.pagesPath(), { body: payload }), 400, 'BAD_REQUEST');
    expect(await totalPages(base)).toBe(0);
  });

  it('answers an empty body with Content-Type application/json with 400 BAD_REQUEST', async () => {
    const base = await h().fresh();
    expectError(await raw(base, 'post', base.pagesPath(), { ...bearer(base.token), 'Content-Type': 'application/json' }), 400, 'BAD_REQUEST');
  });

  it.each(notObjects)('answers a POST body that is %s, not a JSON object, with 400 and creates nothing', async (_label, payload) => {
    const base = await h().fresh();
    expectError(await base.call('post', base.pagesPath(), { body: payload }), 400, 'BAD_REQUEST');
    expect(await totalPages(base)).toBe(0);
  });

  it.each(notObjects)('answers a PATCH body that is %s, not a JSON object, with 400', async (_label, payload) => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'x' });
    expectError(await base.call('patch', base.pagesPath(page.content_id), { body: payload }), 400, 'BAD_REQUEST');
  });

  it('reads a gzip-compressed JSON body', async () => {
    const base = await h().fresh();
    const res = await base.http.post(`/api/v1${base.pagesPath()}`).set({ ...bearer(base.token), 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' })
      // The compressed bytes as they are: supertest would write a Buffer out as JSON.
      .serialize((bytes: Buffer) => bytes as unknown as string).send(gzipSync('{"title":"packed"}'));
    expect({ status: res.status, title: res.body.title }).toEqual({ status: 201, title: 'packed' });
  });

  it('answers a Content-Encoding it cannot read with 415 naming Content-Encoding', async () => {
    const base = await h().fresh();
    const res = await raw(base, 'post', base.pagesPath(), { ...bearer(base.token), 'Content-Type': 'application/json', 'Content-Encoding': 'compress' }, '{"title":"x"}');
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(res.body.error.message).toMatch(/Content-Encoding/);
    expect(await totalPages(base)).toBe(0);
  });

  it('accepts a body of almost 1 MiB with the default limit', async () => {
    const base = await h().fresh();
    const res = await base.call('post', base.pagesPath(), { body: { title: 'large', body: 'x'.repeat(1000 * 1000) } });
    expect(res.status).toBe(201);
  });

  it('refuses a body over 1 MiB with 413 with the default limit', async () => {
    const base = await h().fresh();
    const res = await base.call('post', base.pagesPath(), { body: { title: 'huge', body: 'x'.repeat(1024 * 1024 + 1) } });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(await totalPages(base)).toBe(0);
  });

  it('puts the page 404 after body validation: PATCH of an unknown page with an invalid body is 400', async () => {
    const base = await h().fresh();
    expectError(await base.call('patch', base.pagesPath('zzzzzz'), { body: {} }), 400, 'BAD_REQUEST');
    expectError(await base.call('patch', base.pagesPath('zzzzzz'), { body: { level: -1 } }), 400, 'BAD_REQUEST');
  });

  it('puts the page 404 after body validation: PATCH of a deleted page with an invalid body is 400', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'x' });
    expect((await base.call('delete', base.pagesPath(page.content_id))).status).toBe(204);
    expectError(await base.call('patch', base.pagesPath(page.content_id), { body: { title: '' } }), 400, 'BAD_REQUEST');
  });

  it.each(['ABCDEF', 'abc', 'abcdefg', 'ab-cde', 'ab%20cd'])('answers a malformed content_id "%s" with 404 on GET, PATCH and DELETE', async (id) => {
    const base = await h().fresh();
    expectError(await base.call('get', base.pagesPath(id)), 404, 'NOT_FOUND');
    expectError(await base.call('patch', base.pagesPath(id), { body: { title: 'x' } }), 404, 'NOT_FOUND');
    expectError(await base.call('delete', base.pagesPath(id)), 404, 'NOT_FOUND');
  });

  it('matches a content_id exactly: the upper-case form of a real id is 404', async () => {
    const base = await h().fresh();
    let page = await base.createPage({ title: 'x' });
    while (!/[a-z]/.test(page.content_id)) page = await base.createPage({ title: 'x' });
    expectError(await base.call('get', base.pagesPath(page.content_id.toUpperCase())), 404, 'NOT_FOUND');
  });

  it('gives error responses Content-Type application/json; charset=utf-8 and a message', async () => {
    const base = await h().fresh();
    const responses = [
      await base.call('get', base.pagesPath('zzzzzz')),
      await base.call('get', `/bases/${base.baseId}/info`, { token: null }),
      await base.call('put', base.pagesPath()),
      await base.call('get', '/nowhere'),
      await base.call('post', base.pagesPath(), { body: '{' }),
    ];
    for (const res of responses) {
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body.error.message.trim()).not.toBe('');
    }
  });
});

describeEachBackend('request bodies with a small limit', (h) => {
  it('answers a body larger than the limit with 413 PAYLOAD_TOO_LARGE in the error shape, creating nothing', async () => {
    const base = await h().fresh();
    expectError(await base.call('post', base.pagesPath(), { body: { title: 'big', body: 'x'.repeat(2000) } }), 413, 'PAYLOAD_TOO_LARGE');
    expect(await totalPages(base)).toBe(0);
  });

  it('answers a PATCH body larger than the limit with 413', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'small' });
    expectError(await base.call('patch', base.pagesPath(page.content_id), { body: { body: 'x'.repeat(2000) } }), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('accepts a body just under the limit', async () => {
    const base = await h().fresh();
    expect((await base.call('post', base.pagesPath(), { body: { title: 'fits', body: 'x'.repeat(900) } })).status).toBe(201);
  });
}, { bodyLimit: 1000 });

// Own database: it loses the page_texts table, so reads and writes of pages fail inside.
describeEachBackend('a failure inside the service', (h) => {
  const internals = /page_texts|SELECT|INSERT|no such table|doesn't exist|SQLITE|ER_|QueryFailed|\bat |\.ts\b|\.js\b/;
  let base: TestBase;
  let contentId: string;

  beforeAll(async () => {
    base = await h().fresh();
    contentId = (await base.createPage({ title: 'x' })).content_id;
    await h().db.write((tx) => tx.query('DROP TABLE page_texts'));
  });

  it('is 500 INTERNAL_ERROR without stack trace or SQL', async () => {
    const res = await base.call('get', base.pagesPath(contentId));
    expectError(res, 500, 'INTERNAL_ERROR');
    expect(res.text).not.toMatch(internals);
  });

  it('is 500 in the error shape with the CORS header inside a write', async () => {
    const res = await base.call('post', base.pagesPath(), { body: { title: 'y' } });
    expectError(res, 500, 'INTERNAL_ERROR');
    expect(res.text).not.toMatch(internals);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});
