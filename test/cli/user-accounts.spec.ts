// kbp user create --admin --password-stdin, set-password, sign-in-link, list, disable, enable and
// admin: the compiled command against a real database of each backend. Sessions are started
// in-process (as the web pages would) to see the commands end them.
import { execFile } from 'node:child_process';
import { hashToken } from '../../src/auth/tokens';
import { hashSecret } from '../../src/identity/secrets';
import { verifyPassword } from '../../src/identity/passwords';
import { backends } from '../support/databases';
import { openIdentity } from '../identity/support';
import { expectRefused, freshDatabaseEach, inspect, kbp, kbpBin, kbpOk, seedMember, type KbpResult } from './kbp-process';

const PASSWORD = 'correct horse battery';

/** kbp with `input` on its stdin (a pipe: not a terminal), the environment free of KB_ settings but `env`. */
function kbpWithInput(args: readonly string[], input: string, env: Record<string, string> = {}): Promise<KbpResult> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('KB_') && name !== 'HOST' && name !== 'PORT'));
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [kbpBin, ...args], { env: { ...clean, ...env }, timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
    child.stdin!.end(input);
  });
}

const accountRow = (url: string, email: string) => inspect(url, async (query) => (await query(
  `SELECT a.password_hash, a.is_admin, a.disabled_at FROM accounts a JOIN users u ON u.user_id = a.user_id WHERE u.email = ?`, [email],
))[0]);

/** Starts a session for the user as a sign-in would, in a process of the test's own. */
async function sessionOf(url: string, email: string): Promise<string> {
  const id = await openIdentity(url);
  try {
    const account = await id.accounts.findByEmail(email);
    return await id.sessions.start(account!.userId);
  } finally {
    await id.close();
  }
}

const sessionCount = async (url: string) => (await inspect(url, (query) => query('SELECT session_hash FROM sessions'))).length;

describe.each(backends)('kbp user accounts [%s]', (backend) => {
  const database = freshDatabaseEach(backend);

  it('user create makes the first user an administrator, later ones only with --admin', async () => {
    const url = database.url();
    expect((await kbpOk(['--db', url, 'user', 'create', 'first@example.com'])).stdout).toBe('Created user first@example.com (first), an instance administrator.\n');
    expect((await kbpOk(['--db', url, 'user', 'create', 'second@example.com'])).stdout).toBe('Created user second@example.com (second).\n');
    expect((await kbpOk(['--db', url, 'user', 'create', 'third@example.com', '--admin'])).stdout).toMatch(/an instance administrator/);
    const list = await kbpOk(['--db', url, 'user', 'list']);
    expect(list.stdout).toBe([
      'EMAIL               NAME    ADMIN  DISABLED  PASSWORD',
      'first@example.com   first   yes    no        none',
      'second@example.com  second  no     no        none',
      'third@example.com   third   yes    no        none',
      '',
    ].join('\n'));
  });

  it('user create --password-stdin stores an argon2id hash of the first line of stdin', async () => {
    const url = database.url();
    await kbpWithInput(['--db', url, 'user', 'create', 'alice@example.com', '--password-stdin'], `${PASSWORD}\nignored second line\n`);
    const row = await accountRow(url, 'alice@example.com');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(PASSWORD, row.password_hash)).toBe(true);
  });

  it('refuses a short or missing password, creating nobody', async () => {
    const url = database.url();
    expectRefused(await kbpWithInput(['--db', url, 'user', 'create', 'alice@example.com', '--password-stdin'], 'too short\n'), /^error: The password is too short: use at least 12 characters\.\n$/);
    expectRefused(await kbpWithInput(['--db', url, 'user', 'create', 'alice@example.com', '--password-stdin'], ''), /^error: No password on stdin/);
    expect(await inspect(url, (query) => query('SELECT email FROM users'))).toEqual([]);
  });

  it('user set-password reads stdin (with or without --password-stdin) and ends the sessions', async () => {
    const url = database.url();
    await kbpOk(['--db', url, 'user', 'create', 'alice@example.com']);
    await sessionOf(url, 'alice@example.com');
    const set = await kbpWithInput(['--db', url, 'user', 'set-password', 'Alice@Example.com'], `${PASSWORD}\r\n`);
    expect(set.stdout).toBe('Set the password of alice@example.com; their sessions have ended.\n');
    expect(await verifyPassword(PASSWORD, (await accountRow(url, 'alice@example.com')).password_hash)).toBe(true);
    expect(await sessionCount(url)).toBe(0);
    await kbpWithInput(['--db', url, 'user', 'set-password', 'alice@example.com', '--password-stdin'], 'another long password');
    expect(await verifyPassword('another long password', (await accountRow(url, 'alice@example.com')).password_hash)).toBe(true);
    expectRefused(await kbpWithInput(['--db', url, 'user', 'set-password', 'nobody@example.com'], `${PASSWORD}\n`), /There is no user "nobody@example.com"/);
  });

  it('user sign-in-link prints the one-time link last, under KB_PUBLIC_URL, else http://127.0.0.1:8080', async () => {
    const url = database.url();
    await kbpOk(['--db', url, 'user', 'create', 'alice@example.com']);
    const before = Date.now();
    const plain = await kbpOk(['--db', url, 'user', 'sign-in-link', 'alice@example.com']);
    const lines = plain.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/alice@example\.com, valid 1 hour/);
    const secret = /^http:\/\/127\.0\.0\.1:8080\/setup\/([A-Za-z0-9_-]{43})$/.exec(lines.at(-1)!)![1];
    const [link] = await inspect(url, (query) => query('SELECT created_at, expires_at, used_at FROM one_time_links WHERE link_hash = ?', [hashSecret(secret)]));
    expect(Date.parse(link.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(link.expires_at) - Date.parse(link.created_at)).toBe(3_600_000);
    expect(link.used_at).toBeNull();
    const public_ = await kbpOk(['--db', url, 'user', 'sign-in-link', 'alice@example.com'], { KB_PUBLIC_URL: 'https://kb.example.com/' });
    expect(public_.stdout.trimEnd().split('\n').at(-1)).toMatch(/^https:\/\/kb\.example\.com\/setup\/[A-Za-z0-9_-]{43}$/);
    expectRefused(await kbp(['--db', url, 'user', 'sign-in-link', 'nobody@example.com']), /There is no user "nobody@example.com"/);
  });

  it('user disable ends the sessions and revokes the tokens; enable lets the user back in; sign-in-link refuses a disabled user', async () => {
    const url = database.url();
    await seedMember(url, 'team-docs', 'alice@example.com');
    const token = (await kbpOk(['--db', url, 'token', 'create', '--base', 'team-docs', '--user', 'alice@example.com', '--scope', 'write'])).stdout.trim();
    await sessionOf(url, 'alice@example.com');
    expect((await kbpOk(['--db', url, 'user', 'disable', 'alice@example.com'])).stdout).toBe('Disabled alice@example.com: their sessions have ended and their tokens are revoked.\n');
    expect(await sessionCount(url)).toBe(0);
    const [tokenRow] = await inspect(url, (query) => query('SELECT revoked_at FROM tokens WHERE token_hash = ?', [hashToken(token)]));
    expect(tokenRow.revoked_at).not.toBeNull();
    expect((await accountRow(url, 'alice@example.com')).disabled_at).not.toBeNull();
    expectRefused(await kbp(['--db', url, 'user', 'sign-in-link', 'alice@example.com']), /alice@example\.com is disabled; enable them first with: kbp user enable/);
    expect((await kbpOk(['--db', url, 'user', 'enable', 'alice@example.com'])).stdout).toBe('Enabled alice@example.com.\n');
    expect((await accountRow(url, 'alice@example.com')).disabled_at).toBeNull();
  });

  it('user admin makes an administrator and --revoke takes it back, never from the last one', async () => {
    const url = database.url();
    await kbpOk(['--db', url, 'user', 'create', 'first@example.com']);
    await kbpOk(['--db', url, 'user', 'create', 'second@example.com']);
    expectRefused(await kbp(['--db', url, 'user', 'admin', 'first@example.com', '--revoke']), /first@example\.com is the only administrator/);
    expect((await kbpOk(['--db', url, 'user', 'admin', 'second@example.com'])).stdout).toBe('second@example.com is an instance administrator.\n');
    expect((await kbpOk(['--db', url, 'user', 'admin', 'first@example.com', '--revoke'])).stdout).toBe('first@example.com is no longer an instance administrator.\n');
    expect(Number((await accountRow(url, 'first@example.com')).is_admin)).toBe(0);
  });
});
