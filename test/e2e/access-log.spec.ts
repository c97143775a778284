// The access log: with a line writer and log level info (or more verbose), one JSON line per
// answered request; at warn, none.
import type { INestApplication } from '@nestjs/common';
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

describe.each(backends)('access log [%s]', (backend) => {
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

    it('writes one JSON line per request, with method, url and status', async () => {
      const url = `/api/v1/bases/${logged.baseId}/pages?limit=5`;
      const res = await request(logged.app.getHttpServer()).get(url).set('Authorization', `Bearer ${logged.token}`);
      expect(res.status).toBe(200);
      expect(logged.lines).toHaveLength(1);
      expect(logged.lines[0].endsWith('\n')).toBe(true);
      expect(logged.lines[0].trimEnd()).not.toContain('\n');
      expect(JSON.parse(logged.lines[0])).toMatchObject({ level: 'info', method: 'GET', url, status: 200 });
    });

    it('logs refused requests too, with their status', async () => {
      const server = request(logged.app.getHttpServer());
      await server.get(`/api/v1/bases/${logged.baseId}/info`);
      await server.put(`/api/v1/bases/${logged.baseId}/pages`);
      await server.get('/nowhere');
      expect(logged.lines.map((line) => [JSON.parse(line).method, JSON.parse(line).status])).toEqual([['GET', 401], ['PUT', 405], ['GET', 404]]);
    });

    it('never writes the token', async () => {
      await request(logged.app.getHttpServer()).get(`/api/v1/bases/${logged.baseId}/info`).set('Authorization', `Bearer ${logged.token}`);
      expect(logged.lines).toHaveLength(1);
      expect(logged.lines[0]).not.toContain(logged.token);
    });
  });

  it('writes nothing at log level warn', async () => {
    const logged = await appLoggingAt(database, 'warn');
    try {
      const res = await request(logged.app.getHttpServer()).get(`/api/v1/bases/${logged.baseId}/info`).set('Authorization', `Bearer ${logged.token}`);
      expect(res.status).toBe(200);
      expect(logged.lines).toEqual([]);
    } finally {
      await logged.app.close();
    }
  });
});
