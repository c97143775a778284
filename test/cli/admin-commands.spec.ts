// kbp base, user and member, and where --db may stand: the compiled command against a real
// database of each backend.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { backends, createTestDatabase } from '../support/databases';
import { expectRefused, freshDatabaseEach, inspect, inTurn, kbp, kbpOk } from './kbp-process';

const baseRow = (url: string, baseId: string) =>
  inspect(url, async (query) => (await query('SELECT base_id, description, view_mode FROM bases WHERE base_id = ?', [baseId]))[0] ?? null);

describe.each(backends)('kbp base, user and member [%s]', (backend) => {
  const database = freshDatabaseEach(backend);

  it('base create makes a knowledge base with its description and view', async () => {
    const { stdout } = await kbpOk(['--db', database.url(), 'base', 'create', 'team-docs', '--description', 'Team documents', '--view', 'O']);
    expect(stdout).toBe('Created knowledge base team-docs (view O).\n');
    expect(await baseRow(database.url(), 'team-docs')).toEqual({ base_id: 'team-docs', description: 'Team documents', view_mode: 'O' });
  });

  it('base create defaults to view L and an empty description', async () => {
    await kbpOk(['base', 'create', 'plain-base', '--db', database.url()]);
    expect(await baseRow(database.url(), 'plain-base')).toEqual({ base_id: 'plain-base', description: '', view_mode: 'L' });
  });

  it("--db is accepted before and after the command's own arguments, and as --db=URL", async () => {
    const url = database.url();
    await kbpOk(['--db', url, 'base', 'create', 'before-args']);
    const placements = [
      ['base', 'create', 'after-args', '--description', 'x', '--db', url],
      ['base', '--db', url, 'create', 'between-words'],
      ['base', 'create', `--db=${url}`, 'equals-form'],
    ];
    for (const args of placements) await kbpOk(args);
    const made = await inspect(url, (query) => query('SELECT base_id FROM bases ORDER BY base_id'));
    expect(made.map((row) => row.base_id)).toEqual(['after-args', 'before-args', 'between-words', 'equals-form']);
  });

  it('KB_DATABASE_URL selects the database when --db is absent', async () => {
    await kbpOk(['base', 'create', 'from-env'], { KB_DATABASE_URL: database.url() });
    expect(await baseRow(database.url(), 'from-env')).not.toBeNull();
  });

  it('--db wins over KB_DATABASE_URL', async () => {
    const result = await kbp(['base', 'create', 'option-wins', '--db', database.url()], { KB_DATABASE_URL: 'postgres://elsewhere/kb' });
    expect(result.code).toBe(0);
    expect(await baseRow(database.url(), 'option-wins')).not.toBeNull();
  });

  it('base create refuses a malformed id, a bad view and a duplicate', async () => {
    const url = database.url();
    expectRefused(await kbp(['--db', url, 'base', 'create', 'Team_Docs']), /^error: "Team_Docs" is not a valid knowledge-base id/);
    expectRefused(await kbp(['--db', url, 'base', 'create', 'team-docs', '--view', 'X']), /Allowed choices are O, L, I/);
    await kbpOk(['--db', url, 'base', 'create', 'team-docs']);
    expectRefused(await kbp(['--db', url, 'base', 'create', 'team-docs']), /^error: The knowledge base "team-docs" already exists\.\n$/);
  });

  it('user create stores the address in lower case, with a name or the part before the @', async () => {
    const url = database.url();
    const alice = await kbpOk(['--db', url, 'user', 'create', 'Alice@Example.com', '--name', 'Alice Liddell']);
    // The first user is an instance administrator (kbp user create --admin makes others).
    expect(alice.stdout).toBe('Created user alice@example.com (Alice Liddell), an instance administrator.\n');
    await kbpOk(['user', 'create', 'bob@example.com', '--db', url]);
    const users = await inspect(url, (query) => query('SELECT email, name FROM users ORDER BY email'));
    expect(users).toEqual([{ email: 'alice@example.com', name: 'Alice Liddell' }, { email: 'bob@example.com', name: 'bob' }]);
  });

  it('user create refuses a malformed address and a duplicate in any case', async () => {
    const url = database.url();
    expectRefused(await kbp(['--db', url, 'user', 'create', 'alice']), /"alice" is not a valid email address/);
    await kbpOk(['--db', url, 'user', 'create', 'alice@example.com']);
    expectRefused(await kbp(['--db', url, 'user', 'create', 'ALICE@example.com']), /The user "alice@example.com" already exists/);
  });

  it('member add makes a member and changes the role of one', async () => {
    const url = database.url();
    await kbpOk(['--db', url, 'base', 'create', 'team-docs']);
    await kbpOk(['--db', url, 'user', 'create', 'alice@example.com']);
    const added = await kbpOk(['--db', url, 'member', 'add', 'team-docs', 'Alice@Example.com', '--role', 'reader']);
    expect(added.stdout).toBe('alice@example.com is reader of team-docs.\n');
    const changed = await kbpOk(['member', 'add', 'team-docs', 'alice@example.com', '--role', 'writer', '--db', url]);
    expect(changed.stdout).toBe('alice@example.com is writer of team-docs (was reader).\n');
    const roles = await inspect(url, (query) => query('SELECT m.base_id, m.role FROM members m JOIN users u ON u.user_id = m.user_id'));
    expect(roles).toEqual([{ base_id: 'team-docs', role: 'writer' }]);
  });

  it('member add never demotes the last owner: another owner first, then it may', async () => {
    const url = database.url();
    await kbpOk(['--db', url, 'base', 'create', 'team-docs']);
    await kbpOk(['--db', url, 'user', 'create', 'alice@example.com']);
    await kbpOk(['--db', url, 'user', 'create', 'bob@example.com']);
    await kbpOk(['--db', url, 'member', 'add', 'team-docs', 'alice@example.com', '--role', 'owner']);
    expectRefused(await kbp(['--db', url, 'member', 'add', 'team-docs', 'alice@example.com', '--role', 'writer']),
      /The last owner of "team-docs" cannot be demoted: make another member an owner first\./);
    await kbpOk(['--db', url, 'member', 'add', 'team-docs', 'bob@example.com', '--role', 'owner']);
    const demoted = await kbpOk(['--db', url, 'member', 'add', 'team-docs', 'alice@example.com', '--role', 'writer']);
    expect(demoted.stdout).toBe('alice@example.com is writer of team-docs (was owner).\n');
  });

  it('member add refuses an unknown base, an unknown user, a bad role and a missing role', async () => {
    const url = database.url();
    await kbpOk(['--db', url, 'base', 'create', 'team-docs']);
    await kbpOk(['--db', url, 'user', 'create', 'alice@example.com']);
    const [unknownBase, unknownUser, badRole, noRole] = await inTurn([
      () => kbp(['--db', url, 'member', 'add', 'no-such-base', 'alice@example.com', '--role', 'owner']),
      () => kbp(['--db', url, 'member', 'add', 'team-docs', 'nobody@example.com', '--role', 'owner']),
      () => kbp(['--db', url, 'member', 'add', 'team-docs', 'alice@example.com', '--role', 'boss']),
      () => kbp(['--db', url, 'member', 'add', 'team-docs', 'alice@example.com']),
    ]);
    expectRefused(unknownBase, /There is no knowledge base "no-such-base"; create it with: kbp base create no-such-base/);
    expectRefused(unknownUser, /There is no user "nobody@example.com"; create it with: kbp user create nobody@example.com/);
    expectRefused(badRole, /Allowed choices are owner, writer, reader/);
    expectRefused(noRole, /required option '--role/);
    expect(await inspect(url, (query) => query('SELECT role FROM members'))).toEqual([]);
  });
});

describe('kbp and its database URL', () => {
  it('creates a SQLite file and its folder on first use, by path, sqlite:PATH or sqlite://PATH', async () => {
    const sqlite = await createTestDatabase('sqlite');
    try {
      const folder = dirname(sqlite.url);
      const urls = [join(folder, 'a', 'kb.db'), `sqlite:${join(folder, 'b', 'kb.db')}`, `sqlite://${join(folder, 'c', 'kb.db')}`];
      for (const url of urls) await kbpOk(['--db', url, 'base', 'create', 'team-docs']);
      for (const name of ['a', 'b', 'c']) expect(existsSync(join(folder, name, 'kb.db'))).toBe(true);
      expect(await baseRow(join(folder, 'c', 'kb.db'), 'team-docs')).not.toBeNull();
    } finally {
      await sqlite.drop();
    }
  });

  it('refuses a database URL of another kind, and an empty one, plainly', async () => {
    expectRefused(await kbp(['--db', 'postgres://kb@127.0.0.1/kb', 'base', 'create', 'team-docs']),
      /^error: The database URL must be a file path, sqlite:PATH, mysql:\/\/… or mariadb:\/\/…, not "postgres:\/\/…"/);
    expectRefused(await kbp(['--db', 'sqlite:', 'base', 'create', 'team-docs']), /^error: The SQLite database path is empty/);
  });

  it('names a MySQL/MariaDB server that does not answer, without its password', async () => {
    const result = await kbp(['--db', 'mysql://kb:s3cret-word@127.0.0.1:1/nowhere', 'base', 'create', 'team-docs']);
    expectRefused(result, /^error: MySQL\/MariaDB at 127\.0\.0\.1:1\/nowhere does not answer/);
    expect(result.stderr).not.toMatch(/s3cret-word/);
  });
});
