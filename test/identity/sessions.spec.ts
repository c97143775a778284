// Sessions on each backend: only the cookie's hash stored, idle and absolute expiry (the clock
// moved, never waited for), last_seen_at moved at most every five minutes, sign-out, sign out
// everywhere and everywhere else.
import { createHash } from 'node:crypto';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_MS } from '../../src/identity/lifetimes';
import { backends, createTestDatabase, type TestDatabase } from '../support/databases';
import { openIdentity, PASSWORD, START, type Identity } from './support';

const MINUTE = 60_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(backends)('sessions [%s]', (backend) => {
  let database: TestDatabase;
  let id: Identity;
  let userId: number;

  beforeEach(async () => {
    database = await createTestDatabase(backend);
    id = await openIdentity(database.url);
    userId = (await id.accounts.create({ email: 'alice@example.com', name: 'Alice', password: PASSWORD })).userId;
  });
  afterEach(async () => {
    await id?.close();
    await database?.drop();
  });

  it('gives a cookie of 32 random bytes and stores only its SHA-256', async () => {
    const cookie = await id.sessions.start(userId);
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(cookie, 'base64url')).toHaveLength(32);
    const rows = await id.rows('SELECT * FROM sessions');
    expect(rows).toEqual([expect.objectContaining({ session_hash: sha256(cookie), user_id: userId })]);
    expect(JSON.stringify(rows)).not.toContain(cookie);
    expect(await id.sessions.start(userId)).not.toBe(cookie);
  });

  it('resolves the cookie to its user, and nothing else to anyone', async () => {
    const cookie = await id.sessions.start(userId);
    expect(await id.sessions.resolve(cookie)).toEqual({
      userId, email: 'alice@example.com', name: 'Alice', isAdmin: true, locale: null,
    });
    const oneCharacterOff = cookie.slice(0, -1) + (cookie.endsWith('A') ? 'B' : 'A');
    for (const other of [undefined, '', 'x', sha256(cookie), oneCharacterOff]) {
      expect(await id.sessions.resolve(other)).toBeNull();
    }
  });

  it('ends a session unused for 24 hours, counting from the last time it was seen', async () => {
    const cookie = await id.sessions.start(userId);
    id.clock.at = START + SESSION_IDLE_MS - 1;
    expect(await id.sessions.resolve(cookie)).not.toBeNull();
    // That use moved last_seen_at: the session now lasts a day from it.
    id.clock.at = START + 2 * SESSION_IDLE_MS - 2;
    expect(await id.sessions.resolve(cookie)).not.toBeNull();
    id.clock.at += SESSION_IDLE_MS;
    expect(await id.sessions.resolve(cookie)).toBeNull();
  });

  it('ends a session 14 days after sign-in however often it is used', async () => {
    const cookie = await id.sessions.start(userId);
    for (let at = START; at < START + SESSION_ABSOLUTE_MS; at += SESSION_IDLE_MS / 2) {
      id.clock.at = at;
      expect(await id.sessions.resolve(cookie)).not.toBeNull();
    }
    id.clock.at = START + SESSION_ABSOLUTE_MS;
    expect(await id.sessions.resolve(cookie)).toBeNull();
  });

  it('moves last_seen_at only once five minutes have passed', async () => {
    const cookie = await id.sessions.start(userId);
    const lastSeen = async () => (await id.rows('SELECT last_seen_at FROM sessions'))[0].last_seen_at;
    id.clock.at = START + SESSION_TOUCH_MS - 1;
    await id.sessions.resolve(cookie);
    expect(await lastSeen()).toBe(new Date(START).toISOString());
    id.clock.at = START + SESSION_TOUCH_MS + MINUTE;
    await id.sessions.resolve(cookie);
    expect(await lastSeen()).toBe(new Date(START + SESSION_TOUCH_MS + MINUTE).toISOString());
  });

  it('sign-out ends that session; endOthers keeps one; endAll ends all', async () => {
    const [a, b, c] = [await id.sessions.start(userId), await id.sessions.start(userId), await id.sessions.start(userId)];
    await id.sessions.end(a);
    expect(await id.sessions.resolve(a)).toBeNull();
    expect(await id.sessions.resolve(b)).not.toBeNull();
    const d = await id.sessions.start(userId);
    await id.sessions.endOthers(userId, b);
    expect([await id.sessions.resolve(b), await id.sessions.resolve(c), await id.sessions.resolve(d)].map(Boolean)).toEqual([true, false, false]);
    await id.sessions.endAll(userId);
    expect(await id.sessions.resolve(b)).toBeNull();
    expect(await id.rows('SELECT session_hash FROM sessions')).toEqual([]);
  });

  it("ends nobody else's sessions, and removes a user's sessions that are over at the next sign-in", async () => {
    const bob = (await id.accounts.create({ email: 'bob@example.com', password: PASSWORD })).userId;
    const bobs = await id.sessions.start(bob);
    await id.sessions.start(userId);
    await id.sessions.endAll(userId);
    expect(await id.sessions.resolve(bobs)).not.toBeNull();
    const stale = await id.sessions.start(userId);
    id.clock.at = START + SESSION_IDLE_MS;
    await id.sessions.start(userId);
    const hashes = (await id.rows('SELECT session_hash FROM sessions WHERE user_id = ?', [userId])).map((row) => row.session_hash);
    expect(hashes).toHaveLength(1);
    expect(hashes).not.toContain(sha256(stale));
  });

  it('ends the sessions of a disabled user', async () => {
    const cookie = await id.sessions.start(userId);
    await id.accounts.setDisabled(userId, true);
    expect(await id.sessions.resolve(cookie)).toBeNull();
  });
});
