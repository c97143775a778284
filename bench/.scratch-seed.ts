import pg from 'pg';
import { createPage, updatePage } from '../src/app/pages.ts';
import { PostgresStore } from '../src/store/postgres/postgres-store.ts';
import { generatePages } from './corpus.ts';
const n = Number(process.argv[2] ?? 10000);
const server = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await server.connect();
await server.query('DROP DATABASE IF EXISTS kbp_scratch WITH (FORCE)');
await server.query('CREATE DATABASE kbp_scratch');
await server.end();
const store = new PostgresStore({ url: 'postgres://postgres@127.0.0.1:5432/kbp_scratch?options=-c%20synchronous_commit%3Doff' });
await store.migrate();
await store.createBase({ baseId: 'bench-base', description: 'x', view: 'L' }, new Date().toISOString());
const t0 = performance.now();
for (const page of generatePages(n)) {
  const created = await createPage(store, 'bench-base', { title: page.title, body: page.body, type: page.type, lang: page.lang });
  if (page.level > 0) await updatePage(store, 'bench-base', created.contentId, { level: page.level });
}
console.log('seeded', n, ((performance.now() - t0) / 1000).toFixed(1), 's');
await store.close();
