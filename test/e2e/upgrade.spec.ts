// Upgrading a database written before position keys: its pages keep their display order, deleted
// ones stay deleted, and deletes and creates after the upgrade keep the order dense. Upgrading one
// written before the search index: searches find the pages written before it, those of a base whose
// merge is due folded into the postings when the service starts, the others pending until then.
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { INestApplication } from '@nestjs/common';
import { createApp } from '../../src/app.factory';
import { defaults } from '../../src/config/config';
import { dataSourceOptions, parseDatabaseUrl } from '../../src/database/data-source';
import { InitialSchema1763900000000 } from '../../src/database/migrations/1763900000000-initial-schema';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { DEFAULT_MERGE_THRESHOLD } from '../../src/search/search-index.service';
import { SearchIndex1763900000100 } from '../../src/search/migrations/1763900000100-search-index';
import { backends, createTestDatabase, type TestDatabase } from '../support/databases';
import { insertToken, insertUser } from '../support/e2e';

const BASE = 'old-base';
const stamp = '2025-06-01T00:00:00.000Z';

/** The schema and rows of a release before position keys (and, with only the initial schema,
 * before the search index): dense `ord`, one page deleted. */
async function writeOldDatabase(url: string, migrations: Function[] = [InitialSchema1763900000000, SearchIndex1763900000100]): Promise<void> {
  const old = new DataSource({ ...dataSourceOptions(parseDatabaseUrl(url)), migrations });
  await old.initialize();
  try {
    await old.runMigrations();
    await old.query("INSERT INTO bases (base_id, description, view_mode, live_pages, outline_version, created_at) VALUES (?, '', 'L', 4, 9, ?)", [BASE, stamp]);
    const pages: [string, number | null, number, string][] = [['aaaaaa', 0, 0, 'A'], ['bbbbbb', 1, 1, 'A'], ['gone00', null, 0, 'D'], ['cccccc', 2, 1, 'A'], ['dddddd', 3, 0, 'A']];
    for (const [i, [contentId, ord, level, status]] of pages.entries()) {
      await old.query(
        `INSERT INTO pages (page_id, base_id, content_id, ord, deleted_ord, level, status, title, type, lang, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'T', 'en', ?, ?)`,
        [i + 1, BASE, contentId, ord, ord === null ? 2 : null, level, status, `Title ${contentId}`, stamp, stamp]);
      await old.query("INSERT INTO page_texts (page_id, body, body_html, search_title, search_body) VALUES (?, '', NULL, ?, '')", [i + 1, `title ${contentId}`]);
    }
  } finally {
    await old.destroy();
  }
}

const LARGE_BASE = 'large-base';

/** A base of `count` live pages in a database of the initial schema, each page's body saying whether its number is odd or even. */
async function writeOldBase(url: string, baseId: string, count: number): Promise<void> {
  const old = new DataSource({ ...dataSourceOptions(parseDatabaseUrl(url)), migrations: [] });
  await old.initialize();
  try {
    await old.query("INSERT INTO bases (base_id, description, view_mode, live_pages, outline_version, created_at) VALUES (?, '', 'L', ?, ?, ?)", [baseId, count, count, stamp]);
    for (let n = 0; n < count; n++) {
      const pageId = 1000 + n;
      await old.query(
        `INSERT INTO pages (page_id, base_id, content_id, ord, level, status, title, type, lang, created_at, updated_at)
         VALUES (?, ?, ?, ?, 0, 'A', ?, 'T', 'en', ?, ?)`,
        [pageId, baseId, `n${String(n).padStart(5, '0')}`, n, `Note ${n}`, stamp, stamp]);
      const body = `${n % 2 ? 'odd' : 'even'} number`;
      await old.query('INSERT INTO page_texts (page_id, body, body_html, search_title, search_body) VALUES (?, ?, NULL, ?, ?)', [pageId, body, `note ${n}`, body]);
    }
  } finally {
    await old.destroy();
  }
}

describe.each(backends)('upgrade of a database from before the search index [%s]', (backend) => {
  let database: TestDatabase;
  let app: INestApplication;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    await writeOldDatabase(database.url, [InitialSchema1763900000000]);
    await writeOldBase(database.url, LARGE_BASE, DEFAULT_MERGE_THRESHOLD);
    app = await createApp({ ...defaults, logLevel: 'silent', databaseUrl: database.url });
    const db = app.get(UnitOfWork);
    for (const baseId of [BASE, LARGE_BASE]) tokens.set(baseId, await insertToken(db, { baseId, userId: await insertUser(db, baseId, 'owner') }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const search = async (baseId: string, q: string) => {
    const found = await request(app.getHttpServer()).get(`/api/v1/bases/${baseId}/search?q=${encodeURIComponent(q)}&limit=100`)
      .set('Authorization', `Bearer ${tokens.get(baseId)}`);
    return { ids: found.body.pages.map((p: any) => p.content_id).sort(), total: found.body.total };
  };
  const numbered = (numbers: number[]) => numbers.map((n) => `n${String(n).padStart(5, '0')}`);

  it('finds the live pages written before the upgrade, and not the deleted one', async () => {
    expect(await search(BASE, 'title')).toEqual({ ids: ['aaaaaa', 'bbbbbb', 'cccccc', 'dddddd'], total: 4 });
    expect(await search(BASE, 'gone00')).toEqual({ ids: [], total: 0 });
    const all = Array.from({ length: DEFAULT_MERGE_THRESHOLD }, (_, n) => n);
    expect(await search(LARGE_BASE, 'odd number')).toEqual({ ids: numbered(all.filter((n) => n % 2)), total: DEFAULT_MERGE_THRESHOLD / 2 });
    const withOne = all.filter((n) => String(n).includes('1'));
    expect(await search(LARGE_BASE, 'note 1')).toEqual({ ids: numbered(withOne), total: withOne.length });
  });

  it('folds the pages of a base whose merge is due into the postings at start; a smaller base stays pending', async () => {
    const db = app.get(UnitOfWork);
    const pending: { base_id: string; n: number }[] = await db.reader.query('SELECT base_id, COUNT(*) AS n FROM search_pending GROUP BY base_id');
    expect(pending.map((row) => [row.base_id, Number(row.n)])).toEqual([[BASE, 4]]);
    const [{ n }] = await db.reader.query('SELECT COUNT(*) AS n FROM search_postings WHERE base_id = ?', [LARGE_BASE]);
    expect(Number(n)).toBeGreaterThan(0);
  });
});

describe.each(backends)('upgrade of a database with dense orders [%s]', (backend) => {
  let database: TestDatabase;
  let app: INestApplication;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    await writeOldDatabase(database.url);
    app = await createApp({ ...defaults, logLevel: 'silent', databaseUrl: database.url });
    const db = app.get(UnitOfWork);
    token = await insertToken(db, { baseId: BASE, userId: await insertUser(db, BASE, 'owner') });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const call = (method: 'get' | 'post' | 'delete', path: string, body?: object) => {
    const req = request(app.getHttpServer())[method](`/api/v1/bases/${BASE}${path}`).set('Authorization', `Bearer ${token}`);
    return body === undefined ? req : req.set('Content-Type', 'application/json').send(JSON.stringify(body));
  };
  const outline = async () => (await call('get', '/pages')).body.pages.map((p: any) => [p.content_id, p.order, p.level]);

  it('keeps the live pages in their order and levels, the deleted one out', async () => {
    expect(await outline()).toEqual([['aaaaaa', 0, 0], ['bbbbbb', 1, 1], ['cccccc', 2, 1], ['dddddd', 3, 0]]);
    expect((await call('get', '/pages/gone00')).status).toBe(404);
    expect((await call('get', '/pages/cccccc')).body.path).toEqual(['Title aaaaaa', 'Title cccccc']);
  });

  it('keeps orders dense through a delete and a create after the upgrade', async () => {
    expect((await call('delete', '/pages/aaaaaa')).status).toBe(204);
    const created = await call('post', '/pages', { title: 'New' });
    expect(created.status).toBe(201);
    expect(await outline()).toEqual([['bbbbbb', 0, 0], ['cccccc', 1, 0], ['dddddd', 2, 0], [created.body.content_id, 3, 0]]);
    expect((await call('get', '/info')).body.total_pages).toBe(4);
  });
});
