// `kbp db migrate`: creates or upgrades the schema of the database --db names, on either backend.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { postgresMigrations } from '../../src/store/postgres/migrations.ts';
import { kbp, tempDatabase } from '../cli/kbp-process.ts';
import { postgresReachable, testDatabaseUrl } from '../support/test-store.ts';

const reachable = await postgresReachable();
const skip = reachable ? false : `no PostgreSQL server answers at ${testDatabaseUrl}; start it (.ci/run does) to run these tests`;

test('kbp db migrate creates a SQLite database file and says the schema is up to date', async () => {
  const { db, dispose } = tempDatabase();
  try {
    const result = await kbp(['db', 'migrate', '--db', db]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /schema is up to date/);
    assert.ok(existsSync(db));
  } finally {
    dispose();
  }
});

describe('kbp db migrate on PostgreSQL', { skip }, () => {
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  const schema = `kbt_${process.pid}_cli`;
  // node-postgres passes the URL's options parameter to the server: here, the schema to use.
  const url = new URL(testDatabaseUrl);
  url.password = 'not-needed-with-trust';
  url.searchParams.set('options', `-c search_path=${schema},public`);

  before(async () => {
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.query(`CREATE SCHEMA ${schema}`);
  });
  after(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  test('applies every version, and a second run finds nothing to do; the password is never printed', async () => {
    for (let run = 0; run < 2; run++) {
      const result = await kbp(['--db', url.toString(), 'db', 'migrate']);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /schema is up to date/);
      assert.doesNotMatch(result.stdout + result.stderr, /not-needed-with-trust/);
    }
    const { rows } = await admin.query(`SELECT version FROM ${schema}.schema_migrations ORDER BY version`);
    assert.deepEqual(rows.map((row) => row.version), postgresMigrations.map((_, i) => i + 1));
  });

  test('a server that does not answer is an error naming where, with a non-zero exit status', async () => {
    const result = await kbp(['db', 'migrate', '--db', 'postgres://postgres@127.0.0.1:1/nowhere']);
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /^error: PostgreSQL at 127\.0\.0\.1:1\/nowhere does not answer/);
  });
});
