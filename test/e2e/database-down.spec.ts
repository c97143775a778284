// MariaDB stops under a running service: requests answer 503 SERVICE_UNAVAILABLE in the error
// shape (not a hang, not a 500), /readyz too; once MariaDB is back the service answers again by
// itself. On a private MariaDB server that the test stops and starts (bench/deploy/mariadb-server.ts).
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import { defaults } from '../../src/config/config';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { backends } from '../support/databases';
import { expectError, insertBase, insertToken, insertUser, uniqueName } from '../support/e2e';
import { MariaDbServer } from '../../bench/deploy/mariadb-server';

const runs = backends.includes('mysql') && MariaDbServer.installed() ? describe : describe.skip;

runs('the database stops and comes back [mysql]', () => {
  let mariadb: MariaDbServer;
  let app: INestApplication;
  let baseId: string;
  let token: string;
  beforeAll(async () => {
    mariadb = await MariaDbServer.create();
    app = await createApp({ ...defaults, logLevel: 'silent', databaseUrl: await mariadb.databaseUrl('kb') });
    await app.listen(0, '127.0.0.1');
    const db = app.get(UnitOfWork);
    baseId = uniqueName();
    await insertBase(db, baseId);
    token = await insertToken(db, { baseId, userId: await insertUser(db, baseId, 'owner') });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await mariadb?.destroy();
  });

  const api = () => ({
    info: () => request(app.getHttpServer()).get(`/api/v1/bases/${baseId}/info`).set('Authorization', `Bearer ${token}`),
    create: () => request(app.getHttpServer()).post(`/api/v1/bases/${baseId}/pages`).set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/json').send({ title: 'x' }),
    readyz: () => request(app.getHttpServer()).get('/readyz'),
  });

  it('answers 503 in the error shape while MariaDB is down, and 200 again once it is back', async () => {
    expect((await api().info()).status).toBe(200);
    expect((await api().readyz()).status).toBe(200);

    await mariadb.stop();
    for (const res of [await api().info(), await api().create(), await api().info()]) {
      expectError(res, 503, 'SERVICE_UNAVAILABLE');
    }
    const readyz = await api().readyz();
    expectError(readyz, 503, 'SERVICE_UNAVAILABLE');
    expect(readyz.body.error.message).toBe('Not ready: the database does not answer.');
    expect((await request(app.getHttpServer()).get('/healthz')).status).toBe(200);

    await mariadb.start();
    expect((await api().readyz()).status).toBe(200);
    expect((await api().info()).status).toBe(200);
    expect((await api().create()).status).toBe(201);
  });
});
