import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hashToken } from '../../src/auth/tokens.ts';
import { kbp, kbpOk, openDatabase, startServe, tempDatabase } from './kbp-process.ts';

const demoToken = /write token\s+(kbp_[0-9A-Za-z]{43})/;

test('serve on an empty database creates the demo once, answers with its token, and stops on SIGTERM', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  const server = await startServe(['--db', db]);
  t.after(() => server.stop());
  assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  const token = (await server.waitFor(demoToken))[1];
  await server.waitFor(/--no-demo/);
  const output = server.output();
  assert.ok(output.includes(`curl -H "Authorization: Bearer ${token}" ${server.url}/api/v1/bases/demo-base/pages`));
  assert.ok(output.includes(`${server.url}/api/v1/manual`));
  assert.match(output, /kbp base create .*--db /);
  assert.match(output, /kbp token create --base \S+ --user \S+ --scope write/);

  const info = await fetch(`${server.url}/api/v1/bases/demo-base/info`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(info.status, 200);
  assert.deepEqual(await info.json(), {
    base_id: 'demo-base', description: 'A demo knowledge base to try kb-pages with', view: 'L', total_pages: 1,
  });
  const manual = await fetch(`${server.url}/api/v1/manual`);
  assert.equal(manual.status, 200);
  await manual.arrayBuffer();

  const stopped = await server.stop();
  assert.equal(stopped.code, 0, stopped.stderr);
  assert.match(stopped.stdout, /kb-pages stopped/);

  const store = await openDatabase(db);
  try {
    const record = await store.findTokenByHash(hashToken(token));
    assert.equal(record?.scope, 'write');
    assert.equal(record?.userEmail, 'owner@example.com');
    assert.equal(await store.memberRole('demo-base', record!.userId), 'owner');
  } finally {
    await store.close();
  }

  const again = await startServe(['--db', db]);
  t.after(() => again.stop());
  const second = await again.stop();
  assert.equal(second.code, 0);
  assert.doesNotMatch(second.stdout, /Welcome|kbp_/, 'a later start prints no demo');
  const list = await kbpOk(['--db', db, 'token', 'list']);
  assert.equal(list.stdout.trimEnd().split('\n').length, 2, 'still one token');
});

test('serve makes no demo on a database that already has a knowledge base', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  await kbpOk(['--db', db, 'base', 'create', 'team-docs']);
  const server = await startServe([], { KB_DATABASE_URL: db });
  t.after(() => server.stop());
  const stopped = await server.stop();
  assert.equal(stopped.code, 0);
  assert.doesNotMatch(stopped.stdout, /Welcome|kbp_/);
  const store = await openDatabase(db);
  t.after(() => store.close());
  assert.equal(await store.getBase('demo-base'), null);
  assert.equal(await store.countBases(), 1);
});

test('serve --no-demo leaves an empty database empty', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  const server = await startServe(['--no-demo', '--db', db]);
  t.after(() => server.stop());
  const stopped = await server.stop();
  assert.equal(stopped.code, 0);
  assert.doesNotMatch(stopped.stdout, /Welcome|kbp_/);
  const store = await openDatabase(db);
  t.after(() => store.close());
  assert.equal(await store.countBases(), 0);
});

test('serve takes its port from PORT and its host from HOST when no option says otherwise', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  const server = await startServe(['--no-demo', '--db', db], { HOST: '127.0.0.1', PORT: '0' });
  t.after(() => server.stop());
  const res = await fetch(`${server.url}/api/v1/openapi.json`);
  assert.equal(res.status, 200);
  await res.arrayBuffer();
  assert.equal((await server.stop()).code, 0);
});

test('serve refuses a bad port or setting with a plain message', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  const badPort = await kbp(['serve', '--db', db, '--port', '99999']);
  assert.notEqual(badPort.code, 0);
  assert.match(badPort.stderr, /--port must be a port number from 0 to 65535/);
  const badEnv = await kbp(['serve', '--db', db], { PORT: 'eighty' });
  assert.notEqual(badEnv.code, 0);
  assert.match(badEnv.stderr, /PORT must be a port number/);
  const badLimit = await kbp(['serve', '--db', db], { KB_BODY_LIMIT: '1MB' });
  assert.notEqual(badLimit.code, 0);
  assert.match(badLimit.stderr, /KB_BODY_LIMIT must be a whole number of bytes/);
  const badLevel = await kbp(['serve', '--db', db], { KB_LOG_LEVEL: 'loud' });
  assert.notEqual(badLevel.code, 0);
  assert.match(badLevel.stderr, /KB_LOG_LEVEL must be one of/);
});
