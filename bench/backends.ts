// SQLite and PostgreSQL side by side: seeds the same N pages (default 10,000) into one base on each
// backend through the Store and the page use cases, then times list, tree, a few searches and
// the delete of the first page, once each, and prints a table.
//
//   npx node bench/backends.ts [--pages 10000]
//   KB_BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres (the server; a fresh database is
//   created on it for the run and dropped afterwards)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createPage, deletePage, getTree, listPages, searchPages, updatePage } from '../src/app/pages.ts';
import { PostgresStore } from '../src/store/postgres/postgres-store.ts';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.ts';
import type { Store } from '../src/store/store.ts';
import { generatePages, searchTerms } from './corpus.ts';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '10000' } } });
const pageCount = Number(values.pages);
const serverUrl = process.env.KB_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const baseId = 'bench-base';

interface Measure {
  name: string;
  run(store: Store, firstPage: string): Promise<string>;
}

const search = (q: string): Measure => ({
  name: `search "${q}"`,
  run: async (store) => `${(await searchPages(store, baseId, q, {})).total} hits`,
});

const measures: Measure[] = [
  { name: 'list (all pages)', run: async (store) => `${(await listPages(store, baseId, {})).pages.length} pages` },
  { name: 'list (limit 100, offset 5000)', run: async (store) => `${(await listPages(store, baseId, { limit: 100, offset: 5000 })).pages.length} pages` },
  { name: 'tree', run: async (store) => `${(await getTree(store, baseId)).length} rows` },
  search(searchTerms.rareEnglish),
  search(searchTerms.commonEnglish),
  search(searchTerms.rareJapanese4),
  search(searchTerms.rareJapanese2),
  search(searchTerms.rareJapanese1),
  search(searchTerms.twoTerms),
  search(searchTerms.noHit),
  { name: 'delete first page', run: async (store, first) => { await deletePage(store, baseId, first); return 'deleted'; } },
];

/** Creates the base and the pages through the use cases, a level change where the page needs one. */
async function seed(store: Store): Promise<string> {
  await store.createBase({ baseId, description: 'Benchmark base', view: 'L' }, new Date().toISOString());
  let first = '';
  for (const page of generatePages(pageCount)) {
    const created = await createPage(store, baseId, { title: page.title, body: page.body, type: page.type, lang: page.lang });
    if (page.level > 0) await updatePage(store, baseId, created.contentId, { level: page.level });
    first ||= created.contentId;
  }
  return first;
}

async function measure(
  name: string, open: () => Promise<Store>, seedStore: () => Promise<Store>, afterSeeding = async () => {},
): Promise<Map<string, string>> {
  const results = new Map<string, string>();
  const seeding = await seedStore();
  const started = performance.now();
  const first = await seed(seeding);
  await seeding.close();
  results.set('seed', `${((performance.now() - started) / 1000).toFixed(1)} s`);
  await afterSeeding();
  const store = await open();
  try {
    // Opens the connection (PostgreSQL) and reads the schema, so no measure pays for it.
    await store.countPages(baseId);
    for (const m of measures) {
      const t0 = performance.now();
      const what = await m.run(store, first);
      results.set(m.name, `${(performance.now() - t0).toFixed(1)} ms (${what})`);
    }
  } finally {
    await store.close();
  }
  process.stderr.write(`${name} done\n`);
  return results;
}

async function onSqlite(): Promise<Map<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'kbp-bench-'));
  const path = join(dir, 'kb.db');
  const open = async () => { const store = new SqliteStore(path); await store.migrate(); return store; };
  try {
    return await measure('sqlite', open, open);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<Map<string, string>> {
  const database = `kbp_bench_${process.pid}`;
  const server = new pg.Client({ connectionString: serverUrl });
  await server.connect();
  await server.query(`CREATE DATABASE ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const open = async () => { const store = new PostgresStore({ url: url.toString() }); await store.migrate(); return store; };
  // Seeding does not wait for each commit to reach the disk (the measured store does).
  const fastUrl = new URL(url);
  fastUrl.searchParams.set('options', '-c synchronous_commit=off');
  const seedStore = async () => { const store = new PostgresStore({ url: fastUrl.toString() }); await store.migrate(); return store; };
  // What autovacuum does soon after a bulk load anyway: statistics for the planner.
  const analyze = async () => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query('VACUUM ANALYZE');
    await client.end();
  };
  try {
    return await measure('postgres', open, seedStore, analyze);
  } finally {
    await server.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await server.end();
  }
}

const sqlite = await onSqlite();
const postgres = await onPostgres();
const rows = [['operation', 'SQLite', 'PostgreSQL'], ...[...sqlite.keys()].map((k) => [k, sqlite.get(k)!, postgres.get(k) ?? ''])];
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
console.log(`${pageCount} pages in one base, each operation once (after seeding):\n`);
for (const row of rows) console.log(`| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`);
