// Two real service processes on one PostgreSQL database take a burst of concurrent, mixed
// outline writes for one base; afterwards the order is dense and unique and every answered write
// is accounted for. Both processes start at once on an empty database, so they also migrate at once.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { PostgresStore } from '../../src/store/postgres/postgres-store.ts';
import { startServe, type RunningServe } from '../cli/kbp-process.ts';
import { addUser, createBase, createToken } from '../support/fixtures.ts';
import { postgresReachable, testDatabaseUrl, withDatabase } from '../support/test-store.ts';

const reachable = await postgresReachable();
const skip = reachable ? false : `no PostgreSQL server answers at ${testDatabaseUrl}; start it (.ci/run does) to run these tests`;

const baseId = 'two-services';
const SEED_PAGES = 20;
const BURST = 200;
const IN_FLIGHT = 16;

/** A small deterministic generator, so a failing burst can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('two service processes on one database', { skip }, () => {
  const database = `kbp_two_${process.pid}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = withDatabase(testDatabaseUrl, database);
  const server = new pg.Client({ connectionString: withDatabase(testDatabaseUrl, 'postgres') });
  let services: RunningServe[] = [];
  let token = '';

  async function send(url: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
    const res = await fetch(`${url}/api/v1/bases/${baseId}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  }

  before(async () => {
    await server.connect();
    await server.query(`CREATE DATABASE ${database}`);
    services = await Promise.all([1, 2].map(() => startServe(['--db', databaseUrl, '--no-demo'])));
    const store = new PostgresStore({ url: databaseUrl, poolMax: 2 });
    try {
      await store.migrate();
      await createBase(store, baseId);
      const userId = await addUser(store, baseId, 'owner');
      token = await createToken(store, { baseId, userId });
    } finally {
      await store.close();
    }
  });

  after(async () => {
    await Promise.all(services.map((s) => s.stop()));
    await server.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await server.end();
  });

  test('a burst of creates, level changes, edits and deletes on both keeps the order dense and unique', async () => {
    const urls = services.map((s) => s.url);
    const ids: string[] = [];
    for (let i = 0; i < SEED_PAGES; i++) {
      const res = await send(urls[i % 2], 'POST', '/pages', { title: `Seed ${i}` });
      assert.equal(res.status, 201);
      ids.push(res.json.content_id);
    }

    const next = random(20261121);
    const pick = () => ids[Math.floor(next() * ids.length)];
    const counts = { created: 0, deleted: 0 };
    const statuses: string[] = [];
    const operations = Array.from({ length: BURST }, (_, i) => {
      const url = urls[i % 2];
      const roll = next();
      if (roll < 0.35) {
        return async () => {
          const res = await send(url, 'POST', '/pages', { title: `Burst ${i}` });
          statuses.push(`POST ${res.status}`);
          if (res.status === 201) { counts.created++; ids.push(res.json.content_id); }
        };
      }
      // Targets are picked when the request goes out, among the pages not known to be deleted.
      if (roll < 0.7) {
        const level = Math.floor(next() * 4);
        return async () => statuses.push(`PATCH ${(await send(url, 'PATCH', `/pages/${pick()}`, { level })).status}`);
      }
      if (roll < 0.8) {
        return async () => statuses.push(`PATCH ${(await send(url, 'PATCH', `/pages/${pick()}`, { title: `Edit ${i}` })).status}`);
      }
      return async () => {
        const target = pick();
        const res = await send(url, 'DELETE', `/pages/${target}`);
        statuses.push(`DELETE ${res.status}`);
        if (res.status === 204) { counts.deleted++; ids.splice(ids.indexOf(target), 1); }
      };
    });
    const queue = [...operations];
    await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
      for (let op = queue.shift(); op; op = queue.shift()) await op();
    }));

    // A write on a page deleted meanwhile is 404; nothing else but success is acceptable.
    const allowed = new Set(['POST 201', 'PATCH 200', 'PATCH 404', 'DELETE 204', 'DELETE 404']);
    assert.deepEqual(statuses.filter((s) => !allowed.has(s)), []);
    assert.equal(statuses.length, BURST);

    const live = SEED_PAGES + counts.created - counts.deleted;
    const [first, second] = await Promise.all(urls.map((url) => send(url, 'GET', '/pages')));
    assert.deepEqual(first.json, second.json, 'both services see the same outline');
    assert.equal(first.json.total, live);
    assert.deepEqual(first.json.pages.map((p: { order: number }) => p.order), Array.from({ length: live }, (_, i) => i));
    assert.equal(new Set(first.json.pages.map((p: { content_id: string }) => p.content_id)).size, live);
    for (const page of first.json.pages) assert.ok(page.level >= 0 && page.level <= 100, `level ${page.level}`);
    assert.equal((await send(urls[1], 'GET', '/info')).json.total_pages, live);

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        `SELECT count(*)::int AS pages, count(DISTINCT seq)::int AS seqs, count(*) FILTER (WHERE status = 'A')::int AS live
         FROM pages WHERE base_id = $1`, [baseId],
      );
      assert.deepEqual(rows[0], { pages: SEED_PAGES + counts.created, seqs: SEED_PAGES + counts.created, live });
    } finally {
      await db.end();
    }
  });
});
