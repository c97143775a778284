// Idle kept-alive connections stay open longer than a balancer keeps its own (KB_KEEPALIVE_SECONDS,
// 65 s by default), so a request sent on a connection that sat idle is answered, never dropped.
import { Agent, request as httpRequest } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeEachBackend, type Harness, type TestBase } from '../support/e2e';

/** The next whole answer on `socket` (one with a Content-Length), as text, or what came before it ended. */
function nextAnswer(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const complete = () => {
      const end = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(text)?.[1];
      return end >= 0 && length !== undefined && Buffer.byteLength(text) >= end + 4 + Number(length);
    };
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (complete()) done();
    };
    const done = () => {
      socket.off('data', onData);
      socket.off('end', done);
      resolve(text);
    };
    socket.on('data', onData);
    socket.on('end', done);
  });
}

function postRequest(base: TestBase, title: string): string {
  const body = JSON.stringify({ title });
  return `POST /api/v1${base.pagesPath()} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${base.token}\r\n`
    + `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

function infoRequest(base: TestBase): string {
  return `GET /api/v1/bases/${base.baseId}/info HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${base.token}\r\n\r\n`;
}

function portOf(harness: Harness): number {
  return (harness.app.getHttpServer().address() as AddressInfo).port;
}

async function titlesOf(base: TestBase): Promise<string[]> {
  const list = await base.call('get', base.pagesPath());
  return list.body.pages.map((page: { title: string }) => page.title);
}

describeEachBackend('a connection idle for a while, by default', (h) => {
  it('still takes a POST after 6 s idle, answered on the same connection', async () => {
    const base = await h().fresh();
    const socket = connect(portOf(h()), '127.0.0.1');
    try {
      const first = nextAnswer(socket);
      socket.write(infoRequest(base));
      expect(await first).toMatch(/^HTTP\/1\.1 200 [^]*\r\nKeep-Alive: timeout=65\r\n/);
      await sleep(6000);
      const second = nextAnswer(socket);
      socket.write(postRequest(base, 'After six idle seconds'));
      expect(await second).toMatch(/^HTTP\/1\.1 201 /);
    } finally {
      socket.destroy();
    }
    expect(await titlesOf(base)).toEqual(['After six idle seconds']);
  }, 20_000);
});

describeEachBackend('a connection idle past KB_KEEPALIVE_SECONDS', (h) => {
  it('is closed by the service, which says when in Keep-Alive; a pooled client then POSTs on a new one', async () => {
    const base = await h().fresh();
    const socket = connect(portOf(h()), '127.0.0.1');
    const closed = new Promise<void>((resolve) => socket.once('end', resolve));
    const first = nextAnswer(socket);
    socket.write(infoRequest(base));
    expect(await first).toMatch(/^HTTP\/1\.1 200 [^]*\r\nKeep-Alive: timeout=1\r\n/);
    await closed;
    socket.destroy();

    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: string) => new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const req = httpRequest({
        agent, host: '127.0.0.1', port: portOf(h()), method, path: `/api/v1${path}`,
        headers: { Authorization: `Bearer ${base.token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
      });
      req.on('error', reject);
      req.end(body);
    });
    try {
      expect(await send('GET', `/bases/${base.baseId}/info`)).toEqual({ status: 200, reused: false });
      await sleep(2000);
      expect(await send('POST', base.pagesPath(), JSON.stringify({ title: 'After the idle limit' }))).toEqual({ status: 201, reused: false });
    } finally {
      agent.destroy();
    }
    expect(await titlesOf(base)).toEqual(['After the idle limit']);
  });
}, { keepAliveSeconds: 1 });
