import assert from 'node:assert/strict';
import { test } from 'node:test';
import { kbp, kbpOk, openDatabase, tempDatabase } from './kbp-process.ts';

/** Asserts a failed command: non-zero exit, nothing on stdout, a plain message (no stack) on stderr. */
function assertRefused(result: { code: number | null; stdout: string; stderr: string }, message: RegExp): void {
  assert.notEqual(result.code, 0);
  assert.equal(result.stdout, '');
  assert.match(result.stderr, message);
  assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
}

test('base create makes a knowledge base with its description and view, creating the database file', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  const { stdout } = await kbpOk(['--db', db, 'base', 'create', 'team-docs', '--description', 'Team documents', '--view', 'O']);
  assert.match(stdout, /team-docs/);
  const store = await openDatabase(db);
  t.after(() => store.close());
  assert.deepEqual(await store.getBase('team-docs'), { baseId: 'team-docs', description: 'Team documents', view: 'O' });
});

test('base create defaults to view L and an empty description', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  await kbpOk(['base', 'create', 'plain-base', '--db', db]);
  const store = await openDatabase(db);
  t.after(() => store.close());
  assert.deepEqual(await store.getBase('plain-base'), { baseId: 'plain-base', description: '', view: 'L' });
});

test('--db is accepted before and after the command\'s own arguments, and as --db=URL', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  await kbpOk(['--db', db, 'base', 'create', 'before-args']);
  await Promise.all([
    kbpOk(['base', 'create', 'after-args', '--description', 'x', '--db', db]),
    kbpOk(['base', '--db', db, 'create', 'between-words']),
    kbpOk(['base', 'create', `--db=${db}`, 'equals-form']),
    kbpOk(['base', 'create', 'sqlite-scheme', '--db', `sqlite:${db}`]),
  ]);
  const store = await openDatabase(db);
  t.after(() => store.close());
  for (const baseId of ['before-args', 'after-args', 'between-words', 'equals-form', 'sqlite-scheme']) {
    assert.ok(await store.getBase(baseId), baseId);
  }
});

test('KB_DATABASE_URL selects the database when --db is absent', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  const result = await kbp(['base', 'create', 'from-env'], { KB_DATABASE_URL: db });
  assert.equal(result.code, 0, result.stderr);
  const store = await openDatabase(db);
  t.after(() => store.close());
  assert.ok(await store.getBase('from-env'));
});

test('base create refuses a malformed id, a bad view and a duplicate', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  const [badId, badView] = await Promise.all([
    kbp(['--db', db, 'base', 'create', 'Team_Docs']),
    kbp(['--db', db, 'base', 'create', 'team-docs', '--view', 'X']),
  ]);
  assertRefused(badId, /not a valid knowledge-base id/);
  assertRefused(badView, /Allowed choices are O, L, I/);
  await kbpOk(['--db', db, 'base', 'create', 'team-docs']);
  assertRefused(await kbp(['--db', db, 'base', 'create', 'team-docs']), /already exists/);
});

test('user create stores the address in lower case, with a name', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  await kbpOk(['--db', db, 'user', 'create', 'Alice@Example.com', '--name', 'Alice Liddell']);
  await kbpOk(['user', 'create', 'bob@example.com', '--db', db]);
  const store = await openDatabase(db);
  t.after(() => store.close());
  assert.equal((await store.findUserByEmail('alice@example.com'))?.name, 'Alice Liddell');
  assert.equal((await store.findUserByEmail('bob@example.com'))?.name, 'bob');
});

test('user create refuses a malformed address and a duplicate', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  assertRefused(await kbp(['--db', db, 'user', 'create', 'alice']), /not a valid email address/);
  await kbpOk(['--db', db, 'user', 'create', 'alice@example.com']);
  assertRefused(await kbp(['--db', db, 'user', 'create', 'ALICE@example.com']), /already exists/);
});

test('member add makes a member and changes the role of one', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  await kbpOk(['--db', db, 'base', 'create', 'team-docs']);
  await kbpOk(['--db', db, 'user', 'create', 'alice@example.com']);
  await kbpOk(['--db', db, 'member', 'add', 'team-docs', 'alice@example.com', '--role', 'reader']);
  const { stdout } = await kbpOk(['member', 'add', 'team-docs', 'alice@example.com', '--role', 'writer', '--db', db]);
  assert.match(stdout, /writer.*was reader/);
  const store = await openDatabase(db);
  t.after(() => store.close());
  const alice = await store.findUserByEmail('alice@example.com');
  assert.equal(await store.memberRole('team-docs', alice!.userId), 'writer');
});

test('member add refuses an unknown base, an unknown user, a bad role and a missing role', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  await kbpOk(['--db', db, 'base', 'create', 'team-docs']);
  await kbpOk(['--db', db, 'user', 'create', 'alice@example.com']);
  const [unknownBase, unknownUser, badRole, noRole] = await Promise.all([
    kbp(['--db', db, 'member', 'add', 'no-such-base', 'alice@example.com', '--role', 'owner']),
    kbp(['--db', db, 'member', 'add', 'team-docs', 'nobody@example.com', '--role', 'owner']),
    kbp(['--db', db, 'member', 'add', 'team-docs', 'alice@example.com', '--role', 'boss']),
    kbp(['--db', db, 'member', 'add', 'team-docs', 'alice@example.com']),
  ]);
  assertRefused(unknownBase, /no knowledge base "no-such-base"/);
  assertRefused(unknownUser, /no user "nobody@example.com"/);
  assertRefused(badRole, /Allowed choices are owner, writer, reader/);
  assertRefused(noRole, /required option '--role/);
});

test('a database URL of an unknown kind is refused plainly', async () => {
  assertRefused(await kbp(['--db', 'mysql://kb@127.0.0.1/kb', 'base', 'create', 'team-docs']), /Unsupported database URL/);
});
