import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hashToken } from '../../src/auth/tokens.ts';
import { kbp, kbpOk, openDatabase, seedMember, tempDatabase } from './kbp-process.ts';

const tokenLine = /^kbp_[0-9A-Za-z]{43}\n$/;
const DAY_MS = 86_400_000;

function assertRefused(result: { code: number | null; stdout: string; stderr: string }, message: RegExp): void {
  assert.notEqual(result.code, 0);
  assert.equal(result.stdout, '');
  assert.match(result.stderr, message);
  assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
}

test('token create prints the token alone on one line, and the store knows it by its hash', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  await seedMember(db, 'team-docs', 'alice@example.com');
  const before = Date.now();
  const { stdout } = await kbpOk(['--db', db, 'token', 'create', '--base', 'team-docs', '--user', 'alice@example.com', '--scope', 'write']);
  const after = Date.now();
  assert.match(stdout, tokenLine);
  const store = await openDatabase(db);
  t.after(() => store.close());
  const record = await store.findTokenByHash(hashToken(stdout.trim()));
  assert.ok(record);
  assert.equal(record.baseId, 'team-docs');
  assert.equal(record.userEmail, 'alice@example.com');
  assert.equal(record.scope, 'write');
  assert.equal(record.revokedAt, null);
  const expiresAt = Date.parse(record.expiresAt);
  assert.ok(expiresAt >= before + 30 * DAY_MS - 1000 && expiresAt <= after + 30 * DAY_MS, 'default lifetime 30d');
});

test('token create takes --expires-in (90s up to 366d) and --db after its options', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  await seedMember(db, 'team-docs', 'alice@example.com', 'reader');
  const store = await openDatabase(db);
  t.after(() => store.close());
  for (const [duration, ms] of [['90s', 90_000], ['366d', 366 * DAY_MS]] as const) {
    const before = Date.now();
    const { stdout } = await kbpOk(['token', 'create', '--base', 'team-docs', '--user', 'alice@example.com', '--scope', 'read',
      '--expires-in', duration, '--db', db]);
    const after = Date.now();
    assert.match(stdout, tokenLine);
    const record = await store.findTokenByHash(hashToken(stdout.trim()));
    assert.equal(record?.scope, 'read');
    const expiresAt = Date.parse(record!.expiresAt);
    assert.ok(expiresAt >= before + ms - 1000 && expiresAt <= after + ms, duration);
  }
});

test('token create refuses bad durations, unknown base or user, a non-member and a bad scope', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  await seedMember(db, 'team-docs', 'alice@example.com');
  await kbpOk(['--db', db, 'user', 'create', 'outsider@example.com']);
  const create = (...args: string[]) => {
    const options: Record<string, string> = { '--base': 'team-docs', '--user': 'alice@example.com', '--scope': 'write' };
    for (let i = 0; i < args.length; i += 2) options[args[i]] = args[i + 1];
    return kbp(['--db', db, 'token', 'create', ...Object.entries(options).flat()]);
  };
  const refusals: [string[], RegExp][] = [
    [['--expires-in', '3w'], /is not a duration/],
    [['--expires-in', '367d'], /at most 366d/],
    [['--base', 'no-such-base'], /no knowledge base "no-such-base"/],
    [['--user', 'nobody@example.com'], /no user "nobody@example.com"/],
    [['--user', 'outsider@example.com'], /not a member of "team-docs"/],
    [['--scope', 'admin'], /Allowed choices are read, write/],
  ];
  const results = await Promise.all([
    ...refusals.map(([args]) => create(...args)),
    kbp(['--db', db, 'token', 'create', '--user', 'alice@example.com', '--scope', 'read']),
  ]);
  refusals.forEach(([, message], index) => assertRefused(results[index], message));
  assertRefused(results[refusals.length], /required option '--base/);

  const store = await openDatabase(db);
  t.after(() => store.close());
  assert.deepEqual(await store.listTokens(), [], 'no refused command made a token');
});

test('token list shows id, ends, owner, scope and expiry, but never the token', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  await seedMember(db, 'team-docs', 'alice@example.com');
  await seedMember(db, 'other-base', 'bob@example.com', 'reader');
  const first = (await kbpOk(['--db', db, 'token', 'create', '--base', 'team-docs', '--user', 'alice@example.com', '--scope', 'write'])).stdout.trim();
  const second = (await kbpOk(['--db', db, 'token', 'create', '--base', 'other-base', '--user', 'bob@example.com', '--scope', 'read'])).stdout.trim();

  const all = await kbpOk(['--db', db, 'token', 'list']);
  const lines = all.stdout.trimEnd().split('\n');
  assert.match(lines[0], /^ID\s+BASE\s+TOKEN\s+OWNER\s+SCOPE\s+EXPIRES\s+STATUS$/);
  assert.equal(lines.length, 3);
  for (const [token, owner, scope] of [[first, 'alice@example.com', 'write'], [second, 'bob@example.com', 'read']]) {
    assert.ok(!all.stdout.includes(token), 'the token itself is never shown');
    assert.ok(!all.stdout.includes(hashToken(token)), 'nor its hash');
    const line = lines.find((l) => l.includes(owner))!;
    assert.match(line, new RegExp(`^tok_[0-9a-z]{12}\\s+\\S+\\s+${token.slice(0, 8)}…${token.slice(-4)}\\s+${owner}\\s+${scope}\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\dZ\\s+active$`));
  }

  const one = await kbpOk(['token', 'list', '--base', 'other-base', '--db', db]);
  assert.equal(one.stdout.trimEnd().split('\n').length, 2);
  assert.match(one.stdout, /bob@example\.com/);
  assert.doesNotMatch(one.stdout, /alice@example\.com/);
});

test('token list says so when there are no tokens, and refuses an unknown base', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  assert.equal((await kbpOk(['--db', db, 'token', 'list'])).stdout, 'No tokens.\n');
  assertRefused(await kbp(['--db', db, 'token', 'list', '--base', 'no-such-base']), /no knowledge base "no-such-base"/);
});

test('token revoke revokes the token at once; an unknown id is refused', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  await seedMember(db, 'team-docs', 'alice@example.com');
  const token = (await kbpOk(['--db', db, 'token', 'create', '--base', 'team-docs', '--user', 'alice@example.com', '--scope', 'write'])).stdout.trim();
  const tokenId = /^(tok_\S+)/m.exec((await kbpOk(['--db', db, 'token', 'list'])).stdout)![1];

  const revoked = await kbpOk(['token', 'revoke', tokenId, '--db', db]);
  assert.match(revoked.stdout, new RegExp(`Revoked token ${tokenId}`));
  assert.match((await kbpOk(['--db', db, 'token', 'list'])).stdout, /revoked \d{4}-\d\d-\d\d \d\d:\d\dZ/);
  const store = await openDatabase(db);
  t.after(() => store.close());
  assert.notEqual((await store.findTokenByHash(hashToken(token)))?.revokedAt, null);

  assertRefused(await kbp(['--db', db, 'token', 'revoke', 'tok_doesnotexist']), /no token "tok_doesnotexist"/);
});
