// Losing the database: a request answers 503 SERVICE_UNAVAILABLE in the error shape, and the
// service answers again by itself once the database is back. The database goes away through a
// TCP proxy in front of the real server, so the server itself is never stopped.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { buildApp } from '../../src/http/app.ts';
import type { FastifyInstance } from 'fastify';
import { addUser, assertError, createBase, createToken } from '../support/fixtures.ts';
import { openPostgresTestStore, postgresReachable, testDatabaseUrl, type TestStore } from '../support/test-store.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

const reachable = await postgresReachable();
const skip = reachable ? false : `no PostgreSQL server answers at ${testDatabaseUrl}; start it (.ci/run does) to run these tests`;
const baseId = 'lost-db';

interface Service {
  app: FastifyInstance;
  token: string;
  opened: TestStore;
}

async function serve(opened: TestStore): Promise<Service> {
  await createBase(opened.store, baseId);
  const userId = await addUser(opened.store, baseId, 'owner');
  const token = await createToken(opened.store, { baseId, userId });
  const app = buildApp({ store: opened.store });
  await app.ready();
  return { app, token, opened };
}

function request(service: Service, method: 'GET' | 'POST', body?: unknown) {
  return service.app.inject({
    method,
    url: `/api/v1/bases/${baseId}/pages`,
    headers: { authorization: `Bearer ${service.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    payload: body ? JSON.stringify(body) : undefined,
  });
}

describe('a lost database connection', { skip }, () => {
  let proxy: TcpProxy;
  let service: Service;
  let admin: pg.Client;

  before(async () => {
    const target = new URL(testDatabaseUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(testDatabaseUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    service = await serve(await openPostgresTestStore({ url: viaProxy.toString(), connectTimeoutMs: 2000 }));
    admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
  });

  after(async () => {
    await service?.app.close();
    await service?.opened.dispose();
    await proxy?.close();
    await admin?.end();
  });

  test('a request while the database is unreachable answers 503 SERVICE_UNAVAILABLE in the error shape', async () => {
    assert.equal((await request(service, 'GET')).statusCode, 200);
    await proxy.down();
    assertError(await request(service, 'GET'), 503, 'SERVICE_UNAVAILABLE');
    assertError(await request(service, 'POST', { title: 'Lost' }), 503, 'SERVICE_UNAVAILABLE');
  });

  test('once the database is back the service answers again, without a restart', async () => {
    await proxy.up();
    const created = await request(service, 'POST', { title: 'Back again' });
    assert.equal(created.statusCode, 201, created.body);
    const list = (await request(service, 'GET')).json();
    assert.deepEqual(list.pages.map((p: { title: string }) => p.title), ['Back again']);
  });

  test('connections the server ends while they sit idle cost no failed request', async () => {
    // Fill the pool with idle connections, then end them all on the server.
    await Promise.all([request(service, 'GET'), request(service, 'GET'), request(service, 'GET')]);
    const ports = proxy.upstreamPorts();
    assert.ok(ports.length > 0);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE client_port = ANY($1)', [ports]);
    for (;;) {
      const { rows } = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE client_port = ANY($1)', [ports]);
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal((await request(service, 'GET')).statusCode, 200);
    const created = await request(service, 'POST', { title: 'After the restart' });
    assert.equal(created.statusCode, 201, created.body);
  });
});

describe('a statement past the statement timeout', { skip }, () => {
  let service: Service;
  let locker: pg.Client;

  before(async () => {
    service = await serve(await openPostgresTestStore({ statementTimeoutMs: 200 }));
    locker = new pg.Client({ connectionString: testDatabaseUrl });
    await locker.connect();
  });

  after(async () => {
    await locker?.end();
    await service?.app.close();
    await service?.opened.dispose();
  });

  test('a write that waits for a lock longer than the statement timeout answers 503, and the next one succeeds', async () => {
    // Another session holds the base's row lock, which every outline write must take.
    await locker.query('BEGIN');
    await locker.query(`SELECT 1 FROM ${service.opened.schema}.bases WHERE base_id = $1 FOR UPDATE`, [baseId]);
    assertError(await request(service, 'POST', { title: 'Blocked' }), 503, 'SERVICE_UNAVAILABLE');
    await locker.query('ROLLBACK');
    const created = await request(service, 'POST', { title: 'Free again' });
    assert.equal(created.statusCode, 201, created.body);
    assert.deepEqual((await request(service, 'GET')).json().pages.map((p: { title: string }) => p.title), ['Free again']);
  });
});
