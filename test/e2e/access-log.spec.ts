// The request log and request ids: with a line writer and log level info (or more verbose), one
// lean JSON line per answered request (method, route pattern, status, ms, request id); at warn,
// none. Every answer carries X-Request-Id, the client's own when it is sane. Nest logs as JSON too.
import { Logger, type INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import { defaults, type LogLevel } from '../../src/config/config';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { backends, createTestDatabase, type TestDatabase } from '../support/databases';
import { insertBase, insertToken, insertUser, uniqueName } from '../support/e2e';

interface LoggedApp {
  app: INestApplication;
  lines: string[];
  baseId: string;
  token: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function appLoggingAt(database: TestDatabase, logLevel: LogLevel): Promise<LoggedApp> {
  const lines: string[] = [];
  const app = await createApp({ ...defaults, logLevel, databaseUrl: database.url }, { logLine: (line) => lines.push(line) });
  await app.listen(0, '127.0.0.1');
  const db = app.get(UnitOfWork);
  const baseId = uniqueName();
  await insertBase(db, baseId);
  const userId = await insertUser(db, baseId, 'owner');
  return { app, lines, baseId, token: await insertToken(db, { baseId, userId }) };
}

const parsed = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe.each(backends)('request log [%s]', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await database?.drop();
  });

  describe('at log level info', () => {
    let logged: LoggedApp;
    beforeAll(async () => {
      logged = await appLoggingAt(database, 'info');
    });
    afterAll(async () => {
      await logged?.app.close();
    });
    beforeEach(() => {
      logged.lines.length = 0;
    });

    it('writes one JSON line per request: method, route pattern, status, ms and the request id it answered with', async () => {
      const res = await request(logged.app.getHttpServer()).get(`/api/v1/bases/${logged.baseId}/pages?limit=5`).set('Authorization', `Bearer ${logged.token}`);
      expect(res.status).toBe(200);
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(logged.lines).toHaveLength(1);
      expect(logged.lines[0].endsWith('\n')).toBe(true);
      expect(logged.lines[0].trimEnd()).not.toContain('\n');
      const [line] = parsed(logged.lines);
      expect(line).toMatchObject({ level: 30, method: 'GET', route: '/api/v1/bases/:base_id/pages', status: 200, reqId: res.headers['x-request-id'] });
      expect(typeof line.ms).toBe('number');
    });

    it('logs refused requests and the preflight too, each with its status and the path when no route matched', async () => {
      const server = request(logged.app.getHttpServer());
      const answers = [
        await server.get(`/api/v1/bases/${logged.baseId}/info`),
        await server.put(`/api/v1/bases/${logged.baseId}/pages`),
        await server.get('/nowhere?x=1'),
        await server.options(`/api/v1/bases/${logged.baseId}/pages`).set('Origin', 'https://app.example.org').set('Access-Control-Request-Method', 'POST'),
      ];
      expect(parsed(logged.lines).map(({ method, route, status }) => [method, route, status])).toEqual([
        ['GET', '/api/v1/bases/:base_id/info', 401],
        ['PUT', `/api/v1/bases/${logged.baseId}/pages`, 405],
        ['GET', '/nowhere', 404],
        ['OPTIONS', `/api/v1/bases/${logged.baseId}/pages`, 204],
      ]);
      expect(parsed(logged.lines).map((line) => line.reqId)).toEqual(answers.map((res) => res.headers['x-request-id']));
      for (const res of answers) expect(res.headers['x-request-id']).toMatch(UUID);
    });

    it('takes a sane X-Request-Id from the client, and replaces one that is not', async () => {
      const server = request(logged.app.getHttpServer());
      const sane = await server.get('/healthz').set('X-Request-Id', 'edge-7f3a.2026:11/abc+def=');
      expect(sane.headers['x-request-id']).toBe('edge-7f3a.2026:11/abc+def=');
      for (const insane of ['a'.repeat(129), 'two words', '{"level":60}', 'x\u00e9']) {
        const res = await server.get('/healthz').set('X-Request-Id', insane);
        expect(res.headers['x-request-id']).toMatch(UUID);
      }
      expect(parsed(logged.lines).map((line) => line.reqId)).toEqual(['edge-7f3a.2026:11/abc+def=', ...Array(4).fill(expect.stringMatching(UUID))]);
    });

    it('never writes the token, nor any header', async () => {
      await request(logged.app.getHttpServer()).get(`/api/v1/bases/${logged.baseId}/info`).set('Authorization', `Bearer ${logged.token}`);
      expect(logged.lines).toHaveLength(1);
      expect(logged.lines[0]).not.toContain(logged.token);
      expect(Object.keys(parsed(logged.lines)[0]).sort()).toEqual(['hostname', 'level', 'method', 'ms', 'msg', 'pid', 'reqId', 'route', 'status', 'time']);
    });

    it("writes Nest's own log as JSON lines of the same log", () => {
      new Logger('Probe').warn('a warning from the framework');
      expect(parsed(logged.lines)).toEqual([expect.objectContaining({ level: 40, context: 'Probe', msg: 'a warning from the framework' })]);
    });
  });

  it('writes no request line at log level warn, and still answers with a request id', async () => {
    const logged = await appLoggingAt(database, 'warn');
    try {
      const res = await request(logged.app.getHttpServer()).get(`/api/v1/bases/${logged.baseId}/info`).set('Authorization', `Bearer ${logged.token}`);
      expect(res.status).toBe(200);
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(logged.lines).toEqual([]);
    } finally {
      await logged.app.close();
    }
  });
});
