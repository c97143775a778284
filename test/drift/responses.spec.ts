// Every operation, with every status its document lists, called over HTTP on each backend: each
// answer must be one the committed OpenAPI document promises (status, media type, headers, body),
// and together the answers must cover every documented status of every operation.
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import { MYSQL_SERVER_URL } from '../support/databases';
import { removeBaseRow } from '../support/remove-base';
import { createHarness, describeEachBackend, insertToken, insertUser, type Harness, type TestBase } from '../support/e2e';
import { expectMatchesOpenApi, openApiDocument } from '../support/openapi';

type Method = 'get' | 'post' | 'patch' | 'delete';

interface Operation {
  key: string;
  method: Method;
  path: (base: TestBase, contentId: string) => string;
  success: number;
  body?: Record<string, unknown>;
  /** A request of this operation that is 400. */
  bad?: { path?: (base: TestBase) => string; body?: unknown };
}

const CONTENT_ID = 'abc123';
const bodyLimit = 4096;

const operations: Operation[] = [
  { key: 'GET /bases/{base_id}/info', method: 'get', path: (b) => `/bases/${b.baseId}/info`, success: 200 },
  { key: 'GET /bases/{base_id}/token', method: 'get', path: (b) => `/bases/${b.baseId}/token`, success: 200 },
  { key: 'GET /bases/{base_id}/pages', method: 'get', path: (b) => b.pagesPath(), success: 200, bad: { path: (b) => `${b.pagesPath()}?limit=0` } },
  { key: 'POST /bases/{base_id}/pages', method: 'post', path: (b) => b.pagesPath(), success: 201, body: { title: 'New page', body: '# New' }, bad: { body: { title: 'x', type: 'M' } } },
  { key: 'GET /bases/{base_id}/pages/{content_id}', method: 'get', path: (b, id) => b.pagesPath(id), success: 200 },
  { key: 'PATCH /bases/{base_id}/pages/{content_id}', method: 'patch', path: (b, id) => b.pagesPath(id), success: 200, body: { title: 'Changed', view: null, level: 2 }, bad: { body: {} } },
  { key: 'DELETE /bases/{base_id}/pages/{content_id}', method: 'delete', path: (b, id) => b.pagesPath(id), success: 204 },
  { key: 'GET /bases/{base_id}/search', method: 'get', path: (b) => `/bases/${b.baseId}/search?q=needle`, success: 200, bad: { path: (b) => `/bases/${b.baseId}/search?q=%20` } },
  { key: 'GET /bases/{base_id}/tree', method: 'get', path: (b) => `/bases/${b.baseId}/tree`, success: 200 },
];

const isWrite = (op: Operation) => op.method !== 'get';

/** Drops a table behind the app's back: its next query of it fails unexpectedly. */
async function dropTable(h: Harness, table: string): Promise<void> {
  if (h.backend === 'sqlite') {
    const db = new Database(h.database.url, { timeout: 5000 });
    try {
      db.exec(`DROP TABLE ${table}`);
    } finally {
      db.close();
    }
    return;
  }
  await h.db.write((tx) => tx.query(`DROP TABLE ${table}`));
}

describeEachBackend('every answer matches the OpenAPI document', (h) => {
  const covered = new Set<string>();
  const check = (res: Parameters<typeof expectMatchesOpenApi>[0]) => {
    for (const key of expectMatchesOpenApi(res)) covered.add(key);
    return res;
  };
  const send = (base: TestBase, op: Operation, contentId: string, options: { path?: string; body?: unknown; token?: string | null; headers?: Record<string, string> } = {}) =>
    base.call(op.method, options.path ?? op.path(base, contentId), { body: options.body ?? op.body, token: options.token, headers: options.headers });
  /** Every operation called on `base`: its status and whether the answer matches the document. */
  const everyOperation = async (base: TestBase, contentId: string, ops: Operation[]) => {
    const answers = [];
    for (const op of ops) {
      const res = await send(base, op, contentId);
      let matches: true | string = true;
      try {
        check(res);
      } catch (error) {
        matches = (error as Error).message;
      }
      answers.push({ op: op.key, status: res.status, matches });
    }
    return answers;
  };
  const expected = (ops: Operation[], status: number) => ops.map((op) => ({ op: op.key, status, matches: true }));

  describe.each(operations)('$key', (op) => {
    let base: TestBase;
    let pageId: string;

    beforeEach(async () => {
      base = await h().fresh();
      // A page with a parent and descendants, one of them too deep for the tree; one page to find.
      const [parent, page] = await base.createOutline([0, 1, 2, 3]);
      await base.createPage({ title: 'Needle here', body: 'a needle in the text', content_lang: 'en', content_type: 'T' });
      await base.call('patch', base.pagesPath(parent), { body: { view: 'O' } });
      pageId = page;
    });

    it('answers its success status', async () => {
      const res = check(await send(base, op, pageId));
      expect(res.status).toBe(op.success);
      if (op.method === 'get') expect(check(await base.call('head', op.path(base, pageId))).status).toBe(200);
    });

    if (op.bad) {
      it('answers 400 to a bad request', async () => {
        const bad = op.bad!;
        expect(check(await send(base, op, pageId, { path: bad.path?.(base), body: bad.body })).status).toBe(400);
      });
    }

    it('answers 401 without a valid token', async () => {
      expect(check(await send(base, op, pageId, { token: null })).status).toBe(401);
      expect(check(await send(base, op, pageId, { token: 'kbp_unknown' })).status).toBe(401);
    });

    it(`answers 403 to a token of another base, of a non-owner${isWrite(op) ? ', or with the read scope' : ''}`, async () => {
      const other = await h().fresh();
      expect(check(await send(base, op, pageId, { token: other.token })).status).toBe(403);
      const writer = await insertUser(h().db, base.baseId, 'writer');
      expect(check(await send(base, op, pageId, { token: await insertToken(h().db, { baseId: base.baseId, userId: writer }) })).status).toBe(403);
      if (isWrite(op)) {
        const reader = await insertToken(h().db, { baseId: base.baseId, userId: base.ownerId, scope: 'read' });
        expect(check(await send(base, op, pageId, { token: reader })).status).toBe(403);
      }
    });

    it('answers 404 when the knowledge base is gone, or the page is unknown', async () => {
      await removeBaseRow(h(), base.baseId);
      expect(check(await send(base, op, pageId)).status).toBe(404);
      if (op.key.includes('{content_id}')) {
        const live = await h().fresh();
        expect(check(await send(live, op, CONTENT_ID)).status).toBe(404);
      }
    });

    it('answers 405 with Allow to a method its path does not offer', async () => {
      const res = check(await base.call('put', op.path(base, pageId).split('?')[0], { body: {} }));
      expect(res.status).toBe(405);
    });

    if (op.body) {
      it('answers 413 to a body over the limit and 415 to a body that is not JSON', async () => {
        expect(check(await send(base, op, pageId, { body: { title: 'x', body: 'x'.repeat(bodyLimit) } })).status).toBe(413);
        expect(check(await send(base, op, pageId, { body: 'title=x', headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
      });
    }
  });

  it('answers 500 to every operation when the database fails unexpectedly', async () => {
    const broken = await createHarness(h().backend, { bodyLimit });
    try {
      const base = await broken.fresh();
      await dropTable(broken, 'tokens');
      expect(await everyOperation(base, CONTENT_ID, operations)).toEqual(expected(operations, 500));
    } finally {
      await broken.close();
    }
  });

  it('answers 503 when the database cannot be reached (SQLite: writes while another process holds the write lock)', async () => {
    const broken = await createHarness(h().backend, { bodyLimit });
    try {
      const base = await broken.fresh();
      const pageId = (await base.createPage({ title: 'Kept' })).content_id as string;
      if (broken.backend === 'mysql') {
        const name = new URL(broken.database.url).pathname.slice(1);
        const admin = await createConnection(MYSQL_SERVER_URL);
        try {
          const [rows] = await admin.query('SELECT ID AS id FROM information_schema.PROCESSLIST WHERE DB = ?', [name]);
          await admin.query(`DROP DATABASE ${name}`);
          for (const { id } of rows as { id: number }[]) await admin.query(`KILL ${Number(id)}`).catch(() => undefined);
        } finally {
          await admin.end();
        }
        expect(await everyOperation(base, pageId, operations)).toEqual(expected(operations, 503));
      } else {
        const holder = new Database(broken.database.url);
        holder.exec('BEGIN IMMEDIATE');
        try {
          const writes = operations.filter(isWrite);
          expect(await everyOperation(base, pageId, writes)).toEqual(expected(writes, 503));
        } finally {
          holder.exec('ROLLBACK');
          holder.close();
        }
      }
    } finally {
      await broken.close();
    }
  });

  it('covered every status the document lists for every operation', () => {
    const documented = Object.entries(openApiDocument().paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) => Object.keys(operation.responses).map((status) => `${method.toUpperCase()} ${path} ${status}`)),
    );
    // SQLite reads go through a read-only WAL connection that no lock of another process blocks.
    const unreachable = (key: string) => h().backend === 'sqlite' && key.startsWith('GET ') && key.endsWith(' 503');
    expect(documented.filter((key) => !covered.has(key) && !unreachable(key))).toEqual([]);
  });
}, { bodyLimit });
