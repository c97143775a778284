// PostgreSQL schema migrations: versioned, applied once, safe when two processes start at once,
// and a database of an earlier version keeps its pages through the upgrade.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { migrate, postgresMigrations } from '../../src/store/postgres/migrations.ts';
import { PgDatabase } from '../../src/store/postgres/pool.ts';
import { PostgresStore } from '../../src/store/postgres/postgres-store.ts';
import { postgresReachable, testDatabaseUrl } from '../support/test-store.ts';

const reachable = await postgresReachable();
const skip = reachable ? false : `no PostgreSQL server answers at ${testDatabaseUrl}; start it (.ci/run does) to run these tests`;

describe('postgres migrations', { skip }, () => {
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  const schemas: string[] = [];
  let counter = 0;

  async function freshSchema(): Promise<string> {
    const schema = `kbt_${process.pid}_mig${++counter}`;
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.query(`CREATE SCHEMA ${schema}`);
    schemas.push(schema);
    return schema;
  }

  async function versions(schema: string): Promise<number[]> {
    const { rows } = await admin.query(`SELECT version FROM ${schema}.schema_migrations ORDER BY version`);
    return rows.map((row) => row.version);
  }

  before(async () => { await admin.connect(); });
  after(async () => {
    for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  test('migrate applies every version once, and again changes nothing', async () => {
    const schema = await freshSchema();
    const store = new PostgresStore({ url: testDatabaseUrl, schema, poolMax: 2 });
    try {
      await store.migrate();
      await store.migrate();
    } finally {
      await store.close();
    }
    assert.deepEqual(await versions(schema), postgresMigrations.map((_, i) => i + 1));
  });

  test('two processes migrating one empty database at the same moment both succeed', async () => {
    const schema = await freshSchema();
    const stores = [1, 2, 3].map(() => new PostgresStore({ url: testDatabaseUrl, schema, poolMax: 1 }));
    try {
      const results = await Promise.allSettled(stores.map((store) => store.migrate()));
      assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'fulfilled', 'fulfilled']);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
    assert.deepEqual(await versions(schema), postgresMigrations.map((_, i) => i + 1));
  });

  test('a database of version 1 keeps its pages, levels, texts and deleted pages through the upgrade', async () => {
    const schema = await freshSchema();
    const db = new PgDatabase({ url: testDatabaseUrl, schema, poolMax: 1 });
    try {
      await migrate(db, 1);
      await db.transaction(async (tx) => {
        await tx.run(`INSERT INTO bases (base_id, description, view, next_seq, created_at)
                      VALUES ('old-base', 'Old', 'L', 3, '2026-01-02T03:04:05.678Z')`);
        const page = `INSERT INTO pages (base_id, content_id, seq, level, status, title, body, body_html, type, lang, view,
                        search_title, search_body, created_at, updated_at)
                      VALUES ('old-base', $1, $2, $3, $4, $5, $6, $7, $8, 'en', NULL, lower($5), lower($6),
                        '2026-01-02T03:04:05.678Z', '2026-01-02T03:04:05.678Z')`;
        await tx.run(page, ['aaaaaa', 0, 0, 'A', 'Guide', '# Install', '<h1>Install</h1>\n', 'M']);
        await tx.run(page, ['bbbbbb', 1, 1, 'D', 'Gone', 'deleted text', null, 'T']);
        await tx.run(page, ['cccccc', 2, 1, 'A', 'Setup', 'Run the installer', null, 'T']);
      });
    } finally {
      await db.close();
    }
    const store = new PostgresStore({ url: testDatabaseUrl, schema, poolMax: 2 });
    try {
      await store.migrate();
      const list = await store.listPages('old-base', {});
      assert.deepEqual(list.pages.map((p) => [p.contentId, p.order, p.level, p.updatedAt]), [
        ['aaaaaa', 0, 0, '2026-01-02T03:04:05.678Z'],
        ['cccccc', 1, 1, '2026-01-02T03:04:05.678Z'],
      ]);
      const setup = await store.getPage('old-base', 'cccccc');
      assert.deepEqual([setup?.body, setup?.path], ['Run the installer', ['Guide', 'Setup']]);
      assert.equal(await store.getPage('old-base', 'bbbbbb'), null);
      const found = async (term: string) => (await store.searchPages('old-base', [term], {})).pages.map((p) => p.contentId);
      assert.deepEqual(await found('install'), ['aaaaaa', 'cccccc']);
      assert.deepEqual(await found('up'), ['cccccc'], 'a two-character term, through the index of pairs');
      assert.deepEqual(await found('g'), ['aaaaaa'], 'a one-character term, through the index of characters');
      const created = await store.createPage('old-base', {
        title: 'New', searchTitle: 'new', body: '', html: null, searchBody: '', type: 'T', lang: 'en', now: '2026-02-01T00:00:00.000Z',
      }, () => 'dddddd');
      assert.equal(created.seq, 3);
    } finally {
      await store.close();
    }
  });
});
