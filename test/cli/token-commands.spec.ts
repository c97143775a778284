// kbp token create, list and revoke: the compiled command against a real database of each backend.
import { hashToken } from '../../src/auth/tokens';
import { backends } from '../support/databases';
import { change, expectRefused, freshDatabaseEach, inTurn, inspect, kbp, kbpOk, seedMember } from './kbp-process';

const tokenLine = /^kbp_[0-9A-Za-z]{43}\n$/;
const DAY_MS = 86_400_000;

interface TokenRow {
  token_id: string;
  base_id: string;
  email: string;
  scope: string;
  expires_at: string;
  revoked_at: string | null;
}

const tokenByHash = (url: string, token: string): Promise<TokenRow | undefined> =>
  inspect(url, async (query) => (await query(
    `SELECT t.token_id, t.base_id, u.email, t.scope, t.expires_at, t.revoked_at
     FROM tokens t JOIN users u ON u.user_id = t.user_id WHERE t.token_hash = ?`,
    [hashToken(token)],
  ))[0]);

describe.each(backends)('kbp token [%s]', (backend) => {
  const database = freshDatabaseEach(backend);

  it('token create prints the token alone on one line, and the database knows it by its hash', async () => {
    const url = database.url();
    await seedMember(url, 'team-docs', 'alice@example.com');
    const before = Date.now();
    const { stdout, stderr } = await kbpOk(['--db', url, 'token', 'create', '--base', 'team-docs', '--user', 'alice@example.com', '--scope', 'write']);
    const after = Date.now();
    expect(stdout).toMatch(tokenLine);
    expect(stderr).toMatch(/^Token tok_[0-9a-z]{12} expires \d{4}-\d\d-\d\d \d\d:\d\dZ; store it now, it is not shown again\.\n$/);
    const row = await tokenByHash(url, stdout.trim());
    expect(row).toMatchObject({ base_id: 'team-docs', email: 'alice@example.com', scope: 'write', revoked_at: null });
    const expiresAt = Date.parse(row!.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
    expect(expiresAt).toBeLessThanOrEqual(after + 30 * DAY_MS);
  });

  it('token create takes --expires-in (90s up to 366d) and --db after its options, and warns when the member is not an owner', async () => {
    const url = database.url();
    await seedMember(url, 'team-docs', 'alice@example.com', 'reader');
    for (const [duration, ms] of [['90s', 90_000], ['366d', 366 * DAY_MS]] as const) {
      const before = Date.now();
      const { stdout, stderr } = await kbpOk(['token', 'create', '--base', 'team-docs', '--user', 'alice@example.com', '--scope', 'read',
        '--expires-in', duration, '--db', url]);
      const after = Date.now();
      expect(stdout).toMatch(tokenLine);
      // Alice is a reader: the token is made, with a word that the API lets only owners in.
      expect(stderr).toMatch(/\nNote: alice@example.com is reader of team-docs; the API lets only owners in, so this token is refused \(403\) until they are made owner\.\n$/);
      const row = await tokenByHash(url, stdout.trim());
      expect(row?.scope).toBe('read');
      const expiresAt = Date.parse(row!.expires_at);
      expect(expiresAt).toBeGreaterThanOrEqual(before + ms - 1000);
      expect(expiresAt).toBeLessThanOrEqual(after + ms);
    }
  });

  it('token create refuses bad durations, unknown base or user, a non-member, a bad scope and a missing option', async () => {
    const url = database.url();
    await seedMember(url, 'team-docs', 'alice@example.com');
    await kbpOk(['--db', url, 'user', 'create', 'outsider@example.com']);
    const create = (...args: string[]) => {
      const options: Record<string, string> = { '--base': 'team-docs', '--user': 'alice@example.com', '--scope': 'write' };
      for (let i = 0; i < args.length; i += 2) options[args[i]] = args[i + 1];
      return kbp(['--db', url, 'token', 'create', ...Object.entries(options).flat()]);
    };
    const refusals: [string[], RegExp][] = [
      [['--expires-in', '3w'], /"3w" is not a duration/],
      [['--expires-in', '0s'], /must be longer than zero/],
      [['--expires-in', '367d'], /a token lives at most 366d/],
      [['--base', 'no-such-base'], /There is no knowledge base "no-such-base"/],
      [['--user', 'nobody@example.com'], /There is no user "nobody@example.com"/],
      [['--user', 'outsider@example.com'], /"outsider@example.com" is not a member of "team-docs"; add them first with: kbp member add team-docs outsider@example.com --role owner/],
      [['--scope', 'admin'], /Allowed choices are read, write/],
      [['--name', '   '], /The token name must not be empty/],
      [['--name', 'x'.repeat(101)], /The token name must be at most 100 characters, not 101/],
    ];
    const results = await inTurn([
      ...refusals.map(([args]) => () => create(...args)),
      () => kbp(['--db', url, 'token', 'create', '--user', 'alice@example.com', '--scope', 'read']),
    ]);
    refusals.forEach(([, message], index) => expectRefused(results[index], message));
    expectRefused(results[refusals.length], /required option '--base/);
    expect(await inspect(url, (query) => query('SELECT token_id FROM tokens'))).toEqual([]);
  });

  it('token list shows id, name, ends, owner, scope, expiry and last use, but never the token', async () => {
    const url = database.url();
    await seedMember(url, 'team-docs', 'alice@example.com');
    await seedMember(url, 'other-base', 'bob@example.com', 'reader');
    const first = (await kbpOk(['--db', url, 'token', 'create', '--base', 'team-docs', '--user', 'alice@example.com', '--scope', 'write', '--name', ' CI deploy '])).stdout.trim();
    const second = (await kbpOk(['--db', url, 'token', 'create', '--base', 'other-base', '--user', 'bob@example.com', '--scope', 'read'])).stdout.trim();

    const all = await kbpOk(['--db', url, 'token', 'list']);
    const lines = all.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+BASE\s+TOKEN\s+OWNER\s+SCOPE\s+EXPIRES\s+LAST USED\s+STATUS$/);
    expect(lines).toHaveLength(3);
    for (const [token, name, baseId, owner, scope] of [[first, 'CI deploy', 'team-docs', 'alice@example.com', 'write'], [second, '-', 'other-base', 'bob@example.com', 'read']]) {
      expect(all.stdout).not.toContain(token);
      expect(all.stdout).not.toContain(hashToken(token));
      const line = lines.find((l) => l.includes(owner))!;
      expect(line).toMatch(new RegExp(
        `^tok_[0-9a-z]{12}\\s+${name}\\s+${baseId}\\s+${token.slice(0, 8)}…${token.slice(-4)}\\s+${owner}\\s+${scope}\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\dZ\\s+never\\s+active$`,
      ));
    }

    const one = await kbpOk(['token', 'list', '--base', 'other-base', '--db', url]);
    expect(one.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(one.stdout).toMatch(/bob@example\.com/);
    expect(one.stdout).not.toMatch(/alice@example\.com/);
  });

  it('token list says so when there are no tokens, and refuses an unknown base', async () => {
    const url = database.url();
    expect((await kbpOk(['--db', url, 'token', 'list'])).stdout).toBe('No tokens.\n');
    await kbpOk(['--db', url, 'base', 'create', 'team-docs']);
    expect((await kbpOk(['--db', url, 'token', 'list', '--base', 'team-docs'])).stdout).toBe('No tokens for team-docs.\n');
    expectRefused(await kbp(['--db', url, 'token', 'list', '--base', 'no-such-base']), /There is no knowledge base "no-such-base"/);
  });

  it('token list shows when a token was last used', async () => {
    const url = database.url();
    await seedMember(url, 'team-docs', 'alice@example.com');
    await kbpOk(['--db', url, 'token', 'create', '--base', 'team-docs', '--user', 'alice@example.com', '--scope', 'read']);
    await change(url, 'UPDATE tokens SET last_used_at = ?', ['2025-03-04T05:06:07.000Z']);
    expect((await kbpOk(['--db', url, 'token', 'list'])).stdout).toMatch(/ 2025-03-04 05:06Z\s+active\n$/);
  });

  it('token list marks an expired token', async () => {
    const url = database.url();
    await seedMember(url, 'team-docs', 'alice@example.com');
    await kbpOk(['--db', url, 'token', 'create', '--base', 'team-docs', '--user', 'alice@example.com', '--scope', 'read']);
    await change(url, 'UPDATE tokens SET expires_at = ?', ['2020-01-01T00:00:00.000Z']);
    expect((await kbpOk(['--db', url, 'token', 'list'])).stdout).toMatch(/ 2020-01-01 00:00Z\s+never\s+expired\n$/);
  });

  it('token revoke revokes the token at once and keeps the first time; an unknown id is refused', async () => {
    const url = database.url();
    await seedMember(url, 'team-docs', 'alice@example.com');
    const token = (await kbpOk(['--db', url, 'token', 'create', '--base', 'team-docs', '--user', 'alice@example.com', '--scope', 'write'])).stdout.trim();
    const tokenId = /^(tok_\S+)/m.exec((await kbpOk(['--db', url, 'token', 'list'])).stdout)![1];

    const revoked = await kbpOk(['token', 'revoke', tokenId, '--db', url]);
    expect(revoked.stdout).toBe(`Revoked token ${tokenId}.\n`);
    expect((await kbpOk(['--db', url, 'token', 'list'])).stdout).toMatch(/revoked \d{4}-\d\d-\d\d \d\d:\d\dZ/);
    const firstRevocation = (await tokenByHash(url, token))?.revoked_at;
    expect(firstRevocation).toEqual(expect.any(String));

    await kbpOk(['--db', url, 'token', 'revoke', tokenId]);
    expect((await tokenByHash(url, token))?.revoked_at).toBe(firstRevocation);

    expectRefused(await kbp(['--db', url, 'token', 'revoke', 'tok_doesnotexist']), /There is no token "tok_doesnotexist"; see the ids with: kbp token list/);
  });
});
