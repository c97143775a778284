// What reaches the service as raw bytes (decisions "Order of checks"): requests Node's HTTP
// parser refuses still get the error shape and the CORS header (a 405 its Allow), then the
// connection closes; methods (every 405 with Allow), HEAD, preflight, unknown paths and trailing
// slashes on every route; a 500 hides its internals.
import { connect, type AddressInfo } from 'node:net';
import { describeEachBackend, expectError, type Harness, type TestBase } from '../support/e2e';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** The answers in `text`, one after another (each has a Content-Length). */
function answersIn(text: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  for (let rest = text; rest.length > 0;) {
    const end = rest.indexOf('\r\n\r\n');
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length']);
    const body = rest.slice(end + 4, end + 4 + length);
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body: body ? JSON.parse(body) : undefined });
    rest = rest.slice(end + 4 + length);
  }
  return answers;
}

/** Sends `bytes` on a new connection and reads every answer until the server closes it
 * (so each conversation ends in a refusal or `Connection: close`). */
function converse(h: Harness, bytes: string): Promise<RawAnswer[]> {
  const { port } = h.app.getHttpServer().address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      socket.destroy();
      resolve(answersIn(Buffer.concat(chunks).toString('utf8')));
    });
    // Not half-closed: Node drops requests still being answered when the client ends its side.
    socket.write(bytes);
  });
}

/** The one answer to `bytes`, read until the server closes the connection. */
async function exchange(h: Harness, bytes: string): Promise<RawAnswer> {
  const answers = await converse(h, bytes);
  expect(answers).toHaveLength(1);
  return answers[0];
}

/** The error shape, the CORS header and the announced close of a refused raw request. */
function expectRefused(answer: RawAnswer, status: number, code: string): void {
  expect({ status: answer.status, body: answer.body }).toEqual({ status, body: { error: { code, message: expect.any(String) } } });
  expect(answer.body.error.message.trim()).not.toBe('');
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['access-control-allow-origin']).toBe('*');
  expect(answer.headers.connection).toBe('close');
}

const methodSet = (allow: unknown): string[] => String(allow).split(',').map((m) => m.trim()).sort();

/** What a 405 off any known path names: every method the service offers somewhere. */
const serviceAllow = 'GET, HEAD, POST, PATCH, DELETE, OPTIONS';

/** Request targets on known paths, as a client may send them, with the Allow of their path. */
const knownTargets: [string, string][] = [
  ['/api/v1/bases/team-docs/pages', 'GET, HEAD, POST, OPTIONS'],
  ['/api/v1/bases/team-docs/pages/', 'GET, HEAD, POST, OPTIONS'],
  ['/api/v1/bases/team-docs/pages/abc123', 'GET, HEAD, PATCH, DELETE, OPTIONS'],
  ['/api/v1/bases/team-docs/tree', 'GET, HEAD, OPTIONS'],
  ['/api/v1/bases/team-docs/search?q=a%20b', 'GET, HEAD, OPTIONS'],
  ['http://localhost/api/v1/bases/team-docs/pages?limit=1', 'GET, HEAD, POST, OPTIONS'],
  ['/healthz', 'GET, HEAD, OPTIONS'],
];

/** Targets off every known path, or whose path cannot be read. */
const unknownTargets = ['/nowhere', '/api/v1/bases/team-docs/trees', 'http://localhost/nowhere?q=1', '*'];

/** The methods Node's parser refuses (unknown, or not in capitals), and CONNECT, which it hands over unanswered. */
const parserMethods = ['FOO', 'BREW', 'Patch', 'get', 'CONNECT'];

/** Every path a GET is offered on, below the server root, with the media type of its answer. */
function getPaths(base: TestBase, contentId: string): [string, RegExp][] {
  const api = `/api/v1/bases/${base.baseId}`;
  return [
    [`${api}/info`, /^application\/json/],
    [`${api}/pages`, /^application\/json/],
    [`${api}/pages/${contentId}`, /^application\/json/],
    [`${api}/search?q=x`, /^application\/json/],
    [`${api}/tree`, /^application\/json/],
    ['/api/v1/openapi.json', /^application\/json/],
    ['/api/v1/manual', /^text\/markdown/],
    ['/api/v1/docs', /^text\/html/],
    ['/healthz', /^application\/json/],
    ['/readyz', /^application\/json/],
  ];
}

describeEachBackend('requests the HTTP parser refuses', (h) => {
  it.each(['get', 'FOO', 'Post'])('answers the method %s with 405 METHOD_NOT_ALLOWED, then closes', async (method) => {
    const base = await h().fresh();
    expectRefused(await exchange(h(), `${method} /api/v1/bases/${base.baseId}/info HTTP/1.1\r\nHost: localhost\r\n\r\n`), 405, 'METHOD_NOT_ALLOWED');
  });

  it.each(parserMethods)('answers %s on a known path with 405 and the Allow of that path', async (method) => {
    for (const [target, allow] of knownTargets) {
      const answer = await exchange(h(), `${method} ${target} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      expectRefused(answer, 405, 'METHOD_NOT_ALLOWED');
      expect({ target, allow: answer.headers.allow }).toEqual({ target, allow });
    }
  });

  it.each(parserMethods)('answers %s off any known path with 405 and the Allow of the whole service', async (method) => {
    for (const target of unknownTargets) {
      const answer = await exchange(h(), `${method} ${target} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      expectRefused(answer, 405, 'METHOD_NOT_ALLOWED');
      expect({ target, allow: answer.headers.allow }).toEqual({ target, allow: serviceAllow });
    }
  });

  it('answers a method whose request target never arrived with the Allow of the whole service', async () => {
    for (const bytes of ['FOO', 'get /api/v1/bases/team-docs/pages', 'BREW /api/v1/bases/team-docs/pages\r\n\r\n']) {
      const answer = await exchange(h(), bytes);
      expectRefused(answer, 405, 'METHOD_NOT_ALLOWED');
      expect({ bytes, allow: answer.headers.allow }).toEqual({ bytes, allow: serviceAllow });
    }
  });

  it('reads the Allow of a refused request from its own request line, not from the one before it', async () => {
    const base = await h().fresh();
    const answers = await converse(h(), `GET /api/v1/bases/${base.baseId}/info HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${base.token}\r\n\r\nget /api/v1/bases/${base.baseId}/pages/abc123 HTTP/1.1\r\n\r\n`);
    expect(answers.map((answer) => answer.status)).toEqual([200, 405]);
    expect(answers[1].headers.allow).toBe('GET, HEAD, PATCH, DELETE, OPTIONS');
    // A body ending without a line break runs into the refused method: the target is still its own.
    const afterBody = await converse(h(), `GET /healthz HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4\r\n\r\nab cFOO /api/v1/bases/${base.baseId}/tree HTTP/1.1\r\n\r\n`);
    expect(afterBody.map((answer) => answer.status)).toEqual([200, 405]);
    expect(afterBody[1].headers.allow).toBe('GET, HEAD, OPTIONS');
  });

  it('answers headers over the size limit with 431 REQUEST_HEADER_FIELDS_TOO_LARGE, then closes', async () => {
    const answer = await exchange(h(), `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Fill: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectRefused(answer, 431, 'REQUEST_HEADER_FIELDS_TOO_LARGE');
  });

  it.each([
    ['a header line without a colon', 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nno colon here\r\n\r\n'],
    ['an unknown protocol version', 'GET /healthz HTTP/7.3\r\nHost: localhost\r\n\r\n'],
    ['a Content-Length that is not a number', 'POST /healthz HTTP/1.1\r\nHost: localhost\r\nContent-Length: lots\r\n\r\n'],
    ['a space inside the request target', 'GET /heal thz HTTP/1.1\r\nHost: localhost\r\n\r\n'],
  ])('answers %s with 400 BAD_REQUEST, then closes', async (_label, bytes) => {
    expectRefused(await exchange(h(), bytes), 400, 'BAD_REQUEST');
  });

  it('answers CONNECT, which Node would drop unanswered, with 405, then closes', async () => {
    const base = await h().fresh();
    expectRefused(await exchange(h(), `CONNECT /api/v1/bases/${base.baseId}/info HTTP/1.1\r\nHost: localhost\r\n\r\n`), 405, 'METHOD_NOT_ALLOWED');
    expectRefused(await exchange(h(), 'CONNECT localhost:443 HTTP/1.1\r\nHost: localhost:443\r\n\r\n'), 405, 'METHOD_NOT_ALLOWED');
  });

  it('answers a pipelined request first, then refuses the malformed one after it', async () => {
    const base = await h().fresh();
    const answers = await converse(h(), `GET /api/v1/bases/${base.baseId}/info HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${base.token}\r\n\r\nget /healthz HTTP/1.1\r\n\r\n`);
    expect(answers.map((answer) => [answer.status, answer.body?.base_id ?? answer.body?.error?.code])).toEqual([[200, base.baseId], [405, 'METHOD_NOT_ALLOWED']]);
    expectRefused(answers[1], 405, 'METHOD_NOT_ALLOWED');
  });

  it('ignores an Expect header it does not know instead of a bare 417', async () => {
    const base = await h().fresh();
    const answer = await exchange(h(), `GET /api/v1/bases/${base.baseId}/info HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${base.token}\r\nExpect: tea\r\nConnection: close\r\n\r\n`);
    expect({ status: answer.status, body: answer.body.base_id }).toEqual({ status: 200, body: base.baseId });
    const refused = await exchange(h(), `GET /api/v1/bases/${base.baseId}/info HTTP/1.1\r\nHost: localhost\r\nExpect: tea\r\nConnection: close\r\n\r\n`);
    expect({ status: refused.status, code: refused.body.error.code, cors: refused.headers['access-control-allow-origin'] }).toEqual({ status: 401, code: 'UNAUTHORIZED', cors: '*' });
  });

  it('keeps serving after refusing a request', async () => {
    await exchange(h(), 'get /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect((await exchange(h(), 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).status).toBe(200);
  });
});

describeEachBackend('methods and paths on every route', (h) => {
  it('answers QUERY on a known path with 405 and Allow, before authentication', async () => {
    const base = await h().fresh();
    const answer = await exchange(h(), `QUERY /api/v1/bases/${base.baseId}/pages HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect({ status: answer.status, code: answer.body.error.code }).toEqual({ status: 405, code: 'METHOD_NOT_ALLOWED' });
    expect(methodSet(answer.headers.allow)).toEqual(methodSet('GET, HEAD, POST, OPTIONS'));
    expect(answer.headers['access-control-allow-origin']).toBe('*');
  });

  it.each(['QUERY', 'TRACE', 'PUT', 'PROPFIND'])('answers %s on a known path, whatever the form of its target, with 405 and the Allow of that path', async (method) => {
    for (const [target, allow] of knownTargets) {
      const answer = await exchange(h(), `${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expect({ target, status: answer.status, code: answer.body.error.code, allow: answer.headers.allow }).toEqual({ target, status: 405, code: 'METHOD_NOT_ALLOWED', allow });
      expect(answer.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('answers every method a known path does not offer with 405 and Allow, on every route', async () => {
    const base = await h().fresh();
    const api = `/api/v1/bases/${base.baseId}`;
    const offered: [string, string][] = [
      [`${api}/info`, 'GET, HEAD, OPTIONS'],
      [`${api}/token`, 'GET, HEAD, OPTIONS'],
      [`${api}/pages`, 'GET, HEAD, POST, OPTIONS'],
      [`${api}/pages/abc123`, 'GET, HEAD, PATCH, DELETE, OPTIONS'],
      [`${api}/search`, 'GET, HEAD, OPTIONS'],
      [`${api}/tree`, 'GET, HEAD, OPTIONS'],
      ['/api/v1/openapi.json', 'GET, HEAD, OPTIONS'],
      ['/api/v1/manual', 'GET, HEAD, OPTIONS'],
      ['/api/v1/docs', 'GET, HEAD, OPTIONS'],
      ['/healthz', 'GET, HEAD, OPTIONS'],
      ['/readyz', 'GET, HEAD, OPTIONS'],
    ];
    for (const [path, allow] of offered) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'QUERY', 'TRACE', 'PROPFIND', 'SEARCH'].filter((m) => !allow.split(', ').includes(m))) {
        const answer = await exchange(h(), `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
        expect({ method, path, status: answer.status, allow: answer.headers.allow }).toEqual({ method, path, status: 405, allow });
      }
    }
  });

  it('answers HEAD on every GET path like GET, without a body', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'x' });
    for (const [path, type] of getPaths(base, page.content_id)) {
      const get = await base.http.get(path).set('Authorization', `Bearer ${base.token}`);
      const head = await base.http.head(path).set('Authorization', `Bearer ${base.token}`);
      expect({ path, get: get.status, head: head.status, body: head.text ?? '' }).toEqual({ path, get: 200, head: 200, body: '' });
      expect(head.headers['content-type']).toMatch(type);
      expect(head.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('answers an OPTIONS preflight without a token with 204 on every known path', async () => {
    const base = await h().fresh();
    const paths = [...getPaths(base, 'abc123').map(([path]) => path.split('?')[0]), `/api/v1/bases/${base.baseId}/pages/`];
    for (const path of paths) {
      const res = await base.http.options(path).set('Origin', 'https://app.example.org').set('Access-Control-Request-Method', 'GET');
      expect({ path, status: res.status, origin: res.headers['access-control-allow-origin'] }).toEqual({ path, status: 204, origin: '*' });
    }
  });

  it('answers OPTIONS on an unknown path with 404, not as a preflight', async () => {
    const base = await h().fresh();
    expectError(await base.http.options('/api/v1/nowhere').set('Access-Control-Request-Method', 'GET'), 404, 'NOT_FOUND');
  });

  it('answers an unknown path with 404 NOT_FOUND in the error shape, for any method', async () => {
    const base = await h().fresh();
    for (const path of ['/api/v1/nowhere', '/healthz/extra', `/api/v1/bases/${base.baseId}`, '/api/v1']) {
      for (const method of ['get', 'post', 'delete'] as const) {
        const res = await base.http[method](path).set('Authorization', `Bearer ${base.token}`);
        expectError(res, 404, 'NOT_FOUND');
        expect(res.headers['access-control-allow-origin']).toBe('*');
      }
    }
  });

  it('tolerates a trailing slash on the health checks and the API paths', async () => {
    const base = await h().fresh();
    for (const path of ['/healthz/', '/readyz/', `/api/v1/bases/${base.baseId}/info/`, `/api/v1/bases/${base.baseId}/pages/`, '/api/v1/manual/']) {
      const res = await base.http.get(path).set('Authorization', `Bearer ${base.token}`);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
  });
});

// Own database: it loses the members table, so every request with a token fails inside.
describeEachBackend('a 500', (h) => {
  it('shows neither a stack trace nor SQL, and keeps the error shape and CORS', async () => {
    const base = await h().fresh();
    await h().db.write((tx) => tx.query('DROP TABLE members'));
    for (const path of [`/bases/${base.baseId}/info`, base.pagesPath()]) {
      const res = await base.call('get', path);
      expectError(res, 500, 'INTERNAL_ERROR');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.text).not.toMatch(/members|SELECT|JOIN|no such table|doesn't exist|SQLITE|ER_|QueryFailed|\bat |\.ts\b|\.js\b|Error:/);
    }
    const write = await base.call('post', base.pagesPath(), { body: { title: 'x' } });
    expectError(write, 500, 'INTERNAL_ERROR');
    expect((await base.http.get('/healthz')).status).toBe(200);
  });
});
