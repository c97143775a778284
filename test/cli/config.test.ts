// Configuration from the environment and the choice of store by database URL.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { openStore } from '../../src/store/open-store.ts';

test('loadConfig gives the defaults for an empty environment', () => {
  assert.deepEqual(loadConfig({}), {
    databaseUrl: './data/kb.db', host: '127.0.0.1', port: 8080, bodyLimit: 1048576, logLevel: 'info',
  });
  assert.deepEqual(loadConfig({ PORT: '  ', HOST: '' }), loadConfig({}), 'blank means unset');
});

test('loadConfig reads every setting', () => {
  assert.deepEqual(
    loadConfig({ KB_DATABASE_URL: 'sqlite:/srv/kb.db', HOST: '0.0.0.0', PORT: '0', KB_BODY_LIMIT: '2048', KB_LOG_LEVEL: 'WARN' }),
    { databaseUrl: 'sqlite:/srv/kb.db', host: '0.0.0.0', port: 0, bodyLimit: 2048, logLevel: 'warn' },
  );
});

test('loadConfig names the setting that cannot be used', () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: 'http' }, /^PORT must be a port number from 0 to 65535, not "http"/],
    [{ PORT: '65536' }, /^PORT must be/],
    [{ PORT: '-1' }, /^PORT must be/],
    [{ PORT: '80.5' }, /^PORT must be/],
    [{ KB_BODY_LIMIT: '0' }, /^KB_BODY_LIMIT must be a whole number of bytes/],
    [{ KB_BODY_LIMIT: '1MB' }, /^KB_BODY_LIMIT must be/],
    [{ KB_LOG_LEVEL: 'verbose' }, /^KB_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/],
  ];
  for (const [env, message] of cases) {
    assert.throws(() => loadConfig(env), (error: unknown) => error instanceof ConfigError && message.test(error.message), JSON.stringify(env));
  }
});

test('openStore opens a SQLite file by path or sqlite: URL, creating its directory and schema', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'kbp-open-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  for (const url of [join(dir, 'a', 'kb.db'), `sqlite:${join(dir, 'b', 'kb.db')}`, `sqlite://${join(dir, 'c', 'kb.db')}`]) {
    const store = await openStore(url);
    try {
      assert.equal(await store.countBases(), 0, url);
    } finally {
      await store.close();
    }
  }
  for (const name of ['a', 'b', 'c']) assert.ok(existsSync(join(dir, name, 'kb.db')), name);
});

test('openStore refuses other schemes and empty URLs, plainly', async () => {
  await assert.rejects(openStore('mysql://kb@127.0.0.1/kb'), /Unsupported database URL/);
  await assert.rejects(openStore(''), /database URL is empty/);
  await assert.rejects(openStore('sqlite:'), /names no file/);
});
