// The settings every SQLite connection of the service opens with: the writer's WAL journal and
// NORMAL sync (a commit survives a crash of the process), foreign keys, and a page cache of
// SQLITE_CACHE_KIB on the reader and the writer alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDatabaseUrl, SQLITE_CACHE_KIB } from '../../src/database/data-source';
import { UnitOfWork } from '../../src/database/unit-of-work';

describe('SQLite connection settings', () => {
  const directory = mkdtempSync(join(tmpdir(), 'kbp-settings-'));
  let db: UnitOfWork;
  beforeAll(async () => {
    db = await UnitOfWork.open(parseDatabaseUrl(join(directory, 'kb.db')));
  });
  afterAll(async () => {
    await db?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const pragma = async (run: (sql: string) => Promise<Record<string, unknown>[]>, name: string) => Object.values((await run(`PRAGMA ${name}`))[0])[0];

  it('the reader caches SQLITE_CACHE_KIB of pages and checks foreign keys', async () => {
    const read = (sql: string) => db.reader.query(sql);
    expect(await pragma(read, 'cache_size')).toBe(-SQLITE_CACHE_KIB);
    expect(await pragma(read, 'foreign_keys')).toBe(1);
  });

  it('the writer too, with a WAL journal synced at NORMAL', async () => {
    const settings = await db.write(async (tx) => {
      const write = (sql: string) => tx.query(sql);
      return [await pragma(write, 'cache_size'), await pragma(write, 'foreign_keys'), await pragma(write, 'journal_mode'), await pragma(write, 'synchronous')];
    });
    expect(settings).toEqual([-SQLITE_CACHE_KIB, 1, 'wal', 1]);
  });
});
