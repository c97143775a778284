// One-time links on each backend: only the hash stored, valid once and for its lifetime, for an
// enabled user; redeeming sets the password and ends the user's sessions and other links.
import { createHash } from 'node:crypto';
import { backends, createTestDatabase, type TestDatabase } from '../support/databases';
import { openIdentity, PASSWORD, START, type Identity } from './support';

const HOUR = 3_600_000;
const NEW_PASSWORD = 'a brand new password';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(backends)('one-time links [%s]', (backend) => {
  let database: TestDatabase;
  let id: Identity;
  let userId: number;

  beforeEach(async () => {
    database = await createTestDatabase(backend);
    id = await openIdentity(database.url);
    userId = (await id.users.create({ email: 'alice@example.com', name: 'Alice' })).userId;
  });
  afterEach(async () => {
    await id?.close();
    await database?.drop();
  });

  it('stores only the hash of the secret, valid one hour unless told', async () => {
    const secret = await id.links.issue(userId);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await id.rows('SELECT link_hash, user_id, created_at, expires_at, used_at FROM one_time_links')).toEqual([{
      link_hash: sha256(secret), user_id: userId, created_at: new Date(START).toISOString(), expires_at: new Date(START + HOUR).toISOString(), used_at: null,
    }]);
    // The user, made before accounts, got one: the first, so administrator.
    expect(await id.accounts.get(userId)).toMatchObject({ isAdmin: true, hasPassword: false });
  });

  it('peeks at a valid link without using it', async () => {
    const secret = await id.links.issue(userId);
    expect(await id.links.peek(secret)).toEqual({ userId, email: 'alice@example.com', name: 'Alice' });
    expect(await id.links.peek(secret)).not.toBeNull();
    for (const other of [undefined, '', 'setup', sha256(secret), 'x'.repeat(43)]) {
      expect(await id.links.peek(other)).toBeNull();
    }
  });

  it('sets the password once: a second use is invalid', async () => {
    const secret = await id.links.issue(userId);
    expect(await id.links.redeem(secret, NEW_PASSWORD)).toEqual({ outcome: 'done', userId });
    expect((await id.signIn.signIn('alice@example.com', NEW_PASSWORD)).outcome).toBe('signed-in');
    expect(await id.links.peek(secret)).toBeNull();
    expect(await id.links.redeem(secret, 'yet another password')).toEqual({ outcome: 'invalid' });
    expect((await id.signIn.signIn('alice@example.com', NEW_PASSWORD)).outcome).toBe('signed-in');
  });

  it('is used once even when redeemed twice at once', async () => {
    const secret = await id.links.issue(userId);
    const outcomes = await Promise.all([id.links.redeem(secret, NEW_PASSWORD), id.links.redeem(secret, 'yet another password')]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['done', 'invalid']);
  });

  it('expires: valid until its lifetime ends, then not', async () => {
    const secret = await id.links.issue(userId, 10 * 60_000);
    id.clock.at = START + 10 * 60_000 - 1;
    expect(await id.links.peek(secret)).not.toBeNull();
    id.clock.at = START + 10 * 60_000;
    expect(await id.links.peek(secret)).toBeNull();
    expect(await id.links.redeem(secret, NEW_PASSWORD)).toEqual({ outcome: 'invalid' });
    expect((await id.accounts.get(userId))?.hasPassword).toBe(false);
  });

  it('refuses a password out of bounds, leaving the link valid', async () => {
    const secret = await id.links.issue(userId);
    expect(await id.links.redeem(secret, 'short')).toEqual({ outcome: 'too-short' });
    expect(await id.links.redeem(secret, 'x'.repeat(257))).toEqual({ outcome: 'too-long' });
    expect(await id.links.peek(secret)).not.toBeNull();
  });

  it("ends the user's sessions and other links when redeemed", async () => {
    await id.accounts.setPassword('alice@example.com', PASSWORD);
    const cookie = await id.sessions.start(userId);
    const [first, second] = [await id.links.issue(userId), await id.links.issue(userId)];
    expect((await id.links.redeem(first, NEW_PASSWORD)).outcome).toBe('done');
    expect(await id.sessions.resolve(cookie)).toBeNull();
    expect(await id.links.redeem(second, 'yet another password')).toEqual({ outcome: 'invalid' });
  });

  it('is invalid for a disabled user', async () => {
    const secret = await id.links.issue(userId);
    await id.accounts.setDisabled(userId, true);
    expect(await id.links.peek(secret)).toBeNull();
    expect(await id.links.redeem(secret, NEW_PASSWORD)).toEqual({ outcome: 'invalid' });
  });
});
