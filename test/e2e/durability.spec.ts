// A 2xx answer means the change is durable (decisions "Concurrency and durability"): each write
// goes to a service process of its own, which is killed with SIGKILL right after the answer;
// the database, opened again afterwards, holds every answered write.
import request from 'supertest';
import type { INestApplication } from '@nestjs/common';
import { createApp } from '../../src/app.factory';
import { defaults } from '../../src/config/config';
import { parseDatabaseUrl } from '../../src/database/data-source';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { backends, createTestDatabase, type TestDatabase } from '../support/databases';
import { insertBase, insertToken, insertUser } from '../support/e2e';
import { startService } from '../support/service-process';

const baseId = 'crash-base';

/** Sends one write to a fresh service process and kills it with SIGKILL as soon as the answer is in. */
async function writeThenKill(
  database: TestDatabase, token: string, method: 'post' | 'patch' | 'delete', path: string, body?: object,
): Promise<request.Response> {
  const service = await startService(database.url);
  try {
    let req = request(service.url)[method](`/api/v1/bases/${baseId}/pages${path}`).set('Authorization', `Bearer ${token}`);
    if (body) req = req.set('Content-Type', 'application/json').send(JSON.stringify(body));
    const res = await req;
    service.child.kill('SIGKILL');
    expect((await service.exited).signal).toBe('SIGKILL');
    return res;
  } finally {
    await service.stop('SIGKILL');
  }
}

describe.each(backends)('durability [%s]', (backend) => {
  let database: TestDatabase;
  let token: string;
  let reopened: INestApplication | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    const db = await UnitOfWork.open(parseDatabaseUrl(database.url));
    try {
      await insertBase(db, baseId);
      const ownerId = await insertUser(db, baseId, 'owner');
      token = await insertToken(db, { baseId, userId: ownerId });
    } finally {
      await db.close();
    }
  });

  afterAll(async () => {
    await reopened?.close();
    await database?.drop();
  });

  it('every write answered 2xx is still there after the service process is killed right after it', async () => {
    const ids: string[] = [];
    for (const title of ['Alpha', 'Beta', 'Gamma']) {
      const res = await writeThenKill(database, token, 'post', '', { title, body: `${title} body` });
      expect(res.status).toBe(201);
      ids.push(res.body.content_id);
    }
    const [alpha, beta, gamma] = ids;
    expect((await writeThenKill(database, token, 'patch', `/${beta}`, { level: 1 })).status).toBe(200);
    expect((await writeThenKill(database, token, 'patch', `/${gamma}`, { level: 2, title: 'Gamma 2', body: 'changed' })).status).toBe(200);
    expect((await writeThenKill(database, token, 'delete', `/${beta}`)).status).toBe(204);
    const delta = await writeThenKill(database, token, 'post', '', { title: 'Delta', content_type: 'T' });
    expect(delta.status).toBe(201);
    expect((await writeThenKill(database, token, 'patch', `/${alpha}`, { view: 'O' })).status).toBe(200);

    reopened = await createApp({ ...defaults, logLevel: 'silent', databaseUrl: database.url });
    const read = (path: string) => request(reopened!.getHttpServer()).get(`/api/v1/bases/${baseId}${path}`).set('Authorization', `Bearer ${token}`);
    const list = (await read('/pages')).body;
    expect(list.pages.map((p: any) => [p.content_id, p.title, p.level, p.order])).toEqual([
      [alpha, 'Alpha', 0, 0], [gamma, 'Gamma 2', 1, 1], [delta.body.content_id, 'Delta', 0, 2],
    ]);
    expect(list.total).toBe(3);
    expect((await read(`/pages/${gamma}`)).body).toMatchObject({ body: 'changed', path: ['Alpha', 'Gamma 2'] });
    expect((await read(`/pages/${alpha}`)).body.view).toBe('O');
    expect((await read(`/pages/${beta}`)).status).toBe(404);
    expect((await read('/info')).body.total_pages).toBe(3);
  });
});
