// kbp serve: the demo for a newcomer, settings from options and environment, and a graceful stop.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { hashToken } from '../../src/auth/tokens';
import { hashSecret } from '../../src/identity/secrets';
import { backends, createTestDatabase } from '../support/databases';
import { freshDatabaseEach, inspect, inTurn, kbp, kbpOk, startServe } from './kbp-process';

const demoToken = /write token\s+(kbp_[0-9A-Za-z]{43})/;
const setupLink = /\n {2}set a password {2}(\S+\/setup\/([A-Za-z0-9_-]{43}))\n {18}\(one-time link, valid 1 hour\)\n/;

/** Everything the socket receives until `pattern` shows up, or the connection ends or fails. */
function receive(socket: Socket, pattern: RegExp): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (pattern.test(text)) done();
    };
    const done = () => {
      socket.off('data', onData);
      for (const event of ['end', 'close', 'error']) socket.off(event, done);
      resolve(text);
    };
    socket.on('data', onData);
    for (const event of ['end', 'close', 'error']) socket.on(event, done);
  });
}

describe.each(backends)('kbp serve [%s]', (backend) => {
  const database = freshDatabaseEach(backend);

  it('on an empty database creates the demo once, answers with its token, logs its requests, and stops on SIGTERM', async () => {
    const server = await startServe(['--db', database.url()], { KB_LOG_LEVEL: 'info' });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const token = (await server.waitFor(demoToken))[1];
      await server.waitFor(/--no-demo/);
      const output = server.output();
      expect(output).toContain(`API documentation (Swagger UI): ${server.url}/api/v1/docs\n`);
      expect(output).toContain(`curl -H "Authorization: Bearer ${token}" ${server.url}/api/v1/bases/demo-base/pages`);
      expect(output).toContain(`${server.url}/api/v1/manual`);
      expect(output).toMatch(/kbp base create .*--db /);
      expect(output).toMatch(/kbp token create --base \S+ --user \S+ --scope write/);

      const info = await fetch(`${server.url}/api/v1/bases/demo-base/info`, { headers: { authorization: `Bearer ${token}` } });
      expect(info.status).toBe(200);
      expect(await info.json()).toEqual({
        base_id: 'demo-base', description: 'A demo knowledge base to try kb-pages with', view: 'L', total_pages: 1,
      });
      const pages = await fetch(`${server.url}/api/v1/bases/demo-base/pages`, { headers: { authorization: `Bearer ${token}` } });
      expect(((await pages.json()) as { pages: { title: string }[] }).pages.map((page) => page.title)).toEqual(['Welcome to kb-pages']);
      for (const path of ['/api/v1/manual', '/api/v1/docs']) {
        const res = await fetch(`${server.url}${path}`);
        await res.arrayBuffer();
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
      }
    } finally {
      const stopped = await server.stop();
      expect({ code: stopped.code, stderr: stopped.stderr }).toEqual({ code: 0, stderr: '' });
      expect(stopped.stdout).toMatch(/kb-pages stopped\.\n$/);
      // The request lines, written up to 50 ms later, still come before it.
      const requestLines = stopped.stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line));
      expect(requestLines).toContainEqual(expect.objectContaining({ method: 'GET', route: '/api/v1/bases/:base_id/info', status: 200 }));
    }

    const token = demoToken.exec(server.output())![1];
    const owner = await inspect(database.url(), async (query) => (await query(
      `SELECT t.scope, u.email, m.role FROM tokens t JOIN users u ON u.user_id = t.user_id
       JOIN members m ON m.base_id = t.base_id AND m.user_id = t.user_id WHERE t.token_hash = ?`,
      [hashToken(token)],
    ))[0]);
    expect(owner).toEqual({ scope: 'write', email: 'owner@example.com', role: 'owner' });

    // The demo owner's account (the first: an administrator) and a one-time link, under the
    // address the service listens on when KB_PUBLIC_URL is unset.
    const [, link, secret] = setupLink.exec(server.output())!;
    expect(link).toBe(`${server.url}/setup/${secret}`);
    const account = await inspect(database.url(), async (query) => (await query(
      `SELECT u.email, a.is_admin, a.password_hash, l.created_at, l.expires_at, l.used_at
       FROM one_time_links l JOIN users u ON u.user_id = l.user_id JOIN accounts a ON a.user_id = l.user_id WHERE l.link_hash = ?`,
      [hashSecret(secret)],
    ))[0]);
    expect(account).toMatchObject({ email: 'owner@example.com', password_hash: null, used_at: null });
    expect(Number(account.is_admin)).toBe(1);
    expect(Date.parse(account.expires_at) - Date.parse(account.created_at)).toBe(3_600_000);

    const again = await startServe(['--db', database.url()]);
    const second = await again.stop();
    expect(second.code).toBe(0);
    expect(second.stdout).not.toMatch(/Welcome|kbp_/);
    const list = await kbpOk(['--db', database.url(), 'token', 'list']);
    expect(list.stdout.trimEnd().split('\n')).toHaveLength(2);
  });

  it("points the demo owner's one-time link at KB_PUBLIC_URL", async () => {
    const server = await startServe(['--db', database.url()], { KB_PUBLIC_URL: 'https://kb.example.com/' });
    const [, link] = await server.waitFor(setupLink);
    await server.stop();
    expect(link).toMatch(/^https:\/\/kb\.example\.com\/setup\/[A-Za-z0-9_-]{43}$/);
  });

  it('makes no demo on a database that already has a knowledge base (database from KB_DATABASE_URL)', async () => {
    await kbpOk(['--db', database.url(), 'base', 'create', 'team-docs']);
    const server = await startServe([], { KB_DATABASE_URL: database.url() });
    const stopped = await server.stop();
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).not.toMatch(/Welcome|kbp_/);
    expect(await inspect(database.url(), (query) => query('SELECT base_id FROM bases'))).toEqual([{ base_id: 'team-docs' }]);
  });

  it('--no-demo leaves an empty database empty', async () => {
    const server = await startServe(['--no-demo', '--db', database.url()]);
    const stopped = await server.stop();
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).not.toMatch(/Welcome|kbp_/);
    expect(await inspect(database.url(), (query) => query('SELECT base_id FROM bases'))).toEqual([]);
  });

  it('takes its port from PORT and its host from HOST when no option says otherwise, and stops on SIGINT', async () => {
    const server = await startServe(['--no-demo', '--db', database.url()], { HOST: '127.0.0.1', PORT: '0' });
    const res = await fetch(`${server.url}/api/v1/openapi.json`);
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    const stopped = await server.stop('SIGINT');
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toMatch(/kb-pages stopped\.\n$/);
  });

  it('on SIGTERM lets a request in flight finish and answer before it exits', async () => {
    const server = await startServe(['--db', database.url()]);
    const token = (await server.waitFor(demoToken))[1];
    const { hostname, port } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    try {
      const body = JSON.stringify({ title: 'Written while stopping' });
      const continued = receive(socket, /100 Continue\r\n\r\n/);
      // Expect: 100-continue makes the server say when it has read the headers and waits for the body.
      socket.write(
        `POST /api/v1/bases/demo-base/pages HTTP/1.1\r\nHost: ${server.url.slice(7)}\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
      );
      expect(await continued).toMatch(/^HTTP\/1\.1 100 Continue/);
      const stopped = server.stop();
      await server.waitFor(/kb-pages is stopping/);
      const answer = receive(socket, /\r\n\r\n\{.*\}$/s);
      socket.write(body);
      expect(await answer).toMatch(/^HTTP\/1\.1 201 /);
      const { code, stdout } = await stopped;
      expect(code).toBe(0);
      expect(stdout).toMatch(/kb-pages stopped\.\n$/);
    } finally {
      socket.destroy();
    }
    const titles = await inspect(database.url(), (query) => query('SELECT title FROM pages ORDER BY pos'));
    expect(titles).toEqual([{ title: 'Welcome to kb-pages' }, { title: 'Written while stopping' }]);
  });
});

/** Whether a new connection to `url` is taken ('connected') or refused (the error's code). */
function tryConnect(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** A POST of a page whose body waits until `send` is called (Expect: 100-continue): a request in flight. */
async function postInFlight(url: string, token: string, title: string): Promise<{ socket: Socket; send(): Promise<string> }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const body = JSON.stringify({ title });
  const continued = receive(socket, /100 Continue\r\n\r\n/);
  socket.write(
    `POST /api/v1/bases/demo-base/pages HTTP/1.1\r\nHost: ${url.slice(7)}\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  expect(await continued).toMatch(/^HTTP\/1\.1 100 Continue/);
  return {
    socket,
    send() {
      const answer = receive(socket, /\r\n\r\n\{.*\}$/s);
      socket.write(body);
      return answer;
    },
  };
}

describe.each(backends)('kbp serve drains before it stops [%s]', (backend) => {
  const database = freshDatabaseEach(backend);

  it('on SIGTERM: /readyz 503 while it serves on, then the listener closes, every answer closes its connection, in-flight requests finish; exit 0', async () => {
    const server = await startServe(['--db', database.url()], { KB_DRAIN_SECONDS: '2' });
    const token = (await server.waitFor(demoToken))[1];
    const { hostname, port } = new URL(server.url);
    const kept = connect(Number(port), hostname);
    const inFlight = await postInFlight(server.url, token, 'Written while draining');
    const get = (path: string) => kept.write(`GET ${path} HTTP/1.1\r\nHost: ${server.url.slice(7)}\r\n\r\n`);
    try {
      const first = receive(kept, /\r\n\r\n\{.*\}$/s);
      get('/healthz');
      expect(await first).toMatch(/^HTTP\/1\.1 200 [^]*\r\nConnection: keep-alive\r\n/);

      // Draining: not ready, but still listening and keeping connections alive.
      const stopped = server.stop();
      await server.waitFor(/kb-pages is draining/);
      const kept503 = receive(kept, /\r\n\r\n\{.*\}$/s);
      get('/readyz');
      const readyz = await kept503;
      expect(readyz).toMatch(/^HTTP\/1\.1 503 [^]*\r\nConnection: keep-alive\r\n/);
      expect(readyz).toMatch(/\r\nX-Request-Id: \S+\r\n/);
      expect(JSON.parse(readyz.slice(readyz.indexOf('\r\n\r\n') + 4))).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: 'Not ready: the service is stopping.' },
      });

      // The two open connections make the drain last its whole delay; then the listener closes,
      // and the kept connection's next answer closes it.
      await server.waitFor(/kb-pages is stopping \(2 connection\(s\) still open\)/);
      expect(await tryConnect(server.url)).toBe('ECONNREFUSED');
      const lastAnswer = receive(kept, /\r\n\r\n\{.*\}$/s);
      const keptEnded = new Promise((resolve) => kept.once('end', resolve));
      get('/healthz');
      expect(await lastAnswer).toMatch(/^HTTP\/1\.1 200 [^]*\r\nConnection: close\r\n/);
      await keptEnded;
      const created = await inFlight.send();
      expect(created).toMatch(/^HTTP\/1\.1 201 [^]*\r\nConnection: close\r\n/);

      const { code, signal, stdout, stderr } = await stopped;
      expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: '' });
      expect(stdout.split('\n').filter((line) => line.startsWith('kb-pages ') && !line.includes('listening'))).toEqual([
        'kb-pages is draining: /readyz answers 503; serving on for up to 2 s while connections are open.',
        'kb-pages is stopping (2 connection(s) still open): no new connections; each open one closes after its next answer.',
        'kb-pages answered every request; closing the database.',
        'kb-pages stopped.',
      ]);
    } finally {
      kept.destroy();
      inFlight.socket.destroy();
    }
    const titles = await inspect(database.url(), (query) => query('SELECT title FROM pages ORDER BY pos'));
    expect(titles).toEqual([{ title: 'Welcome to kb-pages' }, { title: 'Written while draining' }]);
  });
});

describe('kbp serve stops', () => {
  const database = freshDatabaseEach('sqlite');

  it('at once when no connection is open: the drain does not wait its delay', async () => {
    const server = await startServe(['--no-demo', '--db', database.url()], { KB_DRAIN_SECONDS: '30', KB_STOP_TIMEOUT_SECONDS: '61' });
    const stopped = await server.stop('SIGINT');
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toContain('kb-pages is stopping (no connection open)');
  });

  it('closes an idle kept-alive connection after its drain, without waiting for KB_KEEPALIVE_SECONDS', async () => {
    // A stop that waited for the 65 s keep-alive would outlast the 5 s bound and exit with 1.
    const server = await startServe(['--no-demo', '--db', database.url()], { KB_DRAIN_SECONDS: '0.5', KB_STOP_TIMEOUT_SECONDS: '5' });
    const { hostname, port } = new URL(server.url);
    const idle = connect(Number(port), hostname);
    try {
      const answered = receive(idle, /\r\n\r\n\{.*\}$/s);
      idle.write(`GET /healthz HTTP/1.1\r\nHost: ${server.url.slice(7)}\r\n\r\n`);
      expect(await answered).toMatch(/^HTTP\/1\.1 200 [^]*\r\nKeep-Alive: timeout=65\r\n/);
      const closedByService = new Promise((resolve) => idle.once('end', resolve));
      const stopped = await server.stop();
      await closedByService;
      expect({ code: stopped.code, stderr: stopped.stderr }).toEqual({ code: 0, stderr: '' });
      expect(stopped.stdout).toContain('kb-pages is stopping (1 connection(s) still open)');
    } finally {
      idle.destroy();
    }
  });

  it('with status 1 when a request in flight outlasts KB_STOP_TIMEOUT_SECONDS', async () => {
    const server = await startServe(['--db', database.url()], { KB_DRAIN_SECONDS: '0.2', KB_STOP_TIMEOUT_SECONDS: '1.5' });
    const token = (await server.waitFor(demoToken))[1];
    const inFlight = await postInFlight(server.url, token, 'Never sent');
    try {
      const stopped = await server.stop();
      expect({ code: stopped.code, signal: stopped.signal }).toEqual({ code: 1, signal: null });
      expect(stopped.stderr).toBe('error: kb-pages did not stop within 1.5 seconds of SIGTERM; exiting now.\n');
    } finally {
      inFlight.socket.destroy();
    }
  });
});

describe('kbp serve settings', () => {
  it('refuses a bad port or setting, and a database URL of another kind, with a plain message', async () => {
    const db = 'sqlite:/nonexistent-folder-never-opened/kb.db';
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['serve', '--db', db, '--port', '99999'], {}, /^error: --port must be a port number from 0 to 65535, not "99999"/],
      [['serve', '--db', db, '--host', ' '], {}, /^error: --host needs an address/],
      [['serve', '--db', db], { PORT: 'eighty' }, /^error: PORT must be a port number/],
      [['serve', '--db', db], { KB_BODY_LIMIT: '1MB' }, /^error: KB_BODY_LIMIT must be a whole number of bytes/],
      [['serve', '--db', db], { KB_LOG_LEVEL: 'loud' }, /^error: KB_LOG_LEVEL must be one of/],
      [['serve', '--db', db], { KB_DRAIN_SECONDS: '3s' }, /^error: KB_DRAIN_SECONDS must be a number of seconds, 0 or more \(for example 3 or 0\.5\), not "3s"\.\n$/],
      [['serve', '--db', db], { KB_STOP_TIMEOUT_SECONDS: '6' }, /^error: KB_STOP_TIMEOUT_SECONDS \(6\) must be more than twice KB_DRAIN_SECONDS \(3\)/],
      [['serve', '--db', 'postgres://kb@127.0.0.1/kb'], {}, /^error: The database URL must be a file path, sqlite:PATH, mysql:\/\/… or mariadb:\/\/…/],
      [['serve', '--db', 'mysql://kb@127.0.0.1:1/nowhere', '--port', '0'], {}, /^error: MySQL\/MariaDB at 127\.0\.0\.1:1\/nowhere does not answer/],
    ];
    const results = await inTurn(cases.map(([args, env]) => () => kbp(args, env)));
    results.forEach((result, index) => {
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(cases[index][2]);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    });
  });

  it('refuses a port that is taken, naming it, and makes no demo', async () => {
    const sqlite = await createTestDatabase('sqlite');
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = taken.address() as AddressInfo;
      const result = await kbp(['serve', '--db', sqlite.url, '--host', '127.0.0.1', '--port', String(port)]);
      expect(result.code).not.toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(new RegExp(`^error: Cannot listen on 127\\.0\\.0\\.1:${port}: .*EADDRINUSE`));
      expect(await inspect(sqlite.url, (query) => query('SELECT base_id FROM bases'))).toEqual([]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
      await sqlite.drop();
    }
  });
});
