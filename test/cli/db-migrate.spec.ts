// kbp db migrate: creates or upgrades the schema of the database --db names, on either backend.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { backends } from '../support/databases';
import { freshDatabaseEach, inspect, kbp } from './kbp-process';

/** The migrations the code ships: every file under a migrations folder of src. */
function shippedMigrations(dir = join(__dirname, '..', '..', 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return shippedMigrations(path);
    return dir.endsWith('migrations') && entry.name.endsWith('.ts') ? [entry.name] : [];
  });
}

describe.each(backends)('kbp db migrate [%s]', (backend) => {
  const database = freshDatabaseEach(backend);

  it('applies every migration, a second run finds nothing to do, and it says the schema is up to date', async () => {
    for (let run = 0; run < 2; run++) {
      const result = await kbp(['db', 'migrate', '--db', database.url()]);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(`The database schema is up to date (${database.url()}).\n`);
    }
    if (backend === 'sqlite') expect(existsSync(database.url())).toBe(true);
    const applied = await inspect(database.url(), (query) => query('SELECT name FROM kb_migrations'));
    expect(applied).toHaveLength(shippedMigrations().length);
    const [{ n }] = await inspect(database.url(), (query) => query('SELECT COUNT(*) AS n FROM bases'));
    expect(Number(n)).toBe(0);
  });

  it('several commands starting at once on a fresh database migrate it once, and all succeed', async () => {
    const results = await Promise.all(['one', 'two', 'three', 'four'].map((name) =>
      kbp(['--db', database.url(), 'base', 'create', `base-${name}`])));
    expect(results.map((result) => [result.code, result.stderr])).toEqual(results.map(() => [0, '']));
    const applied = await inspect(database.url(), (query) => query('SELECT name FROM kb_migrations'));
    expect(applied).toHaveLength(shippedMigrations().length);
    expect(await inspect(database.url(), (query) => query('SELECT base_id FROM bases'))).toHaveLength(4);
  });
});

describe('kbp db migrate on MySQL/MariaDB, unreachable', () => {
  it('is an error naming where, with a non-zero exit status, never printing the password', async () => {
    const result = await kbp(['db', 'migrate', '--db', 'mariadb://kb:not-for-eyes@127.0.0.1:1/nowhere']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/^error: MySQL\/MariaDB at 127\.0\.0\.1:1\/nowhere does not answer/);
    expect(result.stdout + result.stderr).not.toMatch(/not-for-eyes/);
  });
});
